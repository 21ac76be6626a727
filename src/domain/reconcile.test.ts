/**
 * Table-driven tests of the engine's rules (DESIGN.md section 5), one small catalogue at a time.
 */
import { describe, expect, it } from 'vitest';
import { enhancedResultsSchema, RESULT_CATEGORIES, type EnhancedResults, type ResultItem } from '../contracts/results.js';
import {
  createReconciler,
  reconcile,
  ScanQuantityError,
  type CatalogueProduct,
  type ReconcileOptions,
} from './reconcile.js';

function product(sku: string, extra: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: `id-${sku}`,
    sku,
    upc: null,
    otherIdentifier: null,
    name: `Name of ${sku}`,
    category: 'Cat',
    location: 'A-01',
    expectedQuantity: 0,
    costPrice: null,
    inScope: true,
    ...extra,
  };
}

type Row = [value: string, quantity?: number];

function run(
  catalogue: CatalogueProduct[],
  files: Row[][],
  opts: Partial<Pick<ReconcileOptions, 'mode' | 'auditType'>> = {},
): EnhancedResults {
  const results = reconcile({
    auditType: opts.auditType ?? 'cycle-count',
    mode: opts.mode ?? 'standard',
    catalogue,
    files: files.map((_, i) => ({ fileName: `f${i + 1}.csv`, teamName: `Team ${i + 1}`, scannerId: null })),
    scans: files.map((rows) => rows.map(([value, quantity = 1]) => ({ value, quantity }))),
  });
  enhancedResultsSchema.parse(results);
  return results;
}

/** The category and line of a SKU (product lines) or value (notFound). */
function find(results: EnhancedResults, sku: string): { category: string; line: ResultItem } | undefined {
  for (const category of RESULT_CATEGORIES) {
    const line = results.categories[category].find((l) => l.sku === sku);
    if (line) return { category, line };
  }
  return undefined;
}

const categoryOf = (results: EnhancedResults, sku: string) => find(results, sku)?.category;

