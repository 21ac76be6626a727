/**
 * Where a slow list request's time went (BENCH_PROBE_DIR, bench/products.ts): the load generator's
 * side of each request (sent, answered) joined by id with the server's (request-probe.mjs, loaded
 * into the server with --import): times on CLOCK_MONOTONIC in ms, the same clock in both processes.
 *
 * For a request: before = the server's 'request' event - sent (the connection's set-up for a first
 * request, the request unread in the socket while the server's event loop was busy or the server
 * not scheduled); server = finish - arrive, of which the pool's wait for a PostgreSQL connection and
 * the statements; after = answered - finish (the answer in the socket until the load generator
 * read it). Event loop stalls (a 5 ms timer late by over 20 ms) and GC pauses of both processes
 * are listed against the slowest requests. Bench-only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Node options that load the server side of the probe (none without BENCH_PROBE_DIR). */
export function probeServerNodeArgs(): string[] {
  if (!process.env.BENCH_PROBE_DIR) return [];
  return ['--import', path.join(path.dirname(fileURLToPath(import.meta.url)), 'request-probe.mjs')];
}

/** One request as the server's probe wrote it (request-probe.mjs). */
type ServerRecord = [id: number, arrive: number, finish: number, poolWait: number, query: number, statements: number, waiting: number, accepted: number];

interface Round {
  /** e.g. "200 connections, 10 s". */
  label: string;
  firstId: number;
  lastId: number;
  start: number;
  end: number;
}

