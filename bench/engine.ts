/**
 * `npm run bench:engine`: readers + engine on a generated 100,000-product catalogue and
 * 1,000,000 scan rows (seeded), in-process, against the same reconciliation as SQL in DuckDB on
 * the same files in the same run, DuckDB building the same result lines (DESIGN.md section 7:
 * <= 1.0 s and <= 0.8x DuckDB). The budgeted runs work as the processing worker does: the scan
 * file read and prepared in the scan reading thread while the catalogue is read and indexed
 * (docs/decisions/0181), the lines made one at a time and handed on. In the same runs, the
 * command-line reconciliation's way, for comparison: the scan file read in the one thread and the
 * lines held (docs/decisions/0099). Prints medians, spreads, the ratio and the
 * load average; the last line is one JSON object. Then the same on a scan file of which a tenth
 * of the rows are GS1 element strings in their three forms (streamed lines and DuckDB only;
 * budget <= 1.1x DuckDB), printed as `gs1*` figures in the same JSON line. Each engine figure
 * comes with the medians of its phases (`phases`, `gs1Phases`: catalogue read, index build, scan
 * read, counting, lines; see `Phases`), so that a run shows where the time goes. For information,
 * not a budget: a second DuckDB reference whose lines keep each line's first read as the engine's
 * do (`firstReadReference*`, `gs1FirstReadReference*`; docs/decisions/0179), its lines checked
 * equal to the engine's once per variant (only the first run of that reference reads its lines, and
 * they are let go after the check: the other runs' would be garbage on the heap that the next
 * engine run collects, and lines kept for every run would grow the heap each major collection
 * marks).
 * Options (env): BENCH_PRODUCTS (100000), BENCH_SCAN_ROWS (1000000), BENCH_RUNS (5; median and spread printed),
 * BENCH_GS1_SHARE (0.1; 0 skips the GS1 variant), BENCH_DIR (keep the generated files there).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULT_CATEGORIES, type ResultCategory, type ResultItem } from '../src/contracts/results.js';
import { createReconciler, type CatalogueProduct } from '../src/domain/reconcile.js';
import { generate, runDuckDb, runDuckDbFirstReads } from './support/scan-data.js';
import { openTable, readScanColumns } from '../src/server/files/index.js';
import { ScanPreparer, ScanReadingThread } from '../src/server/features/audits/engine/prepared-scan-batches.js';
import { spread } from './support/stats.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SCAN_ROWS = Number(process.env.BENCH_SCAN_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GS1_SHARE = Number(process.env.BENCH_GS1_SHARE ?? 0.1);

async function readCatalogue(file: string): Promise<CatalogueProduct[]> {
  const table = await openTable(file, 'catalogue.csv', { header: 'yes' });
  const products: CatalogueProduct[] = [];
  for await (const batch of table.batches()) {
    for (const { cells } of batch) products.push({
      id: cells[0]!,
      sku: cells[0]!,
      upc: cells[1] || null,
      otherIdentifier: null,
      name: cells[2] || null,
      category: cells[3] || null,
      location: cells[4] || null,
      expectedQuantity: Number(cells[5]),
      costPrice: cells[6] || null,
      inScope: true,
    });
  }
  return products;
}

/**
 * How the run reads and takes the lines: `streamed` as the processing worker does (the scan file
 * read and prepared in the scan reading thread, docs/decisions/0181; `finishStreamed`, every line
 * of every category made in result order and handed on, then dropped: the worker writes each as
 * CSV; docs/decisions/0084), `held` as the command-line reconciliation does (the scan file read
 * in this thread; `finish()`, every line kept in the result's arrays). The budget is the first:
 * it is the server's engine (docs/decisions/0099).
 */
type LineMode = 'streamed' | 'held';

/**
 * Where a run's time went, in seconds: reading the catalogue file into products, building the
 * engine (its catalogue index), reading the scan file (waiting for each batch of the reader),
 * counting the rows (`addColumns`: normalising, looking up, tallying) and making the lines. They
 * add up to the run's time; the clock is read twice a batch (a few hundred times a run).
 */
interface Phases {
  catalogue: number;
  index: number;
  scanRead: number;
  count: number;
  lines: number;
}

/**
 * One run of readers + engine on `files`. `onLine`, given only to the untimed check of the lines
 * (`checkFirstReadLines`), sees each streamed line as it is made.
 */