describe('matching (DESIGN.md section 5 rules 1-2)', () => {
  const upcProduct = product('P-UPC', { upc: '012345678905', expectedQuantity: 1 });

  it.each([
    ['UPC-A', '012345678905'],
    ['EAN-13', '0012345678905'],
    ['GTIN-14', '00012345678905'],
    ['UPC-A without its leading zero', '12345678905'],
    ['with an apostrophe', "'012345678905"],
    ['quoted and padded', ' "012345678905" '],
  ])('finds a UPC from its %s form', (_, value) => {
    expect(categoryOf(run([upcProduct], [[[value]]]), 'P-UPC')).toBe('quantityCorrect');
  });

  it('finds a catalogue EAN-13 from the UPC-A and GTIN-14 forms', () => {
    const ean = product('P-EAN', { upc: '0012345678905', expectedQuantity: 2 });
    expect(categoryOf(run([ean], [[['012345678905'], ['00012345678905']]]), 'P-EAN')).toBe('quantityCorrect');
  });

  it('never reduces a GTIN-14 with indicator 1-8 to the unit code', () => {
    const results = run([upcProduct], [[['10012345678902']]]);
    expect(categoryOf(results, 'P-UPC')).toBe('zeroSheetItems');
    expect(find(results, '10012345678902')!.line.reason).toBe('unknown');
  });

  it('matches a case GTIN-14 to the product that carries it', () => {
    const unit = product('UNIT', { upc: '012345678905', expectedQuantity: 5 });
    const box = product('BOX', { upc: '10012345678902', expectedQuantity: 1 });
    const results = run([unit, box], [[['10012345678902'], ['012345678905', 5]]]);
    expect(categoryOf(results, 'BOX')).toBe('quantityCorrect');
    expect(categoryOf(results, 'UNIT')).toBe('quantityCorrect');
  });

  it('expands a scanned UPC-E to the catalogue UPC-A, and the other way round', () => {
    const upcA = product('A', { upc: '042100005264', expectedQuantity: 1 });
    expect(categoryOf(run([upcA], [[['04252614']]]), 'A')).toBe('quantityCorrect');
    const upcE = product('E', { upc: '04252614', expectedQuantity: 2 });
    expect(categoryOf(run([upcE], [[['042100005264'], ['04252614']]]), 'E')).toBe('quantityCorrect');
  });

  it.each([
    ['same case', 'sku-1'],
    ['upper case', 'SKU-1'],
    ['padded', '  Sku-1 '],
    ['quoted', '"sku-1"'],
  ])('finds a SKU case-insensitively (%s)', (_, value) => {
    expect(categoryOf(run([product('sku-1', { expectedQuantity: 1 })], [[[value]]]), 'sku-1')).toBe('quantityCorrect');
  });

  it('finds the other identifier case-insensitively', () => {
    const p = product('P1', { otherIdentifier: 'VN102889', expectedQuantity: 1 });
    expect(categoryOf(run([p], [[['vn102889']]]), 'P1')).toBe('quantityCorrect');
  });

  it('tries SKU, then UPC, then other identifier; the first hit wins', () => {
    const bySku = product('540297', { expectedQuantity: 1 });
    const byUpc = product('X', { upc: '540297', expectedQuantity: 1 });
    const byOther = product('Y', { otherIdentifier: '540297' });
    const results = run([bySku, byUpc, byOther], [[['540297']]]);
    expect(categoryOf(results, '540297')).toBe('quantityCorrect');
    expect(categoryOf(results, 'X')).toBe('zeroSheetItems');

    const upcBeforeOther = run([byUpc, product('Z', { otherIdentifier: '540297' })], [[['540297']]]);
    expect(categoryOf(upcBeforeOther, 'X')).toBe('quantityCorrect');
    expect(find(upcBeforeOther, 'Z')).toBeUndefined();
  });

  it.each([
    ['SKU (case-insensitive)', [product('ab-1'), product('AB-1')], 'Ab-1', 'ambiguous: AB-1, ab-1'],
    [
      'UPC (same GTIN-14)',
      [product('P2', { upc: '0012345678905' }), product('P1', { upc: '012345678905' })],
      '12345678905',
      'ambiguous: P1, P2',
    ],
    [
      'other identifier',
      [product('P1', { otherIdentifier: 'VN-1' }), product('P2', { otherIdentifier: 'vn-1' }), product('P3', { otherIdentifier: 'VN-1' })],
      'VN-1',
      'ambiguous: P1, P2, P3',
    ],
  ])('sends a value on two products at the same level (%s) to notFound', (_, catalogue, value, reason) => {
    const results = run(catalogue, [[[value, 3]]]);
    const nf = results.categories.notFound;
    expect(nf).toHaveLength(1);
    expect(nf[0]).toMatchObject({ sku: value.trim(), reason, scannedQuantity: 3, matchedSku: null });
    expect(results.counts.quantityAbove + results.counts.quantityCorrect).toBe(0);
  });

  it('does not fall through to the next level when a level is ambiguous', () => {
    const results = run([product('dup'), product('DUP'), product('X', { upc: 'dup' })], [[['dup']]]);
    expect(results.categories.notFound[0]!.reason).toBe('ambiguous: DUP, dup');
  });

  it('reports a barcode in scientific notation with its reason, never guessing digits', () => {
    const p = product('P1', { upc: '123457000000' });
    const results = run([p], [[['1.23457E+11', 2]]]);
    expect(results.categories.notFound[0]).toMatchObject({
      sku: '1.23457E+11',
      scannedQuantity: 2,
      reason: 'scientific notation: a spreadsheet turned the barcode into 1.23457E+11; its digits are lost',
    });
    expect(results.counts.quantityAbove).toBe(0);
  });

  it('still matches a SKU that happens to look like scientific notation', () => {
    expect(categoryOf(run([product('1E+12', { expectedQuantity: 1 })], [[['1e+12']]]), '1E+12')).toBe('quantityCorrect');
  });

  it('flags a wrong check digit without refusing the value', () => {
    const p = product('P1', { upc: '012345678906', expectedQuantity: 1 });
    const results = run([p], [[['012345678906'], ['4006381333932']]]);
    expect(find(results, 'P1')!.line).toMatchObject({ badCheckDigit: true, scanValue: '012345678906' });
    expect(find(results, '4006381333932')!.line.badCheckDigit).toBe(true);
    const good = run([product('Q', { upc: '012345678905', expectedQuantity: 1 })], [[['012345678905'], ['4006381333931']]]);
    expect(find(good, 'Q')!.line.badCheckDigit).toBe(false);
    expect(find(good, '4006381333931')!.line.badCheckDigit).toBe(false);
  });
});

