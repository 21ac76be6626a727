/**
 * `npm run bench:hostile`: hostile and huge uploads against the real server on the PostgreSQL
 * server, driven over HTTP as the web app drives it (sign-up, CSRF token, multipart), with the
 * server's peak RSS per file and action (docs/decisions/0050; goal: <= 512 MB each).
 *
 * 1. Generates, streaming to a temp dir: a lying-size archive (its directory declares 1,000 bytes
 *    for a sharedStrings.xml of BENCH_BOMB_MB, 5,200 by default), an honest 500 MB shared-strings
 *    part, a 16,384-column sheet, a 1,000,000-row xlsx (codes of the catalogue), 1,000,000
 *    distinct unknown codes as xlsx and as CSV, and a 200,000-row CSV.
 * 2. Builds the server and starts it as `npm start` runs it (`node dist/server/main.mjs`,
 *    docs/decisions/0064) as a child process on a fresh database of its own, signs up, imports a
 *    1,000-product catalogue.
 * 3. Per file: preview, import, process (create an audit, upload-multiple), each timed, with the
 *    server's peak RSS (VmHWM of /proc/<pid>/status, reset through clear_refs before each
 *    action, and the RSS it started from), the answer's status and message. Each file runs
 *    BENCH_RUNS times (median and spread) but the 500 MB shared strings, which runs once.
 * 4. Latency: on a fresh server per database (PostgreSQL and PGlite), another organisation's
 *    `GET /api/audits` p50/p99/max while one organisation's rows-1m.xlsx processes (goal: p99
 *    <= 100 ms; the engine runs in a worker thread).
 * Prints each case's median with its spread and the load average at its end (the machine's 2 cores
 * are shared, so the figures are noisy), and ends with one JSON line.
 *
 * Options (env): TEST_DATABASE_URL (its server is used), BENCH_PORT (5171), BENCH_RUNS (3),
 * BENCH_BOMB_MB (5200), BENCH_ONLY (comma-separated file names), BENCH_ACTIONS (comma-separated:
 * preview, import, process), BENCH_LATENCY (postgres,pglite | none), BENCH_DIR (keep the files there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer } from '../scripts/build-server.mjs';
import { BUILT_SERVER_ENV, BUILT_SERVER_NODE_ARGS } from '../src/server/test-support/server-process.js';
import { columnLetters, writeXlsx } from '../src/server/files/test-support/zip-writer.js';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(process.env.BENCH_PORT ?? 5171);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 5200);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const ACTIONS = process.env.BENCH_ACTIONS?.split(',').map((s) => s.trim());
const CATALOGUE = 1000;
/** Databases of the latency case (BENCH_LATENCY: 'postgres,pglite' by default, 'none' to skip). */
const LATENCY_DATABASES = (process.env.BENCH_LATENCY ?? 'postgres,pglite')
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is 'postgres' | 'pglite' => s === 'postgres' || s === 'pglite');
/** The file the busy organisation processes in the latency case, and the other one's audits. */
const LATENCY_FILE = 'rows-1m.xlsx';
const LATENCY_AUDITS = 20;
const LATENCY_BASELINE_MS = 5000;
const BASE = `http://127.0.0.1:${PORT}`;

const sku = (i: number) => `SKU-${String(i % CATALOGUE).padStart(5, '0')}`;

