import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { enhancedResultsSchema, RESULT_CATEGORIES } from '../contracts/results.js';
import { FIXTURE_NAMES, loadFixture } from '../domain/test-support/fixtures.js';
import { catalogueChoices, parseMapOption, parseScanSpec, reconcileFiles } from './reconcile.js';

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-cli-test-'));
const repoRoot = path.resolve(import.meta.dirname, '../..');

function scanArgs(fixtureName: string): string[] {
  const fx = loadFixture(fixtureName);
  return fx.manifest.scanFiles.flatMap((f) => [
    '--scan',
    [path.join(fx.dir, f.file), f.scanColumn, f.quantityColumn].filter(Boolean).join(':'),
  ]);
}

describe('parseScanSpec', () => {
  const exists = (p: string) => ['team1.csv', 'C:/x/team 4.xlsx', 'odd:name.csv'].includes(p);
  it.each([
    ['team1.csv:Barcode:Qty', { file: 'team1.csv', scanColumn: 'Barcode', quantityColumn: 'Qty' }],
    ['team1.csv:scan', { file: 'team1.csv', scanColumn: 'scan', quantityColumn: null }],
    ['team1.csv', { file: 'team1.csv', scanColumn: null, quantityColumn: null }],
    ['C:/x/team 4.xlsx:Item Code:Counted', { file: 'C:/x/team 4.xlsx', scanColumn: 'Item Code', quantityColumn: 'Counted' }],
    ['odd:name.csv:Code', { file: 'odd:name.csv', scanColumn: 'Code', quantityColumn: null }],
  ])('%s', (spec, want) => {
    expect(parseScanSpec(spec, exists)).toEqual(want);
  });
  it('names a missing file', () => {
    expect(() => parseScanSpec('nope.csv:Barcode', exists)).toThrow(/nope\.csv/);
  });
});

describe.each(FIXTURE_NAMES)('reconcileFiles on %s', (name) => {
  it('matches the reference answer', async () => {
    const fx = loadFixture(name);
    const results = await reconcileFiles({
      catalogue: path.join(fx.dir, fx.manifest.catalogue),
      scans: fx.manifest.scanFiles.map((f) => ({ file: path.join(fx.dir, f.file), scanColumn: f.scanColumn, quantityColumn: f.quantityColumn ?? null })),
      filter: fx.manifest.filterExpression ?? null,
      mode: 'standard',
    });
    expect(results.auditType).toBe(fx.manifest.auditType);
    expect(results.summary.totalScanned).toBe(fx.expected.totalScanned);
    expect(results.summary.matchRate).toBeCloseTo(fx.expected.matchRate, 12);
    for (const [category, n] of Object.entries(fx.expected.counts)) {
      expect(results.counts[category as keyof typeof results.counts], category).toBe(n);
    }
    for (const category of RESULT_CATEGORIES) {
      for (const item of results.categories[category]) {
        if (category === 'notFound') expect(fx.expected.notFound[item.sku]).toBe(item.scannedQuantity);
        else expect(fx.expected.items[item.sku]?.category, item.sku).toBe(category);
      }
    }
  });
});