describe('rows (DESIGN.md section 5 rule 4)', () => {
  it('skips blank scan values entirely', () => {
    const results = run([product('A', { expectedQuantity: 1 })], [[['A'], ['', 5], ['   ', 7], ['""', 2]]]);
    expect(results.summary.totalScanned).toBe(1);
    expect(results.counts.notFound).toBe(0);
  });

  it('sums negative quantities (corrections) like any other', () => {
    const results = run([product('A', { expectedQuantity: 3 })], [[['A', 5], ['A', -2]], [['A', 1], ['A', -1]]]);
    expect(find(results, 'A')!.line.scannedQuantity).toBe(3);
    expect(results.summary.totalScanned).toBe(3);
  });

  it('counts a product whose corrections cancel out as scanned with 0', () => {
    const results = run([product('A', { expectedQuantity: 2 })], [[['A', 1], ['A', -1]]]);
    expect(find(results, 'A')).toMatchObject({ category: 'quantityBelow', line: { scannedQuantity: 0, scanFiles: ['f1.csv'] } });
  });

  it('refuses a quantity with a 4th decimal place, naming the file and row', () => {
    const r = createReconciler({ auditType: 'cycle-count', mode: 'standard', catalogue: [product('A')], files: [{ fileName: 'team2.csv', teamName: null, scannerId: null }] });
    r.add(0, 'A', 1);
    expect(() => r.add(0, 'A', 1.0005)).toThrow(ScanQuantityError);
    expect(() => r.add(0, 'A', Number.NaN)).toThrow('team2.csv row 3: quantity NaN is not a number of at most 3 decimal places within ±2147483647');
    expect(() => r.add(0, 'A', 2_147_483_648)).toThrow('team2.csv row 4: quantity 2147483648');
    expect(() => r.add(0, 'A', 1 / 3)).toThrow(ScanQuantityError);
    r.add(0, ' ', Number.NaN); // a blank row is skipped before its quantity is looked at
  });

  it('counts decimal quantities exactly (DESIGN.md section 5 rule 4)', () => {
    const results = run(
      [product('KG', { expectedQuantity: 1.5, costPrice: '3.99' }), product('M', { expectedQuantity: 0.3 }), product('N', { expectedQuantity: 843 })],
      [[['KG', 2.5], ['M', 0.1], ['M', 0.2], ['N', 843], ['junk', 0.001], ['junk', 0.002]]],
    );
    // 2.5 kg counted against 1.5 expected: 1 above, valued at 3.99.
    expect(find(results, 'KG')).toMatchObject({ category: 'quantityAbove', line: { scannedQuantity: 2.5, difference: 1, percentageDifference: 1 / 1.5 * 100, varianceValue: '3.99' } });
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: here it is 0.3, so correct.
    expect(find(results, 'M')).toMatchObject({ category: 'quantityCorrect', line: { scannedQuantity: 0.3, difference: 0 } });
    expect(find(results, 'N')?.category).toBe('quantityCorrect');
    expect(find(results, 'junk')!.line.scannedQuantity).toBe(0.003);
    expect(results.summary).toMatchObject({ totalScanned: 845.803, matchedScanned: 845.8, varianceUnits: 1, varianceValue: '3.99' });
  });

  it('rounds a fractional variance value to the cent, half away from zero', () => {
    const results = run([product('A', { expectedQuantity: 0, costPrice: '0.10' }), product('B', { expectedQuantity: 1, costPrice: '0.10' })], [[['A', 0.05], ['B', 0.95]]]);
    expect(find(results, 'A')!.line.varianceValue).toBe('0.01'); // 0.005 -> 0.01
    expect(find(results, 'B')!.line.varianceValue).toBe('-0.01'); // -0.005 -> -0.01
    expect(results.summary.varianceValue).toBe('0.00');
  });

  it('refuses quantities whose sum could not stay exact', () => {
    const files = [{ fileName: 'big.csv', teamName: null, scannerId: null }];
    const r = createReconciler({ auditType: 'cycle-count', mode: 'standard', catalogue: [product('A')], files });
    // 4,195 rows of the largest quantity pass 2^53 thousandths (9,007,199,254,740.991 units).
    for (let i = 0; i < 4195; i++) r.add(0, i % 2 ? 'A' : 'x', i % 3 ? 2_147_483_647 : -2_147_483_647);
    expect(() => r.finish()).toThrow('big.csv: the scan quantities add up to more than 9,007,199,254,740 units');
    const small = createReconciler({ auditType: 'cycle-count', mode: 'standard', catalogue: [product('A')], files });
    for (let i = 0; i < 4194; i++) small.add(0, 'A', 2_147_483_647);
    expect(find(small.finish(), 'A')!.line.scannedQuantity).toBe(4194 * 2_147_483_647);
  });

  it('addColumns refuses a bad quantity at its row, having counted the rows before it', () => {
    const files = [{ fileName: 'team2.csv', teamName: null, scannerId: null }];
    const r = createReconciler({ auditType: 'cycle-count', mode: 'standard', catalogue: [product('A', { expectedQuantity: 9 })], files });
    expect(() => r.addColumns(0, ['A', ' ', 'A', 'A', 'A'], [2, Number.NaN, 3, 1.0005, 4], 5)).toThrow('team2.csv row 4: quantity 1.0005 is not a number of at most 3 decimal places');
    expect(() => r.addColumns(1, ['A'], [1], 1)).toThrow(RangeError);
    expect(find(r.finish(), 'A')).toMatchObject({ category: 'quantityBelow', line: { scannedQuantity: 5 } });
    expect(() => r.addColumns(0, ['A'], [1], 1)).toThrow(/after finish/);
  });

  it('refuses a file index outside the files, and rows after finish()', () => {
    const r = createReconciler({ auditType: 'cycle-count', mode: 'standard', catalogue: [], files: [{ fileName: 'a', teamName: null, scannerId: null }] });
    expect(() => r.add(1, 'x', 1)).toThrow(RangeError);
    expect(() => r.add(-1, 'x', 1)).toThrow(RangeError);
    expect(() => r.add(0.5, 'x', 1)).toThrow(RangeError);
    const first = r.finish();
    expect(r.finish()).toBe(first);
    expect(() => r.add(0, 'x', 1)).toThrow(/after finish/);
  });

  it('refuses scan lists that do not match the files', () => {
    expect(() => reconcile({ auditType: 'cycle-count', mode: 'standard', catalogue: [], files: [], scans: [[]] })).toThrow(RangeError);
  });
});

