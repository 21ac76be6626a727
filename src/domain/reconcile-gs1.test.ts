/**
 * The engine on what scanners send (DESIGN.md section 5 rule 1): grouped digits and GS1 element
 * strings in their three forms, logistic labels, lot/expiry/serial on the lines, serialised
 * items read again, malformed GS1.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enhancedResultsSchema, RESULT_CATEGORIES, type EnhancedResults, type ResultItem } from '../contracts/results.js';
import { createReconciler, reconcile, type CatalogueProduct, type ReconcileOptions } from './reconcile.js';
import { gs1CheckDigit } from './gtin.js';

function product(sku: string, extra: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return { id: `id-${sku}`, sku, upc: null, otherIdentifier: null, name: `Name of ${sku}`, category: 'Cat', location: 'A-01', expectedQuantity: 0, costPrice: null, inScope: true, ...extra };
}

type Row = [value: string, quantity?: number];

function run(catalogue: CatalogueProduct[], files: Row[][], opts: Partial<Pick<ReconcileOptions, 'mode'>> = {}): EnhancedResults {
  const results = reconcile({
    auditType: 'cycle-count',
    mode: opts.mode ?? 'standard',
    catalogue,
    files: files.map((_, i) => ({ fileName: `f${i + 1}.csv`, teamName: null, scannerId: null })),
    scans: files.map((rows) => rows.map(([value, quantity = 1]) => ({ value, quantity }))),
  });
  enhancedResultsSchema.parse(results);
  return results;
}

function line(results: EnhancedResults, sku: string): { category: string; line: ResultItem } | undefined {
  for (const category of RESULT_CATEGORIES) {
    const found = results.categories[category].find((l) => l.sku === sku);
    if (found) return { category, line: found };
  }
  return undefined;
}

const GS = '\u001d';
const GTIN = '09501101530003';
const wine = product('WINE', { upc: '9501101530003', expectedQuantity: 30 });
const cable = product('CABLE', { upc: '012345678905', expectedQuantity: 2 });

describe('grouped digits', () => {
  it.each([['0 12345 67890 5'], ['0-12345-67890-5'], ['12345 67890 5']])('%j finds the UPC 012345678905', (value) => {
    const r = run([cable], [[[value, 2]]]);
    expect(line(r, 'CABLE')).toMatchObject({ category: 'quantityCorrect', line: { scannedQuantity: 2, scanValue: value } });
  });

  it('reads an ISBN printed with hyphens as its EAN-13', () => {
    const book = product('BOOK', { upc: '9783161484100' });
    expect(line(run([book], [[['978-3-16-148410-0']]]), 'BOOK')?.line.scannedQuantity).toBe(1);
  });

  it('keeps a SKU written with hyphens first, and leaves fewer than 8 digits alone', () => {
    const hyphenSku = product('1234-5678');
    const digitsUpc = product('OTHER', { upc: '12345678', expectedQuantity: 1 });
    const r = run([hyphenSku, digitsUpc, product('123456', { upc: null })], [[['1234-5678'], ['12 34 56']]]);
    expect(line(r, '1234-5678')?.line.scannedQuantity).toBe(1);
    expect(line(r, 'OTHER')?.category).toBe('zeroSheetItems');
    expect(line(r, '12 34 56')?.category).toBe('notFound');
  });

  it('puts a grouped unknown code on the not-found line of its digits', () => {
    const r = run([cable], [[['4006381333931'], ['4 006381 333931', 2]]]);
    expect(r.categories.notFound).toHaveLength(1);
    expect(r.categories.notFound[0]).toMatchObject({ sku: '4006381333931', scannedQuantity: 3 });
  });

  // Property: grouping a digit code never gives another answer than its plain digits.
  const DIGIT_CODES = ['012345678905', '12345678905', '4006381333931', '96385074', '04252614', '042100005264', '10012345678902', '12345678', '540297123'];
  const catalogueArb = fc.array(
    fc.record({ sku: fc.constantFrom('A', 'B', ...DIGIT_CODES), upc: fc.option(fc.constantFrom(...DIGIT_CODES), { nil: null }), other: fc.option(fc.constantFrom(...DIGIT_CODES), { nil: null }) }),
    { maxLength: 6 },
  );
  const groupingArb = fc.tuple(fc.constantFrom(...DIGIT_CODES), fc.array(fc.constantFrom(' ', '-', '\u00a0', '  ', ' - '), { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }));
  it('matches a grouped code exactly as its plain digits (fast-check)', () => {
    fc.assert(
      fc.property(catalogueArb, groupingArb, (rows, [code, separators, cuts]) => {
        const catalogue = rows.map((row, i) => product(row.sku, { id: `p${i}`, upc: row.upc, otherIdentifier: row.other, expectedQuantity: 1 }));
        const positions = [...new Set(cuts.map((c) => 1 + (c % (code.length - 1))))].sort((a, b) => a - b);
        let grouped = '';
        let from = 0;
        positions.forEach((at, i) => {
          grouped += code.slice(from, at) + separators[i % separators.length];
          from = at;
        });
        grouped += code.slice(from);
        const plain = run(catalogue, [[[code]]]);
        const spaced = run(catalogue, [[[grouped]]]);
        const shape = (r: EnhancedResults) => RESULT_CATEGORIES.map((c) => r.categories[c].map((l) => [l.productId, l.scannedQuantity, c === 'notFound' ? l.reason : null]));
        expect(shape(spaced)).toEqual(shape(plain));
      }),
      { numRuns: 300 },
    );
  });
});

describe('GS1 element strings', () => {
  it.each([
    [`(01)${GTIN}(17)271231(10)AB-123`],
    [`]d201${GTIN}17271231${'10'}AB-123`],
    [`]C101${GTIN}10AB-123${GS}17271231`],
    [`https://example.com/01/${GTIN}/10/AB-123?17=271231`],
    [`https://id.example.org/01/9501101530003/10/AB-123?17=271231&linkType=all`],
  ])('%j counts the product and keeps lot and expiry', (value) => {
    const r = run([wine], [[[value, 3]]]);
    expect(line(r, 'WINE')?.line).toMatchObject({ scannedQuantity: 3, lot: 'AB-123', expiry: '2027-12-31', serial: null, scanValue: value });
  });

  it("keeps the details of a product's first GS1 read: lowest file, then row, whatever order the files are fed in", () => {
    const reconciler = createReconciler({
      auditType: 'cycle-count',
      mode: 'standard',
      catalogue: [wine],
      files: [0, 1, 2].map((i) => ({ fileName: `f${i + 1}.csv`, teamName: null, scannerId: null })),
    });
    reconciler.add(2, `(01)${GTIN}(10)FILE-3`, 1);
    reconciler.add(1, `(01)${GTIN}`, 1);
    reconciler.add(1, `(01)${GTIN}(10)FILE-2-FIRST(17)271231`, 1);
    reconciler.add(1, `(01)${GTIN}(10)FILE-2-LATER`, 1);
    reconciler.add(2, `(01)${GTIN}(10)FILE-3-LATER`, 1);
    expect(line(reconciler.finish(), 'WINE')?.line).toMatchObject({ scannedQuantity: 5, lot: 'FILE-2-FIRST', expiry: '2027-12-31', serial: null });
  });

  it('counts (37) units of (02) per read, times the row quantity', () => {
    const r = run([wine], [[[`(02)${GTIN}(37)12`, 2], [`(01)${GTIN}`, 6]]]);
    expect(line(r, 'WINE')).toMatchObject({ category: 'quantityCorrect', line: { scannedQuantity: 30 } });
    expect(r.summary.totalScanned).toBe(30);
  });

  it("counts an alternate barcode's units per read: a case GTIN in (01), a pack GTIN as (02)'s contents", () => {
    const CASE = '19501101530000';
    const PACK = '29501101530007';
    const bottles = product('BOTTLE', { upc: '9501101530003', alternates: [{ value: CASE, kind: 'barcode', units: 24 }, { value: PACK, kind: 'barcode', units: 6 }] });
    const r = run([bottles], [[[`(01)${CASE}(10)L1`], [`(02)${PACK}(37)10`, 2], [`(01)${GTIN}`]]]);
    expect(line(r, 'BOTTLE')?.line).toMatchObject({ scannedQuantity: 24 + 6 * 10 * 2 + 1, lot: 'L1' });
  });

  it('multiplies a decimal row quantity exactly', () => {
    const r = run([wine], [[[`(02)${GTIN}(37)12`, 2.5], [`(01)${GTIN}`, 0.001]]]);
    expect(line(r, 'WINE')?.line.scannedQuantity).toBe(30.001);
  });

  it('matches (01) at the barcode level only, never as SKU text', () => {
    const skuOnly = product(GTIN);
    const r = run([skuOnly], [[[`(01)${GTIN}`], [GTIN]]]);
    expect(line(r, GTIN)?.line.scannedQuantity).toBe(1);
    expect(r.categories.notFound.map((l) => [l.sku, l.reason])).toEqual([[`(01)${GTIN}`, 'unknown']]);
  });

  it('puts a GS1 read of an unknown GTIN on the not-found line of that GTIN, with its details', () => {
    const r = run([cable], [[[`(01)${GTIN}(10)L1`, 2], [GTIN], [`]d201${GTIN}`]]]);
    expect(r.categories.notFound).toHaveLength(1);
    expect(r.categories.notFound[0]).toMatchObject({ sku: `(01)${GTIN}(10)L1`, scannedQuantity: 4, reason: 'unknown', lot: 'L1' });
  });

  it.each([
    [`(01)09501101530004`, 'gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)'],
    [`(00)095011015300000010`, 'gs1: (00) SSCC alone names a logistic unit, not a product: no (01) or (02)'],
    [`]C11412345678901234`, 'gs1: unknown Application Identifier at "1412"'],
    [`(17)2712`, 'gs1: (17) is too short: 4 characters, 6 expected'],
  ])('%j is not found: %s', (value, reason) => {
    const r = run([wine], [[[value]]]);
    expect(r.categories.notFound.map((l) => [l.sku, l.reason])).toEqual([[value, reason]]);
  });

  it('lets a malformed GS1 string that is a SKU as written match that SKU', () => {
    const odd = product('(12)AB');
    const r = run([odd], [[['(12)AB'], ['(12)CD']]]);
    expect(line(r, '(12)AB')?.line.scannedQuantity).toBe(1);
    expect(r.categories.notFound.map((l) => [l.sku, l.reason])).toEqual([['(12)CD', 'gs1: (12) is too short: 2 characters, 6 expected']]);
  });

  it('counts a serialised item once and lists its repeats with where they were', () => {
    const r = run(
      [wine],
      [
        [[`(01)${GTIN}(21)S1`], [`(01)${GTIN}(21)S2`], [`]d201${GTIN}21S1`]],
        [[`https://example.com/01/${GTIN}/21/S1`], [`(01)${GTIN}(21)S3`]],
      ],
    );
    expect(line(r, 'WINE')?.line).toMatchObject({ scannedQuantity: 3, serial: 'S1' });
    expect(r.summary.totalScanned).toBe(3);
    expect(r.repeatedReads).toEqual([
      { fileName: 'f1.csv', line: 3, scanValue: `]d201${GTIN}21S1`, sku: 'WINE', productName: 'Name of WINE', gtin: GTIN, serial: 'S1', firstFileName: 'f1.csv', firstLine: 1 },
      { fileName: 'f2.csv', line: 1, scanValue: `https://example.com/01/${GTIN}/21/S1`, sku: 'WINE', productName: 'Name of WINE', gtin: GTIN, serial: 'S1', firstFileName: 'f1.csv', firstLine: 1 },
    ]);
  });

  it('counts a serial once per file in cross-validation mode', () => {
    const two = product('TWO', { upc: GTIN, expectedQuantity: 2 });
    const r = run([two], [[[`(01)${GTIN}(21)S1`], [`(01)${GTIN}(21)S2`], [`(01)${GTIN}(21)S2`]], [[`(01)${GTIN}(21)S2`], [`(01)${GTIN}(21)S1`]]], { mode: 'cross-validation' });
    expect(line(r, 'TWO')?.category).toBe('quantityCorrect');
    expect(r.repeatedReads.map((x) => [x.fileName, x.line, x.firstFileName, x.firstLine])).toEqual([['f1.csv', 3, 'f1.csv', 2]]);
  });

  it('names the file lines given to addColumns', () => {
    const reconciler = createReconciler({ auditType: 'cycle-count', mode: 'standard', catalogue: [wine], files: [{ fileName: 'a.csv', teamName: null, scannerId: null }] });
    const values = [`(01)${GTIN}(21)X`, `(01)${GTIN}(21)X`];
    reconciler.addColumns(0, values, [1, 1], 2, [2, 5]);
    expect(reconciler.finish().repeatedReads.map((x) => [x.line, x.firstLine])).toEqual([[5, 2]]);
  });

  // Property: a raw GS1 string and its bracketed twin always match alike, whatever the catalogue.
  const gtinArb = fc.constantFrom('950110153000', '001234567890', '400638133393', '000000009638', '1001234567890').map((body) => body.padStart(13, '0') + String(gs1CheckDigit(body.padStart(13, '0'))));
  it('matches a GS1 string and its bracketed twin alike (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ upc: fc.option(gtinArb.map((g) => g.replace(/^0+/, '')), { nil: null }), sku: fc.constantFrom('A', 'B', GTIN) }), { maxLength: 4 }),
        gtinArb,
        fc.option(fc.stringMatching(/^[A-Z0-9]{1,6}$/), { nil: undefined }),
        fc.option(fc.stringMatching(/^[0-9]{1,3}$/), { nil: undefined }),
        fc.constantFrom(']C1', ']d2', ']Q3', ']e0'),
        (rows, gtin, lot, count, symbology) => {
          const catalogue = rows.map((row, i) => product(row.sku, { id: `p${i}`, upc: row.upc }));
          const pairs: [string, string][] = count === undefined ? [['01', gtin]] : [['02', gtin], ['37', count]];
          if (lot !== undefined) pairs.push(['10', lot]);
          const bracketed = pairs.map(([ai, v]) => `(${ai})${v}`).join('');
          const raw = symbology + pairs.map(([ai, v]) => ai + v).join(GS);
          const shape = (r: EnhancedResults) => RESULT_CATEGORIES.map((c) => r.categories[c].map((l) => [l.productId, l.scannedQuantity, l.reason, l.lot]));
          expect(shape(run(catalogue, [[[raw, 2]]]))).toEqual(shape(run(catalogue, [[[bracketed, 2]]])));
        },
      ),
      { numRuns: 300 },
    );
  });
});