/** Chunks of text, each about 256 KB, from a per-item function. */
function* chunked(count: number, item: (i: number) => string): Generator<string> {
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += item(i);
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

async function writeText(file: string, chunks: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const chunk of chunks) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

interface HostileFile {
  name: string;
  /** Column mapping of the scan upload and of the import. */
  scanColumn: string;
  quantityColumn?: string;
  /** Runs of this file (the expensive ones run once). */
  runs: number;
  make(file: string): Promise<void>;
}

const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Code</t></is></c><c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>';

const FILES: HostileFile[] = [
  {
    name: 'lying-size.xlsx',
    scanColumn: 'Code',
    runs: RUNS,
    make: (file) =>
      writeXlsx(file, {
        sheetData: header + '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>1</v></c></row>',
        sharedStrings: chunked(Math.round((BOMB_MB * 1024 * 1024) / 32), () => '<si><t>AAAAAAAAAAAAAAAAA</t></si>'),
        sharedStringsDeclaredSize: 1000,
      }),
  },
  {
    name: 'shared-strings-500mb.xlsx',
    scanColumn: 'Code',
    runs: 1,
    make: (file) =>
      writeXlsx(file, {
        sheetData: header + '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>1</v></c></row>',
        sharedStrings: chunked(Math.round((500 * 1024 * 1024) / 64), (i) => `<si><t>${String(i).padStart(12, '0')} shared text of the cell</t></si>`),
      }),
  },
  {
    name: 'columns-16384.xlsx',
    scanColumn: 'Code',
    quantityColumn: 'Qty',
    runs: RUNS,
    make: (file) =>
      writeXlsx(file, {
        sheetData: chunked(201, (r) => {
          const cells = [];
          for (let c = 1; c <= 16_384; c++) {
            const ref = `${columnLetters(c)}${r + 1}`;
            if (r === 0) cells.push(`<c r="${ref}" t="inlineStr"><is><t>${c === 1 ? 'Code' : c === 2 ? 'Qty' : `Col ${c}`}</t></is></c>`);
            else if (c === 1) cells.push(`<c r="${ref}" t="inlineStr"><is><t>${sku(r)}</t></is></c>`);
            else cells.push(`<c r="${ref}"><v>${c === 2 ? 1 : r * c}</v></c>`);
          }
          return `<row r="${r + 1}">${cells.join('')}</row>`;
        }),
      }),
  },
  {
    name: 'rows-1m.xlsx',
    scanColumn: 'Code',
    quantityColumn: 'Qty',
    runs: RUNS,
    make: (file) =>
      writeXlsx(file, {
        sharedStrings: chunked(CATALOGUE, (i) => `<si><t>${sku(i)}</t></si>`),
        sheetData: chunked(1_000_001, (r) =>
          r === 0 ? header : `<row r="${r + 1}"><c r="A${r + 1}" t="s"><v>${(r * 7) % CATALOGUE}</v></c><c r="B${r + 1}"><v>${1 + (r % 4)}</v></c></row>`,
        ),
      }),
  },
  {
    name: 'unknown-1m.xlsx',
    scanColumn: 'Code',
    runs: RUNS,
    make: (file) =>
      writeXlsx(file, {
        sheetData: chunked(1_048_576, (r) => (r === 0 ? header.replace(/<c r="B1".*<\/c>/, '') : `<row r="${r + 1}"><c r="A${r + 1}"><v>${990000000000 + r * 13}</v></c></row>`)),
      }),
  },
  {
    name: 'unknown-1m.csv',
    scanColumn: 'Code',
    runs: RUNS,
    make: (file) => writeText(file, chunked(1_048_576, (r) => (r === 0 ? 'Code\n' : `${990000000000 + r * 13}\n`))),
  },
  {
    name: 'rows-200k.csv',
    scanColumn: 'Code',
    quantityColumn: 'Qty',
    runs: RUNS,
    make: (file) => writeText(file, chunked(200_001, (r) => (r === 0 ? 'Code,Qty,Note\n' : `${r <= CATALOGUE ? sku(r - 1) : `X-${r}`},${1 + (r % 4)},row ${r} of the count\n`))),
  },
];

// --- the server -------------------------------------------------------------------------------

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `stocktally_hostile_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: SERVER_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** Starts the server on PORT: on the PostgreSQL database `databaseUrl`, or on PGlite in `dataDir` when null. */
async function startServer(databaseUrl: string | null, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...BUILT_SERVER_NODE_ARGS, 'dist/server/main.mjs'], {
    env: {
      ...process.env,
      ...BUILT_SERVER_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir,
      MAX_UPLOAD_MB: '600',
      NEW_ORGANIZATION_TIER: 'pro',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/auth/csrf`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** VmHWM (peak) of the process in MB. */
function peakRssMb(pid: number): number {
  return statusMb(pid, 'VmHWM');
}

/** A size of /proc/<pid>/status (VmHWM, VmRSS) in MB. */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
}

