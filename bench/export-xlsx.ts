/**
 * Bench: the Professional XLSX export (DESIGN.md section 7: "XLSX export, 130k lines over HTTP:
 * <= 4 s, server peak RSS <= 400 MB", on the 2-core machine).
 *
 *   npx tsx bench/export-xlsx.ts [lines]
 *
 * Two parts, each with the Simple CSV export of the same lines as the same-run reference:
 *
 * 1. The writer alone, in this process: `lines` (100,000) lines generated from a fixed seed,
 *    lazily, as a paged database read would hand them over, so the figure is the writer's memory
 *    and not the generator's. Peak RSS is sampled every 50 ms while the report is written.
 * 2. Over HTTP, on each database of BENCH_DATABASES: a real server process (built as `npm start`
 *    runs it) imports the whole-path bench's seeded catalogue (100,000 products) and processes its
 *    1,000,000 scan rows into an audit of about 130,000 lines; the server is then restarted on the
 *    same data, so that the export's peak RSS is the export's and not what processing left, and
 *    GET /api/audits/{id}/export-xlsx and then /export are each read whole BENCH_RUNS times (the
 *    median and spread of the seconds, the server's peak VmRSS sampled every 25 ms).
 *
 * Options (env): BENCH_DATABASES (postgres,pglite; empty for the writer alone), BENCH_RUNS (3),
 * TEST_DATABASE_URL (its PostgreSQL server gets a fresh database named BENCH_DATABASE_PREFIX
 * (stocktally_bench_) + random, dropped at the end), BENCH_PORT (the server's port; a free one
 * otherwise), BENCH_SERVER_NODE_ARGS (node options of the server process, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof").
 *
 * Prints its figures and the load average, then one JSON line:
 * {"bench":"export-xlsx","lines":100000,"seconds":S,"peakRssMB":M,"referenceSeconds":R,"ratio":S/R,
 *  "http":{"postgres":{"lines":N,"seconds":S,"secondsSpread":[A,B],"peakRssMB":M,"csvSeconds":R,"csvPeakRssMB":C,"ratio":S/R},"pglite":{...}},
 *  "loadAverage":[L1,L5,L15]}
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CategoryCounts, ResultCategory, ResultItem, ResultsSummary } from '../src/contracts/results.js';
import type { ReportInput } from '../src/server/reports/index.js';
import { writeCsvReport, writeXlsxReport } from '../src/server/reports/index.js';
import { seededRandom } from '../src/domain/test-support/seeded-random.js';
import { exportBenchFiles, exportOverHttp, type DatabaseKind } from './support/export-over-http.js';

const LINES = Number(process.argv[2] ?? 100_000);
const SEED = 20_261_121;
/** Rows per page of the simulated database read. */
const PAGE = 1000;

/** Share of the lines per category (a plausible, discrepancy-heavy audit). */
const SHARES: ReadonlyArray<readonly [ResultCategory, number]> = [
  ['quantityCorrect', 0.4],
  ['quantityAbove', 0.12],
  ['quantityBelow', 0.2],
  ['crossFileDiscrepancies', 0],
  ['notFound', 0.1],
  ['scannedNotExpected', 0.06],
  ['zeroSheetItems', 0.12],
];

/** Seeded: the same lines on every run. */
const random = seededRandom;

const WORDS = ['Blue', 'Steel', 'Widget', 'Bracket', 'Hinge', 'Large', 'Small', 'Oak', 'Cable', 'Pack', 'Garden', 'Hose', 'LED', 'Bulb', 'Screw', 'M6'];
const FILES = ['team1-zebra.csv', 'team2-export.csv', 'team3-handheld.csv', 'team4-counts.xlsx'];

function counts(): CategoryCounts {
  const result = Object.fromEntries(SHARES.map(([category, share]) => [category, Math.floor(LINES * share)])) as CategoryCounts;
  const assigned = Object.values(result).reduce((sum, n) => sum + n, 0);
  result.quantityCorrect += LINES - assigned;
  return result;
}