describe('categories (DESIGN.md section 5 rules 3-5)', () => {
  const catalogue = [
    product('EQ', { expectedQuantity: 3, costPrice: '1.10' }),
    product('UP', { expectedQuantity: 2, costPrice: '0.10' }),
    product('DOWN', { expectedQuantity: 4, costPrice: '34.17' }),
    product('ZERO', { expectedQuantity: 5, costPrice: '2.00', location: 'Backroom' }),
    product('NONE', { expectedQuantity: 0 }),
    product('NEG', { expectedQuantity: -2 }),
    product('NEW', { expectedQuantity: 0 }),
    product('OUT', { expectedQuantity: 9, inScope: false, category: 'Dairy', costPrice: '5.00' }),
  ];
  const results = run(catalogue, [[['EQ', 3], ['UP', 5], ['DOWN', 1], ['NEW', 2], ['OUT', 1], ['???', 4]]], { auditType: 'product-audit' });

  it.each([
    ['EQ', 'quantityCorrect', 3, 0, 0, '0.00'],
    ['UP', 'quantityAbove', 5, 3, 150, '0.30'],
    ['DOWN', 'quantityBelow', 1, -3, -75, '-102.51'],
    ['NEW', 'quantityAbove', 2, 2, null, null],
    ['ZERO', 'zeroSheetItems', 0, -5, -100, '-10.00'],
    ['NEG', 'zeroSheetItems', 0, 2, -100, null],
  ])('%s -> %s (scanned %d, difference %d, %s%%, value %s)', (sku, category, scanned, difference, pct, value) => {
    expect(find(results, sku)).toMatchObject({
      category,
      line: { scannedQuantity: scanned, difference, percentageDifference: pct, varianceValue: value },
    });
  });

  it('gives no line to an in-scope product expected 0 and never scanned', () => {
    expect(find(results, 'NONE')).toBeUndefined();
  });

  it('lists a zero-sheet item with its location and no scan', () => {
    expect(find(results, 'ZERO')!.line).toMatchObject({ location: 'Backroom', scanValue: null, scanFiles: [], scannedQuantity: 0 });
  });

  it('lists an out-of-scope product as scanned-not-expected with its own category and no variance', () => {
    expect(find(results, 'OUT')).toMatchObject({
      category: 'scannedNotExpected',
      line: { actualCategory: 'Dairy', expectedQuantity: 9, scannedQuantity: 1, difference: null, percentageDifference: null, varianceValue: null },
    });
  });

  it('summarises units, match rates, accuracy and variance', () => {
    expect(results.summary).toMatchObject({
      totalScanned: 16,
      matchedScanned: 11, // EQ 3 + UP 5 + DOWN 1 + NEW 2; OUT and ??? do not match the scope
      matchRate: 11 / 16,
      accuracy: 1 / 4,
      varianceUnits: 0 + 3 - 3 + 2 - 5 + 2,
      varianceValue: '-112.21', // 0 + 0.30 - 102.51 - 10.00
      processingTime: 0,
      mode: 'standard',
    });
    expect(results.summary.scanFileBreakdown).toEqual([{ fileName: 'f1.csv', teamName: 'Team 1', scannerId: null, totalItems: 16, matchRate: 11 / 16 }]);
    expect(results.totalProductsInFilter).toBe(7);
    expect(results.counts).toEqual({
      quantityCorrect: 1,
      quantityAbove: 2,
      quantityBelow: 1,
      crossFileDiscrepancies: 0,
      notFound: 1,
      scannedNotExpected: 1,
      zeroSheetItems: 2,
    });
  });

  it('fills every field of every line', () => {
    const keys = Object.keys(enhancedResultsSchema.shape.categories.shape.notFound.element.shape).sort();
    for (const category of RESULT_CATEGORIES) {
      for (const line of results.categories[category]) {
        expect(Object.keys(line).sort()).toEqual(keys);
        for (const value of Object.values(line)) expect(value).not.toBeUndefined();
      }
    }
    expect(find(results, 'UP')!.line).toEqual({
      sku: 'UP',
      scanValue: 'UP',
      matchedSku: 'UP',
      productId: 'id-UP',
      productName: 'Name of UP',
      expectedQuantity: 2,
      scannedQuantity: 5,
      difference: 3,
      percentageDifference: 150,
      costPrice: '0.10',
      varianceValue: '0.30',
      scannedBefore: null,
      scannedBeforeName: null,
      scannedAfter: null,
      scannedAfterName: null,
      actualCategory: 'Cat',
      location: 'A-01',
      scanFiles: ['f1.csv'],
      reason: null,
      fileCounts: [],
      badCheckDigit: false,
      lot: null,
      expiry: null,
      serial: null,
    });
  });

  it('has a null totalProductsInFilter and null accuracy for a cycle count with nothing counted', () => {
    const empty = run([product('A', { expectedQuantity: 1 })], [[]]);
    expect(empty.totalProductsInFilter).toBeNull();
    expect(empty.summary).toMatchObject({ accuracy: null, matchRate: 0, totalScanned: 0 });
  });

  it('orders product lines by SKU in plain code-unit order', () => {
    const skus = ['b', 'C', 'a10', 'a9', 'Ä', 'A'];
    const r = run(skus.map((s) => product(s, { expectedQuantity: 1 })), [skus.map((s): Row => [s])]);
    expect(r.categories.quantityCorrect.map((l) => l.sku)).toEqual(['A', 'C', 'a10', 'a9', 'b', 'Ä']);
  });
});