const median = (values: number[]) => (values.length === 0 ? Number.NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
const f = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');

/** The load generator's side: ids and times of the requests it sent, its own stalls and GC. */
export class ClientProbe {
  /** Where the server's probe writes its records (BENCH_PROBE_FILE of the server). */
  readonly serverFile: string;
  private next = 0;
  private sentAt = new Float64Array(1 << 20);
  private answeredAt = new Float64Array(1 << 20);
  /** First request's id -> [connect() called, the client's 'connect' event] of its connection. */
  private readonly connects = new Map<number, [number, number]>();
  private readonly rounds: Round[] = [];
  private roundStart = nowMs();
  private roundFirst = 0;
  private readonly stalls: Array<[number, number]> = [];
  private readonly gcs: Array<[number, number]> = [];
  private readonly delay = monitorEventLoopDelay({ resolution: 10 });

  constructor(dir: string) {
    this.serverFile = path.join(dir, 'server-requests.json');
    const offset = nowMs() - performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) this.gcs.push([entry.startTime + offset, entry.duration]);
    }).observe({ entryTypes: ['gc'] });
    let expected = nowMs() + 5;
    const tick = () => {
      const now = nowMs();
      if (now - expected > 20) this.stalls.push([expected, now - expected]);
      expected = now + 5;
      setTimeout(tick, 5).unref();
    };
    setTimeout(tick, 5).unref();
    this.delay.enable();
    // autocannon's Client builds its first request (setupRequest: `sent`), then calls net.connect.
    const connect = net.connect;
    const connects = this.connects;
    const lastId = () => this.next - 1;
    (net as { connect: typeof net.connect }).connect = function probedConnect(this: unknown, ...args: unknown[]) {
      const times: [number, number] = [nowMs(), 0];
      connects.set(lastId(), times);
      const socket = (connect as (...a: unknown[]) => net.Socket).apply(this, args);
      socket.once('connect', () => (times[1] = nowMs()));
      return socket;
    } as typeof net.connect;
  }

  /** autocannon's setupRequest: numbers the request (header x-bench-request) and notes when it leaves. */
  sent<R extends { path: string; headers?: Record<string, string> }>(context: Record<string, number>, request: R): R {
    const id = this.next++;
    if (id >= this.sentAt.length) {
      const grow = (a: Float64Array) => Float64Array.from({ length: a.length * 2 }, (_, i) => a[i] ?? 0);
      this.sentAt = grow(this.sentAt);
      this.answeredAt = grow(this.answeredAt);
    }
    context.id = id;
    this.sentAt[id] = nowMs();
    return { ...request, headers: { ...request.headers, 'x-bench-request': String(id) } };
  }

  /** autocannon's onResponse: the answer of the context's request has been read. */
  answered(context: Record<string, number>): void {
    if (context.id !== undefined) this.answeredAt[context.id] = nowMs();
  }

  /** Marks the end of a round (its requests since the last mark), `label` e.g. "200 connections, 10 s". */
  roundEnded(label: string): void {
    const end = nowMs();
    this.rounds.push({ label, firstId: this.roundFirst, lastId: this.next, start: this.roundStart, end });
    this.roundFirst = this.next;
    this.roundStart = end;
  }

  /** The report: per round size, the slow requests' time split; the slowest with what overlapped them. */
  report(): string {
    let server: { requests: ServerRecord[]; stalls: Array<[number, number]>; gcs: Array<[number, number, number]> };
    try {
      server = JSON.parse(readFileSync(this.serverFile, 'utf8')) as typeof server;
    } catch (err) {
      return `probe: no server records (${(err as Error).message})`;
    }
    writeFileSync(
      path.join(path.dirname(this.serverFile), 'client-connections.json'),
      JSON.stringify({ connects: [...this.connects].map(([id, [called, connected]]) => [id, this.sentAt[id], called, connected, this.answeredAt[id]]), rounds: this.rounds, stalls: this.stalls, gcs: this.gcs }),
    );
    const byId = new Map(server.requests.map((r) => [r[0], r]));
    const lines = [`probe: ${server.requests.length} server records; client event loop delay p99 ${(this.delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(this.delay.max / 1e6).toFixed(1)} ms`];
    const overlapping = (list: Array<[number, number, ...number[]]>, from: number, to: number) =>
      list.filter(([at, ms]) => at < to && at + ms > from).map(([, ms]) => ms);
    for (const label of [...new Set(this.rounds.map((r) => r.label))]) {
      const rows = [];
      for (const round of this.rounds.filter((r) => r.label === label)) {
        for (let id = round.firstId; id < round.lastId; id += 1) {
          const answered = this.answeredAt[id]!;
          const record = byId.get(id);
          if (answered === 0 || !record) continue;
          const sent = this.sentAt[id]!;
          const [, arrive, finish, poolWait, query, statements, waiting, accepted] = record;
          rows.push({ id, sent, total: answered - sent, before: arrive - sent, server: finish - arrive, poolWait, query, statements, waiting, after: answered - finish, first: accepted > 0, intoRound: sent - round.start, accepted });
        }
      }
      for (const threshold of [200, 500]) {
        const slow = rows.filter((r) => r.total > threshold);
        lines.push(
          `probe, ${label}: ${rows.length} requests, ${slow.length} over ${threshold} ms (${slow.filter((r) => r.first).length} first on their connection); their medians: ` +
            `total ${f(median(slow.map((r) => r.total)))}, before the server read it ${f(median(slow.map((r) => r.before)))}, in the server ${f(median(slow.map((r) => r.server)))} ` +
            `(pool wait ${f(median(slow.map((r) => r.poolWait)))}, statements ${f(median(slow.map((r) => r.query)))}), after ${f(median(slow.map((r) => r.after)))}; all requests' medians: total ${f(median(rows.map((r) => r.total)))}, before ${f(median(rows.map((r) => r.before)))}, server ${f(median(rows.map((r) => r.server)))}, pool wait ${f(median(rows.map((r) => r.poolWait)))}`,
        );
      }
      const slowest = [...rows].sort((a, b) => b.total - a.total).slice(0, 8);
      for (const r of slowest) {
        const from = r.sent;
        const to = r.sent + r.total;
        const sum = (v: number[]) => v.reduce((s, x) => s + x, 0);
        lines.push(
          `  ${f(r.total)} ms = before ${f(r.before)}${r.first ? ` (first on its connection: connect() called after ${f((this.connects.get(r.id)?.[0] ?? Number.NaN) - r.sent)}, connected after ${f((this.connects.get(r.id)?.[1] ?? Number.NaN) - r.sent)}, accepted after ${f(r.accepted - r.sent)})` : ''} + server ${f(r.server)} (pool wait ${f(r.poolWait)}, queue ${r.waiting}, ${r.statements} statements ${f(r.query)}) + after ${f(r.after)}; ` +
            `${f(r.intoRound)} ms into its round; overlapping: server stalls ${f(sum(overlapping(server.stalls, from, to)))} ms, server GC ${f(sum(overlapping(server.gcs, from, to)))} ms, client stalls ${f(sum(overlapping(this.stalls, from, to)))} ms, client GC ${f(sum(overlapping(this.gcs, from, to)))} ms`,
        );
      }
    }
    const bigStalls = [...server.stalls].sort((a, b) => b[1] - a[1]).slice(0, 5);
    lines.push(`probe: server event loop stalls over 20 ms: ${server.stalls.length}, largest ${bigStalls.map(([, ms]) => f(ms)).join(', ')} ms; server GC pauses ${server.gcs.length}, largest ${[...server.gcs].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([, ms]) => f(ms)).join(', ')} ms`);
    lines.push(`probe: client stalls over 20 ms: ${this.stalls.length}, largest ${[...this.stalls].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([, ms]) => f(ms)).join(', ')} ms`);
    return lines.join('\n');
  }
}
