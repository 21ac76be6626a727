/**
 * What the benches that drive a real server process over HTTP share (bench/whole-path.ts,
 * bench/export-xlsx.ts): the server's RSS read from /proc, one audit run as the cycle-count
 * wizard sends it, and the timing of a download.
 */
import { readFileSync } from 'node:fs';
import type { TestClient } from '../../src/server/test-support/test-app.js';
import { spread, type Spread } from './stats.js';

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Node options for the server a bench starts, before its own: BENCH_SERVER_NODE_ARGS, space-
 * separated (e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it); none when unset.
 */
export function benchServerNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** Resident set size of a process in bytes, from /proc (0 once it is gone). */
export function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples `pid`'s RSS every 25 ms until stop(); answers the peak in bytes. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 25);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssOf(pid));
    },
  };
}

/** @throws Error naming `what` when `res` is not a success. */
export function expectOk(res: { statusCode: number; body: string }, what: string): void {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/**
 * One audit as the wizard runs it (scan preview, create, upload-multiple without waiting, then
 * GET the audit every 50 ms until complete); answers its id and the two durations in seconds.
 * @throws Error when a step fails or the audit ends in another status than complete.
 */
export async function runAudit(client: TestClient, scanFile: string, run: number) {
  const started = performance.now();
  const preview = await client.upload('/api/products/preview', [{ field: 'file', path: scanFile, fileName: 'scans.csv' }], { flow: 'scan' });
  expectOk(preview, 'scan preview');
  const created = await client.post('/api/audits', { name: `Whole path ${run + 1}` });
  expectOk(created, 'create audit');
  const id = created.json().id as string;
  const uploadStarted = performance.now();
  const upload = await client.upload(`/api/audits/${id}/upload-multiple?wait=false`, [{ field: 'scanFiles', path: scanFile, fileName: 'scans.csv' }], {
    teamName_0: 'Team 1',
    scanColumn_0: 'Barcode',
    quantityColumn_0: 'Qty',
  });
  expectOk(upload, 'upload-multiple');
  for (;;) {
    const audit = (await client.get(`/api/audits/${id}`)).json() as { status: string };
    if (audit.status === 'complete') break;
    if (audit.status !== 'processing') throw new Error(`audit ended ${audit.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const done = performance.now();
  return { id, uploadToStoredSeconds: (done - uploadStarted) / 1000, fromPreviewSeconds: (done - started) / 1000 };
}

/** Figures of `runs` downloads of one URL: seconds each, the server's peak RSS (MB) and the body's bytes. */
export interface DownloadFigures {
  seconds: Spread;
  peakRssMB: number;
  bytes: number;
}

/**
 * GETs `url` `runs` times in a row, the whole body read each time, while sampling the RSS of the
 * server process `pid`. @throws Error when an answer is not a success.
 */
export async function timedDownloads(client: TestClient, pid: number, url: string, runs: number): Promise<DownloadFigures> {
  const seconds = [];
  let peak = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const sampler = sampleRss(pid);
    const started = performance.now();
    const res = await client.get(url);
    seconds.push((performance.now() - started) / 1000);
    peak = Math.max(peak, sampler.stop());
    expectOk(res, url);
    bytes = res.rawPayload.length;
  }
  return { seconds: spread(seconds), peakRssMB: mb(peak), bytes };
}