function makeLine(category: ResultCategory, index: number, next: () => number): ResultItem {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const sku = `SKU-${String(index).padStart(6, '0')}`;
  const name = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${Math.floor(next() * 1000)}`;
  const expected = 1 + Math.floor(next() * 60);
  const cost = Math.round(next() * 5000) / 100;
  let scanned = expected;
  if (category === 'quantityAbove') scanned = expected + 1 + Math.floor(next() * 10);
  if (category === 'quantityBelow') scanned = Math.max(1, expected - 1 - Math.floor(next() * 10));
  if (category === 'zeroSheetItems') scanned = 0;
  const difference = scanned - expected;
  const files = FILES.filter(() => next() < 0.4);
  const base: ResultItem = {
    sku,
    scanValue: category === 'zeroSheetItems' ? null : sku,
    matchedSku: sku,
    productId: `p${index}`,
    productName: next() < 0.001 ? `=HYPERLINK("http://x.example/${index}","${name}")` : name,
    expectedQuantity: expected,
    scannedQuantity: scanned,
    difference,
    percentageDifference: (difference / expected) * 100,
    costPrice: cost.toFixed(2),
    varianceValue: (difference * cost).toFixed(2),
    scannedBefore: null,
    scannedBeforeName: null,
    scannedAfter: null,
    scannedAfterName: null,
    actualCategory: pick(['Hardware', 'Garden', 'Lighting', 'Fasteners']),
    location: `${pick(['A', 'B', 'C', 'D'])}-${String(Math.floor(next() * 99)).padStart(2, '0')}`,
    scanFiles: files.length > 0 ? files : [FILES[0]],
    reason: null,
    fileCounts: [],
    badCheckDigit: false,
    lot: null,
    expiry: null,
    serial: null,
  };
  if (category === 'notFound') {
    const value = String(Math.floor(next() * 1e12)).padStart(12, '0');
    return {
      ...base,
      sku: value,
      scanValue: value,
      matchedSku: null,
      productId: null,
      productName: null,
      expectedQuantity: null,
      scannedQuantity: 1 + Math.floor(next() * 3),
      difference: null,
      percentageDifference: null,
      costPrice: null,
      varianceValue: null,
      scannedBefore: `SKU-${String(index + 1).padStart(6, '0')}`,
      scannedBeforeName: name,
      scannedAfter: `SKU-${String(index + 2).padStart(6, '0')}`,
      scannedAfterName: name,
      actualCategory: null,
      location: null,
      reason: 'unknown',
    };
  }
  if (category === 'scannedNotExpected') {
    return { ...base, expectedQuantity: null, difference: null, percentageDifference: null, varianceValue: null };
  }
  return base;
}

function benchInput(): ReportInput {
  const perCategory = counts();
  const summary: ResultsSummary = {
    totalScanned: LINES * 20,
    matchedScanned: LINES * 18,
    matchRate: 0.9,
    processingTime: 850,
    scanFileBreakdown: FILES.map((fileName, i) => ({
      fileName,
      teamName: `Team ${i + 1}`,
      scannerId: null,
      totalItems: LINES * 5,
      matchRate: 0.9,
    })),
    accuracy: 0.55,
    varianceUnits: -12_345,
    varianceValue: '-98765.43',
    mode: 'standard',
  };
  return {
    audit: {
      name: 'Bench audit',
      section: null,
      auditType: 'cycle-count',
      mode: 'standard',
      createdAt: new Date('2026-11-21T08:00:00Z'),
      completedAt: new Date('2026-11-21T09:00:00Z'),
      organizationName: 'Bench Org',
      scope: null,
    },
    totalProductsInFilter: null,
    summary,
    money: { unitsShort: 20_000, valueShort: '123456.78', unitsOver: 7_655, valueOver: '24691.35', netShrinkageValue: '98765.43', linesWithoutCost: 0 },
    counts: perCategory,
    repeatedReads: [],
    async *lines(category) {
      const next = random(SEED + category.length * 7919);
      const total = perCategory[category];
      for (let start = 0; start < total; start += PAGE) {
        // A page "arrives from the database": built only now, dropped once written.
        const page: ResultItem[] = [];
        for (let i = start; i < Math.min(total, start + PAGE); i++) page.push(makeLine(category, i, next));
        await new Promise<void>((resolve) => setImmediate(resolve));
        yield* page;
      }
    },
  };
}

async function timed(
  write: (input: ReportInput, out: NodeJS.WritableStream) => Promise<void>,
  file: string,
): Promise<{ seconds: number; cpuSeconds: number; peakRss: number; bytes: number }> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await write(benchInput(), createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  return { seconds, cpuSeconds, peakRss, bytes: (await stat(file)).size };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').filter(Boolean) as DatabaseKind[];

const dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-bench-xlsx-'));
try {
  const startRss = process.memoryUsage().rss;
  const xlsx = await timed(writeXlsxReport, path.join(dir, 'report.xlsx'));
  const csv = await timed(writeCsvReport, path.join(dir, 'report.csv'));
  console.log(`writer alone, in process`);
  console.log(`lines              ${LINES.toLocaleString('en')}`);
  console.log(`RSS before         ${mb(startRss)} MB`);
  for (const [label, run] of [['XLSX export', xlsx], ['CSV export (ref.)', csv]] as const) {
    console.log(
      `${label.padEnd(18)} ${round(run.seconds, 2)} s (CPU ${round(run.cpuSeconds, 2)} s), peak RSS ${mb(run.peakRss)} MB, ${mb(run.bytes)} MB file`,
    );
  }
  console.log(`ratio XLSX/CSV     ${round(xlsx.seconds / csv.seconds, 2)}`);

  const http: Record<string, unknown> = {};
  if (DATABASES.length > 0) {
    const files = await exportBenchFiles(await mkdtemp(path.join(dir, 'scans-')));
    for (const kind of DATABASES) {
      const figures = await exportOverHttp(kind, files, RUNS);
      const { xlsx: x, csv: c } = figures;
      const within = x.seconds.median <= 4 && x.peakRssMB <= 400;
      console.log(
        `${kind} over HTTP, ${figures.lines.toLocaleString('en')} lines (server RSS before ${figures.rssBeforeMB} MB): ` +
          `XLSX export median ${round(x.seconds.median, 2)} s (spread ${round(x.seconds.min, 2)}-${round(x.seconds.max, 2)}), server peak RSS ${x.peakRssMB} MB, ${mb(x.bytes)} MB; ` +
          `reference CSV export ${round(c.seconds.median, 2)} s, peak RSS ${c.peakRssMB} MB, ${mb(c.bytes)} MB; ` +
          `ratio ${round(x.seconds.median / c.seconds.median, 2)}; budget <= 4 s, <= 400 MB: ${within ? 'within' : 'OVER'}`,
      );
      http[kind] = {
        lines: figures.lines,
        seconds: round(x.seconds.median),
        secondsSpread: [round(x.seconds.min), round(x.seconds.max)],
        peakRssMB: x.peakRssMB,
        csvSeconds: round(c.seconds.median),
        csvPeakRssMB: c.peakRssMB,
        ratio: round(x.seconds.median / c.seconds.median, 2),
      };
    }
  }
  const load = os.loadavg().map((n) => round(n, 2));
  console.log(`load average       ${load.join(' ')} (${os.cpus().length} CPUs)`);
  console.log(
    JSON.stringify({
      bench: 'export-xlsx',
      lines: LINES,
      seconds: round(xlsx.seconds),
      peakRssMB: mb(xlsx.peakRss),
      referenceSeconds: round(csv.seconds),
      ratio: round(xlsx.seconds / csv.seconds, 2),
      http,
      loadAverage: load,
    }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
