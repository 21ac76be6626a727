/**
 * Bench-only probe loaded into the app server before its own code
 * (`BENCH_SERVER_NODE_ARGS="--import ./bench/support/request-probe.mjs"`, with BENCH_PROBE_FILE set
 * to the file to write): it tells where a slow request's time went on the server side, without
 * changing the app. Nothing of it is in the app's build.
 *
 * Per HTTP request carrying an `x-bench-request` header (bench/products.ts sets it when BENCH_PROBE_DIR
 * is set), one record of times in ms on CLOCK_MONOTONIC (process.hrtime, the same clock in every
 * process of the machine, so the load generator's times compare directly):
 *   id, arrive (the server's 'request' event: headers parsed), finish (the response handed to the
 *   socket), poolWait (ms waiting for a pooled PostgreSQL connection, summed over the request's
 *   statements), query (ms from a statement's connection acquired to its result), statements,
 *   waiting (pg pool's queue length when its first statement asked), accepted (the socket's accept
 *   time when this was its first request, else 0).
 * Also the event loop's stalls (a 5 ms timer late by over 20 ms: when, and how late) and GC pauses
 * (perf_hooks 'gc': start, duration, kind). Written as one JSON object on exit (SIGTERM included:
 * the app exits by process.exit after its shutdown).
 */
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
/** performance.now() + this = nowMs()'s clock. */
const perfOffset = nowMs() - performance.now();
const store = new AsyncLocalStorage();
const requests = [];
const stalls = [];
const gcs = [];
const acceptedAt = new WeakMap();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function probedEmit(event, ...args) {
  if (event === 'connection') acceptedAt.set(args[0], nowMs());
  if (event !== 'request') return emit.call(this, event, ...args);
  const [req, res] = args;
  const id = req.headers['x-bench-request'];
  if (id === undefined) return emit.call(this, event, ...args);
  const accepted = acceptedAt.get(req.socket) ?? 0;
  acceptedAt.delete(req.socket);
  const record = { id: Number(id), arrive: nowMs(), finish: 0, poolWait: 0, query: 0, statements: 0, waiting: -1, accepted };
  res.once('finish', () => {
    record.finish = nowMs();
    requests.push(record);
  });
  return store.run(record, () => emit.call(this, event, ...args));
};

// The pool's wait and each statement's time, for the request the statement runs for.
const pg = createRequire(import.meta.url)('pg');
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function probedConnect(callback) {
  const record = store.getStore();
  if (!record || typeof callback !== 'function') return connect.call(this, callback);
  const asked = nowMs();
  if (record.waiting < 0) record.waiting = this.waitingCount;
  return connect.call(this, (err, client, release) => {
    const acquired = nowMs();
    record.poolWait += acquired - asked;
    record.statements += 1;
    if (client) {
      // pg-pool gives the client a new release function at each checkout: timed until it is called.
      const releaseOnce = client.release;
      client.release = (...rest) => {
        record.query += nowMs() - acquired;
        client.release = releaseOnce;
        return releaseOnce.apply(client, rest);
      };
    }
    callback(err, client, client ? client.release : release);
  });
};

// Event loop stalls: a 5 ms timer's lateness over 20 ms.
let expected = nowMs() + 5;
const tick = () => {
  const now = nowMs();
  if (now - expected > 20) stalls.push([Number(expected.toFixed(1)), Number((now - expected).toFixed(1))]);
  expected = now + 5;
  setTimeout(tick, 5).unref();
};
setTimeout(tick, 5).unref();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcs.push([Number((entry.startTime + perfOffset).toFixed(1)), Number(entry.duration.toFixed(1)), entry.detail?.kind ?? 0]);
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  if (!file) return;
  const round = (v) => Number(v.toFixed(2));
  writeFileSync(
    file,
    JSON.stringify({
      requests: requests.map((r) => [r.id, round(r.arrive), round(r.finish), round(r.poolWait), round(r.query), r.statements, r.waiting, round(r.accepted)]),
      stalls,
      gcs,
    }),
  );
});