/** Resets VmHWM (Linux: "5" > clear_refs); answers false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// --- the client, as the web app -----------------------------------------------------------------

class Browser {
  private cookies = new Map<string, string>();
  private csrf = '';

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }

  async request(method: string, url: string, body?: BodyInit, json = false): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') {
      if (!this.csrf) await this.refreshCsrf();
      headers['x-csrf-token'] = this.csrf;
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (json) headers['content-type'] = 'application/json';
    const res = await fetch(`${BASE}${url}`, { method, headers, body });
    this.remember(res);
    return res;
  }

  async refreshCsrf(): Promise<void> {
    const res = await fetch(`${BASE}/api/auth/csrf`, { headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    this.remember(res);
    this.csrf = ((await res.json()) as { token: string }).token;
  }

  async signUp(): Promise<void> {
    const body = { email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, password: 'correct horse battery', firstName: 'B', lastName: 'Ench', organizationName: 'Bench' };
    const res = await this.request('POST', '/api/auth/signup', JSON.stringify(body), true);
    if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    await this.refreshCsrf();
  }

  async upload(url: string, field: string, file: string, fields: Record<string, string>): Promise<Response> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(field, await openAsBlob(file), path.basename(file));
    return this.request('POST', url, form);
  }
}

interface Measure {
  file: string;
  action: 'preview' | 'import' | 'process';
  sizeMB: number;
  seconds: number;
  peakRssMB: number;
  /** The server's RSS when the action started (what earlier actions left), first run. */
  startRssMB: number;
  status: number;
  message: string;
  runs: number;
  secondsSpread?: [number, number];
  /** 1-minute load average when the case ended (the machine is shared: figures are noisy). */
  load: number;
}

/** Another organisation's `GET /api/audits` while one organisation's big audit processes. */
interface Latency {
  database: 'postgres' | 'pglite';
  file: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The same requests for LATENCY_BASELINE_MS before the upload, nothing processing. */
  idleP50Ms: number;
  idleP99Ms: number;
  /** Upload to complete of the big audit. */
  processSeconds: number;
  status: string;
  load: number;
}

async function answerOf(res: Response): Promise<{ status: number; message: string }> {
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the text itself is the message
  }
  const message = body === null ? text.slice(0, 200) : typeof body.message === 'string' ? body.message : res.ok ? summary(body) : text.slice(0, 200);
  return { status: res.status, message };
}

function summary(body: Record<string, unknown>): string {
  if ('headers' in body && 'totalRows' in body) return `ok: ${String(body.totalRows)} rows, ${(body.headers as unknown[]).length} columns`;
  if ('counts' in body) return `ok: ${JSON.stringify(body.counts)}`;
  return `ok: ${JSON.stringify(body).slice(0, 160)}`;
}

/**
 * Signs up two organisations; the first imports the catalogue and processes `file` (upload with
 * `?wait=false`), while the second, holding LATENCY_AUDITS audits of its own, asks for its audit
 * list one request after another (20 ms apart) until the first's audit is complete.
 */