describe('the reconcile command', () => {
  it('prints a summary and writes JSON, XLSX and CSV', async () => {
    const fx = loadFixture('cycle-count-basic');
    const out = { json: path.join(tmp, 'r.json'), xlsx: path.join(tmp, 'r.xlsx'), csv: path.join(tmp, 'r.csv') };
    const { stdout } = await run(
      'npx',
      ['tsx', 'src/cli/reconcile.ts', '--catalogue', path.join(fx.dir, 'catalogue.csv'), ...scanArgs('cycle-count-basic'), '--json', out.json, '--xlsx', out.xlsx, '--csv', out.csv],
      { cwd: repoRoot },
    );
    expect(stdout).toContain(`Scanned units: ${fx.expected.totalScanned}`);
    expect(stdout).toMatch(new RegExp(`Quantity correct\\s+${fx.expected.counts.quantityCorrect}`));
    const json = enhancedResultsSchema.parse(JSON.parse(readFileSync(out.json, 'utf8')));
    expect(json.categories.zeroSheetItems).toHaveLength(fx.expected.counts.zeroSheetItems!);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out.xlsx);
    expect(wb.getWorksheet('Above')!.actualRowCount).toBe(fx.expected.counts.quantityAbove! + 1);
    expect(readFileSync(out.csv, 'utf8').trim().split(/\r?\n/)).toHaveLength(
      Object.values(fx.expected.counts).reduce((a, b) => a + b, 0) + 1,
    );
  });

  it('exits 1 naming file and line for a bad quantity', async () => {
    const fx = loadFixture('cycle-count-basic');
    const bad = path.join(tmp, 'bad.csv');
    writeFileSync(bad, 'Barcode,Qty\n123,1\n456,lots\n');
    const failed = await run('npx', ['tsx', 'src/cli/reconcile.ts', '--catalogue', path.join(fx.dir, 'catalogue.csv'), '--scan', `${bad}:Barcode:Qty`], {
      cwd: repoRoot,
    }).catch((err) => err);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('bad.csv line 3: quantity "lots" is not a number');
  });

  it('counts measured goods: decimal stock and scan quantities, summed exactly, in every output', async () => {
    const catalogue = path.join(tmp, 'kg-catalogue.csv');
    const scans = path.join(tmp, 'kg-scans.csv');
    writeFileSync(catalogue, 'SKU,Product Name,Stock On Hand\nRICE,Rice (kg),1.50\nCABLE,Cable (m),843.00000\nSALT,Salt (kg),0.3\n');
    writeFileSync(scans, 'SKU,Qty\nRICE,2.5\nCABLE,843\nSALT,0.1\nSALT,0.2\n');
    const out = { xlsx: path.join(tmp, 'kg.xlsx'), csv: path.join(tmp, 'kg.csv') };
    const { stdout } = await run('npx', ['tsx', 'src/cli/reconcile.ts', '--catalogue', catalogue, '--scan', `${scans}:SKU:Qty`, '--xlsx', out.xlsx, '--csv', out.csv], { cwd: repoRoot });
    expect(stdout).toContain('Scanned units: 845.8');
    expect(stdout).toContain('Variance: 1 units');
    expect(stdout).toMatch(/Quantity correct\s+2/);
    const csv = readFileSync(out.csv, 'utf8');
    expect(csv).toMatch(/\nAbove,RICE,RICE,Rice \(kg\),1\.5,2\.5,1,/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out.xlsx);
    const above = wb.getWorksheet('Above')!.getRow(2);
    const header = wb.getWorksheet('Above')!.getRow(1).values as string[];
    const cell = (name: string) => above.getCell(header.indexOf(name));
    expect([cell('Expected').value, cell('Difference').value]).toEqual([1.5, 1]);
    expect(cell('Expected').numFmt).toBe('#,##0.0##');
    expect(cell('Difference').numFmt).toBe('+#,##0;-#,##0;0');
  });

  it('exits 2 with usage on missing arguments', async () => {
    const failed = await run('npx', ['tsx', 'src/cli/reconcile.ts'], { cwd: repoRoot }).catch((err) => err);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('usage:');
  });
});

describe('a fixed-width scan file on the command line', () => {
  it('reads it as columns, guesses them and counts signed quantities', async () => {
    const fx = loadFixture('cycle-count-basic');
    const scan = path.join(tmp, 'HANDHELD.TXT');
    // A handheld's export: barcode and SKU padded with blanks, the count right-aligned, a
    // correction written with its sign after the digits; no header.
    writeFileSync(scan, ['5442572175130      5', 'sku9290-XL         2', 'sku9290-XL         1-', 'NOT-IN-CATALOGUE   4'].join('\r\n'));
    const results = await reconcileFiles({
      catalogue: path.join(fx.dir, 'catalogue.csv'),
      scans: [{ file: scan, scanColumn: null, quantityColumn: null }],
      filter: null,
      mode: 'standard',
    });
    expect(results.summary.totalScanned).toBe(10);
    const scanned = (sku: string) => RESULT_CATEGORIES.flatMap((c) => results.categories[c]).find((l) => l.sku === sku)?.scannedQuantity;
    expect([scanned('AB-97921'), scanned('sku9290-XL'), scanned('NOT-IN-CATALOGUE')]).toEqual([5, 1, 4]);
  });
});

describe('catalogue options of the command line', () => {
  it('parses --map into header -> field, refusing unknown fields', () => {

    expect(parseMapOption('Item_ID=sku, Notes=skip,Qty = currentQuantity')).toEqual({ Item_ID: 'sku', Notes: 'skip', Qty: 'currentQuantity' });
    expect(() => parseMapOption('Item_ID=code')).toThrow(/"code" is not a product field/);
    expect(() => parseMapOption('sku')).toThrow(/expected Header=field/);
  });

  it('puts --location and --map over the proposed mapping', () => {

    const headers = ['Token', 'Item Name', 'Variation Name', 'SKU', 'Current Quantity North', 'Current Quantity South'];
    expect(catalogueChoices(headers, [], { location: 'north', map: { Token: 'skip', 'Variation Name': 'description' } }, 'sq.csv')).toEqual({
      mapping: { 'Item Name': 'name', SKU: 'sku', 'Variation Name': 'description' },
      location: 'north',
    });
    expect(() => catalogueChoices(headers, [], { location: 'East' }, 'sq.csv')).toThrow(/Locations: North, South/);
    expect(() => catalogueChoices(headers, [], { map: { Nope: 'sku' } }, 'sq.csv')).toThrow(/no column "Nope"/);
  });
});