describe('standard and cross-validation modes (DESIGN.md section 5 rule 3)', () => {
  const catalogue = [
    product('SAME', { expectedQuantity: 4 }),
    product('DIFF', { expectedQuantity: 4 }),
    product('HALF', { expectedQuantity: 2 }),
    product('NEVER', { expectedQuantity: 1 }),
  ];
  const files: Row[][] = [
    [['SAME', 4], ['DIFF', 4], ['HALF', 2], ['x', 1]],
    [['SAME', 3], ['SAME', 1], ['DIFF', 5], ['x', 2]],
  ];

  it('sums over files in standard mode', () => {
    const results = run(catalogue, files);
    expect(find(results, 'SAME')).toMatchObject({ category: 'quantityAbove', line: { scannedQuantity: 8, scanFiles: ['f1.csv', 'f2.csv'] } });
    expect(find(results, 'HALF')).toMatchObject({ category: 'quantityCorrect', line: { scannedQuantity: 2, scanFiles: ['f1.csv'] } });
    expect(results.counts.crossFileDiscrepancies).toBe(0);
  });

  it('categorises an agreed count once and sends disagreements (absent = 0) to crossFileDiscrepancies only', () => {
    const results = run(catalogue, files, { mode: 'cross-validation' });
    expect(find(results, 'SAME')).toMatchObject({ category: 'quantityCorrect', line: { scannedQuantity: 4, difference: 0 } });
    expect(find(results, 'DIFF')).toMatchObject({
      category: 'crossFileDiscrepancies',
      line: {
        scannedQuantity: 9,
        difference: null,
        percentageDifference: null,
        varianceValue: null,
        fileCounts: [
          { fileName: 'f1.csv', teamName: 'Team 1', quantity: 4 },
          { fileName: 'f2.csv', teamName: 'Team 2', quantity: 5 },
        ],
      },
    });
    expect(find(results, 'HALF')!.category).toBe('crossFileDiscrepancies');
    expect(find(results, 'HALF')!.line.fileCounts.map((c) => c.quantity)).toEqual([2, 0]);
    expect(find(results, 'NEVER')!.category).toBe('zeroSheetItems');
    expect(find(results, 'x')).toMatchObject({ category: 'notFound', line: { scannedQuantity: 3, scanFiles: ['f1.csv', 'f2.csv'] } });
    expect(results.summary).toMatchObject({ mode: 'cross-validation', totalScanned: 22, matchedScanned: 19, accuracy: 1 });
  });

  it('with one file equals standard mode', () => {
    const one = [files[0]!];
    const cross = run(catalogue, one, { mode: 'cross-validation' });
    const standard = run(catalogue, one);
    expect({ ...cross, summary: { ...cross.summary, mode: 'standard' } }).toEqual(standard);
  });
});

