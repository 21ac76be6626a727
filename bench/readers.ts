/**
 * `npx tsx bench/readers.ts`: throughput of the file readers (src/server/files) on a generated
 * 1,000,000-row x 2-column scan CSV (`Barcode,Qty`), against two references run on the same file
 * in the same process: papaparse (chunk mode, no line numbers) and DuckDB's read_csv
 * (DESIGN.md section 7). Also a 100,000-row XLSX through the streaming Excel reader.
 *
 * Options (env): BENCH_ROWS (1000000), BENCH_XLSX_ROWS (100000), BENCH_RUNS (5, best taken).
 * Prints the figures; the last line is one JSON object.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { openTable, readScanRowBatches, readScanRows } from '../src/server/files/index.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const barcode = (i: number) => String(400638133393 + i * 7919).padStart(13, '0');

async function writeCsv(file: string, quoted: boolean): Promise<void> {
  const out = createWriteStream(file);
  let chunk = 'Barcode,Qty\r\n';
  for (let i = 0; i < ROWS; i++) {
    chunk += quoted ? `"${barcode(i)}",${(i % 50) + 1}\r\n` : `${barcode(i)},${(i % 50) + 1}\r\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((res) => out.once('drain', () => res()));
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);
}

async function writeXlsx(file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('Count');
  ws.addRow(['Item Code', 'Counted']).commit();
  for (let i = 0; i < XLSX_ROWS; i++) ws.addRow([i % 3 === 0 ? Number(barcode(i)) : barcode(i), (i % 50) + 1]).commit();
  ws.commit();
  await wb.commit();
}

type Measure = () => Promise<number>;

/** Best wall time over RUNS, and the row count the work reported. */
async function best(measure: Measure): Promise<{ seconds: number; rows: number; runs: number[] }> {
  const runs: number[] = [];
  let rows = 0;
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    rows = await measure();
    runs.push((performance.now() - started) / 1000);
  }
  return { seconds: Math.min(...runs), rows, runs };
}

const ours = {
  batches: (file: string): Measure => async () => {
    const table = await openTable(file, 'scans.csv');
    let n = 0;
    for await (const batch of table.batches()) n += batch.length;
    return n;
  },
  rows: (file: string): Measure => async () => {
    const table = await openTable(file, 'scans.csv');
    let n = 0;
    for await (const _ of table.rows()) n++;
    return n;
  },
  scanRows: (file: string, name = 'scans.csv', mapping = { scanColumn: 'Barcode', quantityColumn: 'Qty' }): Measure => async () => {
    const table = await openTable(file, name);
    let n = 0;
    let units = 0;
    for await (const row of readScanRows(table, mapping)) {
      n++;
      units += row.quantity;
    }
    return units > 0 ? n : -1;
  },
  scanRowBatches: (file: string): Measure => async () => {
    const table = await openTable(file, 'scans.csv');
    let n = 0;
    for await (const batch of readScanRowBatches(table, { scanColumn: 'Barcode', quantityColumn: 'Qty' })) n += batch.length;
    return n;
  },
};

const papaparse = (file: string): Measure => () =>
  new Promise((resolve, reject) => {
    let n = 0;
    Papa.parse(createReadStream(file, { encoding: 'utf8' }), {
      header: false,
      chunk: (result: Papa.ParseResult<string[]>) => {
        n += result.data.length;
      },
      complete: () => resolve(n - 1),
      error: reject,
    });
  });

async function duckdb(file: string): Promise<Measure> {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  return async () => {
    const result = await db.runAndReadAll(
      `SELECT count(*), sum(CAST(Qty AS INTEGER)) FROM read_csv('${file}', header = true, all_varchar = true)`,
    );
    return Number(result.getRows()[0]![0]);
  };
}

/** Peak heap growth (MB) while reading every scan row once, sampled every 10,000 rows. */
async function heapGrowth(file: string): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const table = await openTable(file, 'scans.csv');
  let n = 0;
  for await (const _ of readScanRows(table, { scanColumn: 'Barcode', quantityColumn: 'Qty' })) {
    if (++n % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  return (peak - base) / 1024 / 1024;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-readers-'));
  const plain = path.join(dir, 'scans.csv');
  const quoted = path.join(dir, 'quoted.csv');
  const xlsx = path.join(dir, 'counts.xlsx');
  try {
    console.log(`Generating ${ROWS} rows x 2 columns (plain and quoted) and an XLSX of ${XLSX_ROWS} rows...`);
    await writeCsv(plain, false);
    await writeCsv(quoted, true);
    await writeXlsx(xlsx);
    const duck = await duckdb(plain);

    const results = {
      batches: await best(ours.batches(plain)),
      rows: await best(ours.rows(plain)),
      scanRows: await best(ours.scanRows(plain)),
      scanRowBatches: await best(ours.scanRowBatches(plain)),
      scanRowsQuoted: await best(ours.scanRows(quoted)),
      papaparse: await best(papaparse(plain)),
      duckdb: await best(duck),
      xlsxScanRows: await best(ours.scanRows(xlsx, 'counts.xlsx', { scanColumn: 'Item Code', quantityColumn: 'Counted' })),
    };
    const growth = await heapGrowth(plain);

    for (const [name, r] of Object.entries(results)) {
      console.log(
        `${name.padEnd(16)} ${r.seconds.toFixed(3)} s  ${String(r.rows).padStart(8)} rows  ${Math.round(r.rows / r.seconds / 1000)}k rows/s  (runs: ${r.runs.map((s) => s.toFixed(3)).join(', ')})`,
      );
    }
    const ratio = results.scanRows.seconds / results.duckdb.seconds;
    console.log(`readScanRows / DuckDB read_csv: ${ratio.toFixed(2)}x; / papaparse: ${(results.scanRows.seconds / results.papaparse.seconds).toFixed(2)}x`);
    console.log(`peak heap growth while reading ${ROWS} scan rows: ${growth.toFixed(1)} MB`);
    console.log(
      JSON.stringify({
        bench: 'readers',
        rows: ROWS,
        batchesSeconds: round(results.batches.seconds),
        rowsSeconds: round(results.rows.seconds),
        scanRowsSeconds: round(results.scanRows.seconds),
        scanRowBatchesSeconds: round(results.scanRowBatches.seconds),
        scanRowsQuotedSeconds: round(results.scanRowsQuoted.seconds),
        papaparseSeconds: round(results.papaparse.seconds),
        referenceSeconds: round(results.duckdb.seconds),
        ratio: round(ratio),
        xlsxRows: XLSX_ROWS,
        xlsxSeconds: round(results.xlsxScanRows.seconds),
        heapGrowthMB: Math.round(growth),
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (n: number) => Number(n.toFixed(3));

await main();
