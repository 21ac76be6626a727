/**
 * `npm run bench:count-reads`: storing a batch of reads from the floor (DESIGN.md section 14;
 * issue budget: a batch of 1,000 reads stored in <= 200 ms). On PGlite and on the PostgreSQL
 * server, through the API (app.inject, signed-in session, CSRF token, contract validation):
 * BENCH_RUNS (9) batches of BENCH_READS (1,000) new reads into one count session that grows by
 * each batch, then each batch sent again (every read already stored: what a phone that lost the
 * answer sends). Prints median and spread (min-max) per database with the load average at that
 * moment (the machine is shared), and one JSON line at the end.
 */
import os from 'node:os';
import { v7 as uuidv7 } from 'uuid';
import type { CountRead } from '../src/contracts/counts.js';
import { DATABASE_KINDS } from '../src/server/test-support/databases.js';
import { createTestApp } from '../src/server/test-support/test-app.js';
import { spread, type Spread } from './support/stats.js';

const READS = Number(process.env.BENCH_READS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));

function batch(start: number): CountRead[] {
  return Array.from({ length: READS }, (_, i) => ({
    id: uuidv7({ msecs: start + i }),
    kind: 'read' as const,
    value: i % 3 === 0 ? `SKU-${i % 500}` : String(5901234000000 + (i % 997)),
    quantity: i % 10 === 0 ? '2.5' : '1',
    location: `A-${String(Math.floor(i / 100)).padStart(2, '0')}`,
    readAt: new Date(start + i).toISOString(),
  }));
}

const figures: Record<string, { newReads: Spread; sentAgain: Spread; load: number[] }> = {};
for (const kind of DATABASE_KINDS) {
  const t = await createTestApp(kind);
  try {
    const owner = t.client();
    await owner.signUp();
    const audit = (await owner.post('/api/audits/stub', { name: 'Bench count', type: 'cycle-count', status: 'draft' })).json();
    const session = (await owner.post(`/api/audits/${audit.id}/count-session`)).json();
    const send = async (reads: CountRead[], expectStored: number) => {
      const started = performance.now();
      const res = await owner.post(`/api/count-sessions/${session.id}/reads`, { reads });
      const ms = performance.now() - started;
      if (res.statusCode !== 200 || res.json().stored !== expectStored) throw new Error(`append: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return ms;
    };
    await send(batch(Date.parse('2026-01-01')), READS); // warm-up
    const fresh: number[] = [];
    const again: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const reads = batch(Date.parse('2026-02-01') + run * READS);
      fresh.push(await send(reads, READS));
      again.push(await send(reads, 0));
    }
    figures[kind] = { newReads: spread(fresh), sentAgain: spread(again), load: load() };
    const f = (s: Spread) => `${s.median.toFixed(1)} ms (${s.min.toFixed(1)}-${s.max.toFixed(1)})`;
    console.log(`${kind}: batch of ${READS} new reads ${f(figures[kind].newReads)}; sent again ${f(figures[kind].sentAgain)}; load ${figures[kind].load.join(' ')}`);
  } finally {
    await t.close();
  }
}
console.log(JSON.stringify({ bench: 'count-reads', reads: READS, runs: RUNS, budgetMs: 200, figures }));