async function runEngine(files: { catalogueFile: string; scanFile: string }, mode: LineMode, onLine?: (category: ResultCategory, line: ResultItem) => void) {
  const started = performance.now();
  // Streamed, as the processing worker does: the scan file is read and prepared in the scan
  // reading thread from the start (docs/decisions/0181); held, as the CLI does: in this thread.
  const prepared = mode === 'streamed' ? preparer().read({ path: files.scanFile, fileName: 'scans.csv', scanColumn: 'Barcode', quantityColumn: 'Qty', hasHeader: 'auto' }) : null;
  const catalogue = await readCatalogue(files.catalogueFile);
  const catalogueRead = performance.now();
  const reconciler = createReconciler({
    auditType: 'cycle-count',
    mode: 'standard',
    catalogue,
    files: [{ fileName: 'scans.csv', teamName: 'Team 1', scannerId: null }],
  });
  const built = performance.now();
  let counting = 0;
  if (prepared !== null) {
    for await (const batch of prepared) {
      const batchGiven = performance.now();
      reconciler.addPrepared(0, batch);
      counting += performance.now() - batchGiven;
    }
  } else {
    const table = await openTable(files.scanFile, 'scans.csv', { header: 'auto' });
    for await (const batch of readScanColumns(table, { scanColumn: 'Barcode', quantityColumn: 'Qty' })) {
      const batchGiven = performance.now();
      reconciler.addColumns(0, batch.values, batch.quantities, batch.count, batch.lines, batch);
      counting += performance.now() - batchGiven;
    }
  }
  const counted = performance.now();
  const phases = (end: number): Phases => ({
    catalogue: (catalogueRead - started) / 1000,
    index: (built - catalogueRead) / 1000,
    scanRead: (counted - built - counting) / 1000,
    count: counting / 1000,
    lines: (end - counted) / 1000,
  });
  if (mode === 'held') {
    const result = reconciler.finish();
    const lines = RESULT_CATEGORIES.reduce((n, category) => n + result.categories[category].length, 0);
    const ended = performance.now();
    return { seconds: (ended - started) / 1000, phases: phases(ended), counts: result.counts, lines, totalScanned: result.summary.totalScanned };
  }
  const { results, lines } = reconciler.finishStreamed();
  let made = 0;
  let units = 0;
  for (const category of RESULT_CATEGORIES) {
    for (const line of lines(category)) {
      made += 1;
      units += line.scannedQuantity;
      onLine?.(category, line);
    }
  }
  if (units < 0) throw new Error('negative units');
  const ended = performance.now();
  return { seconds: (ended - started) / 1000, phases: phases(ended), counts: results.counts, lines: made, totalScanned: results.summary.totalScanned };
}

/**
 * The scan reading thread of the streamed runs, started before the runs as the server starts its
 * own ahead of the jobs (reconcile-in-worker.ts), and the port they read through.
 */
const readingThread = new ScanReadingThread();
let scanPreparer: ScanPreparer | null = null;
function preparer(): ScanPreparer {
  if (scanPreparer === null) throw new Error('the scan reading thread is not started');
  return scanPreparer;
}

/** Each phase's median over `runs`, in seconds (3 decimals). */
function phaseMedians(runs: { phases: Phases }[]): Phases {
  const median = (key: keyof Phases) => Number(spread(runs.map((r) => r.phases[key])).median.toFixed(3));
  return { catalogue: median('catalogue'), index: median('index'), scanRead: median('scanRead'), count: median('count'), lines: median('lines') };
}

/**
 * Checks, once and untimed, that the engine's lines are the first-read reference's lines
 * (`runDuckDbFirstReads`): the same category, product (or value), first scanned value, units,
 * lot, expiry and serial, line for line. Throws naming the first few that differ.
 */
async function checkFirstReadLines(files: { catalogueFile: string; scanFile: string }, reference: string[]): Promise<void> {
  const engine: string[] = [];
  await runEngine(files, 'streamed', (category, line) =>
    engine.push([category, line.sku ?? line.scanValue ?? '', line.scanValue ?? '', String(line.scannedQuantity), line.lot ?? '', line.expiry ?? '', line.serial ?? ''].join('\t')),
  );
  const expected = new Set(reference);
  const missing = engine.filter((line) => !expected.has(line));
  const got = new Set(engine);
  const extra = reference.filter((line) => !got.has(line));
  if (missing.length > 0 || extra.length > 0 || engine.length !== reference.length) {
    throw new Error(`the engine's lines (${engine.length}) are not the first-read reference's (${reference.length}): engine only ${JSON.stringify(missing.slice(0, 3))}, reference only ${JSON.stringify(extra.slice(0, 3))}`);
  }
}