describe('notFound lines (DESIGN.md section 5 rule 4)', () => {
  const catalogue = [product('A'), product('B'), product('OUT', { inScope: false, name: 'Elsewhere' })];

  it('carries the nearest matched scans before and after its first occurrence, with names', () => {
    const results = run(catalogue, [[['A'], ['zz1'], ['zz2'], ['zz1'], ['B']]]);
    expect(results.categories.notFound.map((l) => [l.sku, l.scannedBefore, l.scannedBeforeName, l.scannedAfter, l.scannedAfterName])).toEqual([
      ['zz1', 'A', 'Name of A', 'B', 'Name of B'],
      ['zz2', 'A', 'Name of A', 'B', 'Name of B'],
    ]);
  });

  it('uses out-of-scope products as shelf context too, and leaves missing neighbours null', () => {
    const results = run(catalogue, [[['zz'], ['OUT']], [['A'], ['zz'], ['yy']]]);
    expect(results.categories.notFound.map((l) => [l.sku, l.scannedBefore, l.scannedAfter, l.scanFiles])).toEqual([
      ['zz', null, 'OUT', ['f1.csv', 'f2.csv']],
      ['yy', 'A', null, ['f2.csv']],
    ]);
  });

  it('takes context from the first occurrence even when rows of files interleave', () => {
    const r = createReconciler({
      auditType: 'cycle-count',
      mode: 'standard',
      catalogue,
      files: [{ fileName: 'f1', teamName: null, scannerId: null }, { fileName: 'f2', teamName: null, scannerId: null }],
    });
    r.add(1, 'A', 1);
    r.add(1, 'zz', 1); // seen in file 2 first...
    r.add(0, 'B', 1);
    r.add(0, 'zz', 1); // ...but file 1 comes first in upload order
    r.add(1, 'A', 1);
    r.add(0, 'OUT', 1);
    const line = r.finish().categories.notFound[0]!;
    expect([line.scannedBefore, line.scannedAfter, line.scanFiles]).toEqual(['B', 'OUT', ['f1', 'f2']]);
  });

  it('makes one line per distinct normalised value, GTIN forms and case folded, quantities summed', () => {
    const results = run([], [[['012345678905', 2], ['"12345678905"', 3], ['abc', 1]], [["'00012345678905", 4], ['ABC', 5]]]);
    expect(results.categories.notFound.map((l) => [l.sku, l.scanValue, l.scannedQuantity, l.scanFiles.length])).toEqual([
      ['012345678905', '012345678905', 9, 2],
      ['abc', 'abc', 6, 2],
    ]);
  });

  it('orders lines by first occurrence: file index, then row', () => {
    const results = run([], [[['c'], ['a']], [['b'], ['a']]]);
    expect(results.categories.notFound.map((l) => l.sku)).toEqual(['c', 'a', 'b']);
  });

  it('counts no unit as matched', () => {
    const results = run(catalogue, [[['A', 1], ['zz', 3]]]);
    expect(results.summary.matchRate).toBe(0.25);
  });
});

