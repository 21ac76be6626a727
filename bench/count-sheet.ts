/**
 * `npm run bench:count-sheet`: the count sheet of a BENCH_PRODUCTS (5,000)-product scope (issue
 * budget: <= 5 s), in-process (writeCountSheetPdf: layout, bars from bwip-js, pdf-lib), half the
 * products with an EAN-13 and half printed as Code 128 of their SKU, over 40 locations.
 * Two sheets, made alternately in each of BENCH_RUNS (5) runs: `latin`, every name in WinAnsi
 * (Helvetica, nothing embedded), and `cjk`, names in Chinese, Japanese and Korean (a third each,
 * some with Latin words; about 3,000 distinct CJK characters: Noto Sans SC, JP and KR subsets). The
 * first CJK sheet of the process, which reads and parses the font files, is reported apart (`cold`).
 * Prints median and spread (min-max) of wall and CPU time with the load average, then one JSON line.
 */
import os from 'node:os';
import { gs1CheckDigit } from '../src/domain/gtin.js';
import { writeCountSheetPdf, type SheetProduct } from '../src/server/features/counts/count-sheet-pdf.js';
import { spread } from './support/stats.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** A deterministic pseudo-random stream (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(28);
const pick = (from: number, count: number, length: number) => Array.from({ length }, () => String.fromCodePoint(from + Math.floor(next() * count))).join('');

/** A name in Chinese, Japanese or Korean, some with a Latin size. */
function cjkName(i: number): string {
  const size = i % 4 === 0 ? ` M${(i % 12) + 4}` : '';
  if (i % 3 === 0) return `${pick(0x4e00, 2500, 6)}${size}`; // Hanzi (the common block start)
  if (i % 3 === 1) return `${pick(0x30a1, 80, 4)}${pick(0x4e00, 2500, 2)}${size}`; // katakana and kanji
  return `${pick(0xac00, 1200, 3)} ${pick(0xac00, 1200, 2)}${size}`; // Hangul
}

function sheet(names: (i: number) => string): SheetProduct[] {
  return Array.from({ length: PRODUCTS }, (_, i) => {
    const body = `590123${String(i).padStart(6, '0')}`;
    return {
      sku: `SKU-${String(i).padStart(5, '0')}`,
      name: names(i),
      upc: i % 2 === 0 ? `${body}${gs1CheckDigit(body)}` : null,
      location: `Aisle ${String(i % 40).padStart(2, '0')}`,
      expectedQuantity: i % 17,
    };
  });
}

const sheets = { latin: sheet((i) => `Product number ${i} with a longer descriptive name`), cjk: sheet(cjkName) };
const distinct = new Set(sheets.cjk.flatMap((p) => Array.from(p.name ?? '').filter((c) => c > '\u3000'))).size;

/** CPU time of this process in ms (user + system): less disturbed than wall time on a busy machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function measure(products: SheetProduct[]) {
  const cpu = cpuMs();
  const started = performance.now();
  const bytes = (await writeCountSheetPdf(products, { auditName: 'Bench', withExpected: true })).length;
  return { ms: performance.now() - started, cpuMs: cpuMs() - cpu, bytes };
}

const cold = await measure(sheets.cjk);
const results = { latin: [] as Awaited<ReturnType<typeof measure>>[], cjk: [] as Awaited<ReturnType<typeof measure>>[] };
for (let run = 0; run < RUNS; run++) {
  results.latin.push(await measure(sheets.latin));
  results.cjk.push(await measure(sheets.cjk));
}
const load = os.loadavg().map((l) => Number(l.toFixed(2)));
const summary = Object.fromEntries(
  Object.entries(results).map(([name, r]) => [name, { ms: spread(r.map((x) => x.ms)), cpuMs: spread(r.map((x) => x.cpuMs)), bytes: r[0]!.bytes }]),
) as Record<keyof typeof results, { ms: ReturnType<typeof spread>; cpuMs: ReturnType<typeof spread>; bytes: number }>;
for (const [name, s] of Object.entries(summary)) {
  console.log(
    `count sheet of ${PRODUCTS} products (${name}): ${s.ms.median.toFixed(0)} ms (${s.ms.min.toFixed(0)}-${s.ms.max.toFixed(0)}), CPU ${s.cpuMs.median.toFixed(0)} ms (${s.cpuMs.min.toFixed(0)}-${s.cpuMs.max.toFixed(0)}), ${(s.bytes / 1e6).toFixed(2)} MB; load ${load.join(' ')}`,
  );
}
console.log(`first CJK sheet of the process (fonts read and parsed): ${cold.ms.toFixed(0)} ms, CPU ${cold.cpuMs.toFixed(0)} ms; ${distinct} distinct CJK characters`);
console.log(JSON.stringify({ bench: 'count-sheet', products: PRODUCTS, runs: RUNS, budgetMs: 5000, ms: summary.latin.ms, bytes: summary.latin.bytes, latin: summary.latin, cjk: { ...summary.cjk, distinctCharacters: distinct, coldMs: Math.round(cold.ms) }, load }));