/** `phases` as one line of text. */
function phasesText(phases: Phases): string {
  return Object.entries(phases)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(3)} s`)
    .join(', ');
}

type EngineRun = Awaited<ReturnType<typeof runEngine>>;

async function main() {
  // BENCH_DIR keeps the generated files there (for profiling); by default they go to a temp dir.
  const dir = process.env.BENCH_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-'));
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  try {
    console.log(`Generating ${PRODUCTS} products and ${SCAN_ROWS} scan rows (seeded)...`);
    const files = await generate(dir, PRODUCTS, SCAN_ROWS);
    await readingThread.start();
    scanPreparer = new ScanPreparer(readingThread.connect());
    const engineRuns: EngineRun[] = [];
    const heldRuns: EngineRun[] = [];
    const duckRuns: Array<Awaited<ReturnType<typeof runDuckDb>>> = [];
    const firstReadRuns: Array<Awaited<ReturnType<typeof runDuckDbFirstReads>>> = [];
    // The four take turns going first: a run right after DuckDB's (its threads, its memory) or
    // after another is not always the same one.
    const cases = [
      async () => engineRuns.push(await runEngine(files, 'streamed')),
      async () => heldRuns.push(await runEngine(files, 'held')),
      async () => duckRuns.push(await runDuckDb(files)),
      async () => firstReadRuns.push(await runDuckDbFirstReads(files, firstReadRuns.length === 0)),
    ];
    for (let run = 0; run < RUNS; run += 1) {
      for (let k = 0; k < cases.length; k += 1) await cases[(run + k) % cases.length]!();
    }
    const [streamedRun, heldRun] = [engineRuns[0]!, heldRuns[0]!];
    if (JSON.stringify(streamedRun.counts) !== JSON.stringify(heldRun.counts) || streamedRun.lines !== heldRun.lines) {
      throw new Error(`streamed and held lines differ: ${streamedRun.lines} ${JSON.stringify(streamedRun.counts)} / ${heldRun.lines} ${JSON.stringify(heldRun.counts)}`);
    }
    const stats = (runs: { seconds: number }[]) => spread(runs.map((r) => r.seconds));
    await checkFirstReadLines(files, firstReadRuns[0]!.lines);
    firstReadRuns[0]!.lines = [];
    const engine = stats(engineRuns);
    const held = stats(heldRuns);
    const duck = stats(duckRuns);
    const firstReads = stats(firstReadRuns);

    // The GS1 variant: the same catalogue, a tenth of the scan rows GS1 element strings.
    const gs1Engine: EngineRun[] = [];
    const gs1Duck: Array<Awaited<ReturnType<typeof runDuckDb>>> = [];
    const gs1FirstReads: Array<Awaited<ReturnType<typeof runDuckDbFirstReads>>> = [];
    if (GS1_SHARE > 0) {
      const gs1Dir = path.join(dir, 'gs1');
      mkdirSync(gs1Dir, { recursive: true });
      const gs1Files = await generate(gs1Dir, PRODUCTS, SCAN_ROWS, GS1_SHARE);
      const gs1Cases = [
        async () => gs1Engine.push(await runEngine(gs1Files, 'streamed')),
        async () => gs1Duck.push(await runDuckDb(gs1Files)),
        async () => gs1FirstReads.push(await runDuckDbFirstReads(gs1Files, gs1FirstReads.length === 0)),
      ];
      for (let run = 0; run < RUNS; run += 1) {
        for (let k = 0; k < gs1Cases.length; k += 1) await gs1Cases[(run + k) % gs1Cases.length]!();
      }
      await checkFirstReadLines(gs1Files, gs1FirstReads[0]!.lines);
    }
    const gs1 = gs1Engine.length > 0 ? { engine: stats(gs1Engine), duck: stats(gs1Duck), firstReads: stats(gs1FirstReads) } : null;
    const load = os.loadavg().map((l) => Number(l.toFixed(2)));
    const times = (runs: { seconds: number }[]) => runs.map((r) => r.seconds.toFixed(3)).join(', ');
    console.log('engine counts:', JSON.stringify(streamedRun.counts), `(${streamedRun.lines} lines)`);
    console.log('duckdb counts:', JSON.stringify(duckRuns[0]!.counts));
    console.log(`readers + engine as the server runs them (scan reading thread, lines streamed): median ${engine.median.toFixed(3)} s, spread ${engine.min.toFixed(3)}-${engine.max.toFixed(3)} (runs: ${times(engineRuns)})`);
    console.log(`readers + engine as the CLI runs them (one thread, lines held):                 median ${held.median.toFixed(3)} s, spread ${held.min.toFixed(3)}-${held.max.toFixed(3)} (runs: ${times(heldRuns)})`);
    console.log(`DuckDB lines:                                                                  median ${duck.median.toFixed(3)} s, spread ${duck.min.toFixed(3)}-${duck.max.toFixed(3)} (runs: ${times(duckRuns)})`);
    console.log(`ratio ${(engine.median / duck.median).toFixed(2)}x (held ${(held.median / duck.median).toFixed(2)}x); budget <= 1.0 s and <= 0.8x; load average ${load.join(' ')}`);
    console.log(`readers + engine, lines streamed, median of each phase: ${phasesText(phaseMedians(engineRuns))}`);
    console.log(
      `For information (docs/decisions/0179): DuckDB lines keeping each line's first read, as the engine's do: median ${firstReads.median.toFixed(3)} s, spread ${firstReads.min.toFixed(3)}-${firstReads.max.toFixed(3)}; engine ${(engine.median / firstReads.median).toFixed(2)}x of it`,
    );
    if (gs1 !== null) {
      console.log(`GS1 variant (${GS1_SHARE * 100}% of the rows GS1 strings): engine counts ${JSON.stringify(gs1Engine[0]!.counts)} (${gs1Engine[0]!.lines} lines); duckdb counts ${JSON.stringify(gs1Duck[0]!.counts)}`);
      console.log(`GS1 variant, readers + engine, lines streamed: median ${gs1.engine.median.toFixed(3)} s (runs: ${times(gs1Engine)})`);
      console.log(`GS1 variant, DuckDB lines:                    median ${gs1.duck.median.toFixed(3)} s (runs: ${times(gs1Duck)})`);
      console.log(`GS1 variant, median of each phase: ${phasesText(phaseMedians(gs1Engine))}`);
      console.log(`GS1 variant ratio ${(gs1.engine.median / gs1.duck.median).toFixed(2)}x; budget <= 1.1x`);
      console.log(`GS1 variant, for information: DuckDB lines keeping first reads (lot, expiry, serial), a serial counted once: median ${gs1.firstReads.median.toFixed(3)} s; engine ${(gs1.engine.median / gs1.firstReads.median).toFixed(2)}x of it`);
    }
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        bench: 'engine',
        products: PRODUCTS,
        scanRows: SCAN_ROWS,
        runs: RUNS,
        seconds: Number(engine.median.toFixed(3)),
        secondsSpread: [Number(engine.min.toFixed(3)), Number(engine.max.toFixed(3))],
        heldLinesSeconds: Number(held.median.toFixed(3)),
        heldLinesSecondsSpread: [Number(held.min.toFixed(3)), Number(held.max.toFixed(3))],
        referenceSeconds: Number(duck.median.toFixed(3)),
        referenceSpread: [Number(duck.min.toFixed(3)), Number(duck.max.toFixed(3))],
        ratio: Number((engine.median / duck.median).toFixed(3)),
        phases: phaseMedians(engineRuns),
        firstReadReferenceSeconds: Number(firstReads.median.toFixed(3)),
        firstReadReferenceSpread: [Number(firstReads.min.toFixed(3)), Number(firstReads.max.toFixed(3))],
        ratioToFirstReadReference: Number((engine.median / firstReads.median).toFixed(3)),
        peakRssMB: Math.round(peakRss / 1024 / 1024),
        ...(gs1 === null
          ? {}
          : {
              gs1Share: GS1_SHARE,
              gs1Seconds: Number(gs1.engine.median.toFixed(3)),
              gs1SecondsSpread: [Number(gs1.engine.min.toFixed(3)), Number(gs1.engine.max.toFixed(3))],
              gs1ReferenceSeconds: Number(gs1.duck.median.toFixed(3)),
              gs1ReferenceSpread: [Number(gs1.duck.min.toFixed(3)), Number(gs1.duck.max.toFixed(3))],
              gs1Ratio: Number((gs1.engine.median / gs1.duck.median).toFixed(3)),
              gs1Phases: phaseMedians(gs1Engine),
              gs1FirstReadReferenceSeconds: Number(gs1.firstReads.median.toFixed(3)),
              gs1RatioToFirstReadReference: Number((gs1.engine.median / gs1.firstReads.median).toFixed(3)),
            }),
        loadAverage: load,
      }),
    );
  } finally {
    scanPreparer?.close();
    await readingThread.close();
    clearInterval(sampler);
    if (!process.env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