async function latencyWhileProcessing(kind: Latency['database'], file: string, spec: HostileFile, catalogue: string): Promise<Latency> {
  const busy = new Browser();
  await busy.signUp();
  const imported = await busy.upload('/api/products/import', 'file', catalogue, {
    columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Quantity: 'currentQuantity' }),
  });
  if (!imported.ok) throw new Error(`catalogue import: ${imported.status} ${await imported.text()}`);
  const other = new Browser();
  await other.signUp();
  for (let i = 0; i < LATENCY_AUDITS; i++) {
    await other.request('POST', '/api/audits', JSON.stringify({ name: `Count ${i}`, section: 'Aisle' }), true);
  }
  // The same requests with nothing processing, for comparison: the machine's own noise.
  const idle: number[] = [];
  const idleUntil = performance.now() + LATENCY_BASELINE_MS;
  while (performance.now() < idleUntil) idle.push(await timedList(other));
  const created = await busy.request('POST', '/api/audits', JSON.stringify({ name: 'Big one', section: 'Bench' }), true);
  const { id } = (await created.json()) as { id: string };
  const started = performance.now();
  const upload = await busy.upload(`/api/audits/${id}/upload-multiple?wait=false`, 'scanFiles', file, {
    scanColumn_0: spec.scanColumn,
    teamName_0: 'Team 1',
    ...(spec.quantityColumn ? { quantityColumn_0: spec.quantityColumn } : {}),
  });
  if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const times: number[] = [];
  let status = 'processing';
  let done = false;
  const watch = (async () => {
    while (!done) {
      const audit = (await (await busy.request('GET', `/api/audits/${id}`)).json()) as { status: string };
      status = audit.status;
      if (status !== 'processing') done = true;
      else await new Promise((r) => setTimeout(r, 500));
    }
  })();
  while (!done) times.push(await timedList(other));
  await watch;
  const processSeconds = Number(((performance.now() - started) / 1000).toFixed(2));
  const at = quantiles(times);
  const base = quantiles(idle);
  return {
    database: kind,
    file: path.basename(file),
    requests: times.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    idleP50Ms: base(0.5),
    idleP99Ms: base(0.99),
    processSeconds,
    status,
    load: Number(os.loadavg()[0]!.toFixed(2)),
  };
}

/** One `GET /api/audits` in ms (body read), then a 20 ms pause. */
async function timedList(client: Browser): Promise<number> {
  const t0 = performance.now();
  const res = await client.request('GET', '/api/audits');
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`GET /api/audits: ${res.status}`);
  await new Promise((r) => setTimeout(r, 20));
  return ms;
}

/** Quantile q (0-1, nearest rank) of the times in ms, to 0.1 ms. */
function quantiles(times: number[]): (q: number) => number {
  const sorted = [...times].sort((a, b) => a - b);
  return (q) => Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!.toFixed(1));
}