describe('alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers")', () => {
  const flour = product('FLOUR', {
    upc: '4006381333931',
    expectedQuantity: 50,
    alternates: [
      { value: '14006381333938', kind: 'barcode', units: 24 }, // the case of 24
      { value: '012345678905', kind: 'barcode', units: 1 }, // a second supplier's UPC-A
      { value: 'mehl-typ-405', kind: 'alias', units: 1 },
    ],
  });
  const rice = product('RICE', { expectedQuantity: 2, alternates: [{ value: '20012345', kind: 'barcode', units: 0.25 }] }); // 250 g pack, counted in kg

  it('counts the units of the identifier read times the row quantity', () => {
    const results = run([flour, rice], [[['14006381333938', 2], ['4006381333931', 1], ['20012345'], ['20012345', 2], ['20012345', -1]]]);
    expect(find(results, 'FLOUR')).toMatchObject({ category: 'quantityBelow', line: { scannedQuantity: 49, scanValue: '14006381333938' } });
    expect(find(results, 'RICE')).toMatchObject({ category: 'quantityBelow', line: { scannedQuantity: 0.5 } });
    expect(results.summary.totalScanned).toBe(49.5);
    expect(results.summary.matchedScanned).toBe(49.5);
  });

  it('matches an alternate barcode as GTIN-14 (any zero-padded form) and an alias case-insensitively', () => {
    const results = run([flour], [[['0012345678905'], ['12345678905'], ['MEHL-TYP-405', 3]]]);
    expect(find(results, 'FLOUR')!.line.scannedQuantity).toBe(5);
    expect(results.counts.notFound).toBe(0);
  });

  it('keeps the levels: a SKU wins over an alternate barcode, an alternate barcode over an other identifier', () => {
    const results = run(
      [
        product('A', { alternates: [{ value: 'CODE-1', kind: 'barcode', units: 6 }] }),
        product('CODE-1'),
        product('C', { otherIdentifier: 'CODE-2' }),
        product('D', { alternates: [{ value: 'CODE-2', kind: 'barcode', units: 2 }] }),
      ],
      [[['code-1'], ['CODE-2']]],
    );
    expect(find(results, 'CODE-1')!.line.scannedQuantity).toBe(1);
    expect(find(results, 'A')?.line.scannedQuantity).toBeUndefined();
    expect(find(results, 'D')!.line.scannedQuantity).toBe(2);
    expect(find(results, 'C')?.line.scannedQuantity).toBeUndefined();
  });

  it('sends a value that is an identifier of two products at one level to notFound as ambiguous', () => {
    const results = run(
      [product('A', { upc: '4006381333931' }), product('B', { alternates: [{ value: '04006381333931', kind: 'barcode', units: 12 }] })],
      [[['4006381333931']]],
    );
    expect(find(results, '4006381333931')).toMatchObject({ category: 'notFound', line: { reason: 'ambiguous: A, B' } });
  });

  it("lets a product's own identifier win over its alternate with the same value", () => {
    const results = run([product('A', { upc: '4006381333931', alternates: [{ value: '4006381333931', kind: 'barcode', units: 12 }] })], [[['4006381333931', 2]]]);
    expect(find(results, 'A')!.line.scannedQuantity).toBe(2);
  });

  it('rounds a fraction of a fraction to the thousandth, half away from zero', () => {
    const results = run([product('A', { alternates: [{ value: 'PACK', kind: 'barcode', units: 0.25 }] })], [[['PACK', 0.002], ['PACK', 0.001]]]);
    // 0.002 x 0.25 = 0.0005 -> 0.001; 0.001 x 0.25 = 0.00025 -> 0
    expect(find(results, 'A')!.line.scannedQuantity).toBe(0.001);
  });
});