async function main(): Promise<void> {
  const dir = process.env.BENCH_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'stocktally-hostile-'));
  const database = await freshDatabase();
  let server: ChildProcess | undefined;
  const results: Measure[] = [];
  const latency: Latency[] = [];
  try {
    const files = FILES.filter((f) => !ONLY || ONLY.includes(f.name));
    for (const f of files) {
      const file = path.join(dir, f.name);
      try {
        statSync(file);
      } catch {
        const started = performance.now();
        await f.make(`${file}.part`);
        renameSync(`${file}.part`, file);
        console.log(`generated ${f.name}: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    const catalogue = path.join(dir, 'catalogue.csv');
    writeFileSync(catalogue, ['SKU,Product Name,Quantity', ...Array.from({ length: CATALOGUE }, (_, i) => `${sku(i)},Product ${i},${i % 50}`)].join('\n'));

    await buildServer();
    server = await startServer(database.url, path.join(dir, 'data'));
    const pid = server.pid!;
    const browser = new Browser();
    await browser.signUp();
    const imported = await browser.upload('/api/products/import', 'file', catalogue, {
      columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Quantity: 'currentQuantity' }),
    });
    if (!imported.ok) throw new Error(`catalogue import: ${imported.status} ${await imported.text()}`);
    const canReset = resetPeak(pid);
    if (!canReset) console.log('note: VmHWM cannot be reset here; peaks are since the server started');

    for (const f of files) {
      const file = path.join(dir, f.name);
      const sizeMB = Number((statSync(file).size / 1024 / 1024).toFixed(1));
      const actions: Array<[Measure['action'], () => Promise<Response>]> = [
        ['preview', () => browser.upload('/api/products/preview', 'file', file, { flow: 'scan' })],
        [
          'import',
          () =>
            browser.upload('/api/products/import', 'file', file, {
              columnMapping: JSON.stringify({ [f.scanColumn]: 'sku', ...(f.quantityColumn ? { [f.quantityColumn]: 'currentQuantity' } : {}) }),
            }),
        ],
        [
          'process',
          async () => {
            const audit = await browser.request('POST', '/api/audits', JSON.stringify({ name: `Hostile ${f.name}`, section: 'Bench' }), true);
            const { id } = (await audit.json()) as { id: string };
            return browser.upload(`/api/audits/${id}/upload-multiple`, 'scanFiles', file, {
              scanColumn_0: f.scanColumn,
              teamName_0: 'Team 1',
              ...(f.quantityColumn ? { quantityColumn_0: f.quantityColumn } : {}),
            });
          },
        ],
      ];
      for (const [action, run] of actions.filter(([a]) => !ACTIONS || ACTIONS.includes(a))) {
        const times: number[] = [];
        let peak = 0;
        let answer = { status: 0, message: '' };
        const startRss = statusMb(pid, 'VmRSS');
        for (let r = 0; r < f.runs; r++) {
          resetPeak(pid);
          const started = performance.now();
          try {
            answer = await answerOf(await run());
          } catch (error) {
            // fetch gives up after 300 s without response headers: recorded, and the bench goes on.
            const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
            answer = { status: 0, message: `no answer: ${cause}` };
          }
          times.push((performance.now() - started) / 1000);
          peak = Math.max(peak, peakRssMb(pid));
          if (server.exitCode !== null) throw new Error(`the server died on ${f.name} ${action}`);
        }
        times.sort((a, b) => a - b);
        const m: Measure = {
          file: f.name,
          action,
          sizeMB,
          seconds: Number(times[Math.floor(times.length / 2)]!.toFixed(2)),
          peakRssMB: peak,
          startRssMB: startRss,
          status: answer.status,
          message: answer.message.slice(0, 180),
          runs: f.runs,
          load: Number(os.loadavg()[0]!.toFixed(2)),
        };
        if (times.length > 1) m.secondsSpread = [Number(times[0]!.toFixed(2)), Number(times.at(-1)!.toFixed(2))];
        results.push(m);
        const spread = m.secondsSpread ? ` (${m.secondsSpread[0]}-${m.secondsSpread[1]} s, ${f.runs} runs)` : '';
        console.log(
          `${f.name.padEnd(26)} ${action.padEnd(8)} ${String(m.seconds).padStart(7)} s${spread}  peak ${String(peak).padStart(5)} MB (from ${String(startRss).padStart(4)})  load ${m.load}  ${m.status} ${m.message}`,
        );
      }
    }
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    server = undefined;
    if (LATENCY_DATABASES.length > 0) {
      const big = path.join(dir, LATENCY_FILE);
      const spec = FILES.find((f) => f.name === LATENCY_FILE)!;
      try {
        statSync(big);
      } catch {
        await spec.make(`${big}.part`);
        renameSync(`${big}.part`, big);
      }
      for (const kind of LATENCY_DATABASES) {
        const fresh = kind === 'postgres' ? await freshDatabase() : null;
        server = await startServer(fresh?.url ?? null, path.join(dir, `data-latency-${kind}`));
        try {
          const l = await latencyWhileProcessing(kind, big, spec, path.join(dir, 'catalogue.csv'));
          latency.push(l);
          console.log(
            `${kind.padEnd(8)} GET /api/audits of another organisation while ${l.file} processes (${l.processSeconds} s, ${l.status}): ` +
              `${l.requests} requests, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, max ${l.maxMs} ms (goal p99 <= 100 ms; ` +
              `idle: p50 ${l.idleP50Ms} ms, p99 ${l.idleP99Ms} ms)  load ${l.load}`,
          );
        } finally {
          server.kill('SIGTERM');
          await once(server, 'exit');
          server = undefined;
          await fresh?.drop();
        }
      }
    }
  } finally {
    if (results.length > 0 || latency.length > 0) {
      const load = os.loadavg().map((l) => Number(l.toFixed(2)));
      const worst = Math.max(0, ...results.map((r) => r.peakRssMB));
      console.log(
        `load average ${load.join(' ')} (2 shared cores: figures vary with what else runs); worst server peak RSS ${worst} MB (budget 512 MB); ` +
          `5xx answers: ${results.filter((r) => r.status >= 500).length}`,
      );
      console.log(JSON.stringify({ bench: 'hostile', loadAverage: load, worstPeakRssMB: worst, results, latency }));
    }
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await database.drop();
    if (!process.env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
