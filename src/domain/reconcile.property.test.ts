/**
 * Properties of the engine over random catalogues and scan files (fast-check).
 *
 * What is invariant, and what is not, when files are reordered or split:
 * - Invariant: which line every product and distinct value lands on, all quantities,
 *   differences, variance, the summary's totals and rates, and the counts.
 * - Order-dependent by definition: the order of notFound lines and everything taken from a
 *   first occurrence (a product line's `scanValue` and `badCheckDigit`; a notFound line's shown
 *   value, reason and shelf context), the order of `scanFiles`, `fileCounts` and
 *   `scanFileBreakdown`.
 * - Splitting a file in two (the halves adjacent, so the global row order is kept) changes only
 *   the file lists (`scanFiles`, `scanFileBreakdown`) and shelf context at the cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES, type EnhancedResults, type ResultItem } from '../contracts/results.js';
import { notFoundKey } from './catalogue-index.js';
import { createReconciler, reconcile, type CatalogueProduct, type ScanFileMeta } from './reconcile.js';
import { emptyPreparedBatch, packPreparedBatch, prepareScanBatch, releasePreparedBatch, unpackPreparedBatch } from './scan-batch.js';

// Small pools so that collisions (ambiguity, the same code in several forms) happen often.
const SKUS = ['A', 'a', 'B', 'sku-1', 'SKU-2', '540297', '012345678905', '1.5E+11', 'Zz'];
const UPCS = ['012345678905', '0012345678905', '4006381333931', '96385074', '04252614', '042100005264', '10012345678902', 'X-1'];
const OTHERS = ['VN-1', 'vn-1', 'VN-2', '540297'];
const SCAN_VALUES = [
  ...SKUS,
  ...UPCS,
  ...OTHERS,
  'a ',
  ' "B" ',
  "'012345678905",
  '12345678905',
  '00012345678905',
  '4006381333932',
  '1.23457E+11',
  'junk',
  'JUNK',
  '',
  '   ',
];

const productArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  upc: fc.option(fc.constantFrom(...UPCS), { nil: null }),
  otherIdentifier: fc.option(fc.constantFrom(...OTHERS), { nil: null }),
  expectedQuantity: fc.integer({ min: -2, max: 6 }),
  costPrice: fc.constantFrom(null, '1.10', '0.07', '12', '34.17'),
  inScope: fc.boolean(),
});

const catalogueArb = fc.array(productArb, { maxLength: 10 }).map((rows) =>
  rows.map(
    (row, i): CatalogueProduct => ({
      id: `p${i}`,
      name: `Product ${i}`,
      category: i % 2 === 0 ? 'Even' : 'Odd',
      location: `L${i}`,
      ...row,
    }),
  ),
);

type Scan = { value: string; quantity: number };
const rowArb = fc.record({ value: fc.constantFrom(...SCAN_VALUES), quantity: fc.integer({ min: -3, max: 6 }) });
const filesArb = fc.array(fc.array(rowArb, { maxLength: 14 }), { minLength: 1, maxLength: 4 });

const RUNS = { numRuns: 300 };

const meta = (n: number, prefix = 'f'): ScanFileMeta[] =>
  Array.from({ length: n }, (_, i) => ({ fileName: `${prefix}${i}.csv`, teamName: `Team ${i}`, scannerId: null }));

function run(catalogue: CatalogueProduct[], scans: Scan[][], mode: 'standard' | 'cross-validation' = 'standard', files = meta(scans.length)) {
  return reconcile({ auditType: 'product-audit', mode, catalogue, files, scans });
}

const sum = (lines: ResultItem[]) => sumBy(lines, (line) => line.scannedQuantity);
const sumBy = <T,>(items: readonly T[], f: (item: T) => number) => items.reduce((total, item) => total + f(item), 0);

/** The file-order-independent view of a result (see the module comment). */
function canonical(results: EnhancedResults, opts: { keepFirstOccurrence: boolean }) {
  const productLine = (l: ResultItem) => ({
    ...l,
    scanFiles: [...l.scanFiles].sort(),
    fileCounts: [...l.fileCounts].sort((a, b) => (a.fileName < b.fileName ? -1 : 1)),
    ...(opts.keepFirstOccurrence ? {} : { scanValue: null, badCheckDigit: null }),
  });
  const notFound = results.categories.notFound
    .map((l) => ({
      key: notFoundKey(l.sku),
      quantity: l.scannedQuantity,
      files: [...l.scanFiles].sort(),
      ...(opts.keepFirstOccurrence ? { sku: l.sku, reason: l.reason, badCheckDigit: l.badCheckDigit } : {}),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const categories = Object.fromEntries(
    RESULT_CATEGORIES.filter((c) => c !== 'notFound').map((c) => [c, results.categories[c].map(productLine)]),
  );
  return {
    ...results,
    summary: {
      ...results.summary,
      scanFileBreakdown: [...results.summary.scanFileBreakdown].sort((a, b) => (a.fileName < b.fileName ? -1 : 1)),
    },
    categories: { ...categories, notFound },
  };
}

describe('engine properties', () => {
  it('standard mode: every scanned unit lands in exactly one line', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, (catalogue, scans) => {
        const r = run(catalogue, scans);
        const c = r.categories;
        const inScopeUnits = sum(c.quantityCorrect) + sum(c.quantityAbove) + sum(c.quantityBelow);
        expect(inScopeUnits + sum(c.scannedNotExpected) + sum(c.notFound)).toBe(r.summary.totalScanned);
        expect(inScopeUnits).toBe(r.summary.matchedScanned);
        expect(sum(c.zeroSheetItems)).toBe(0);
        expect(c.crossFileDiscrepancies).toEqual([]);
        const allRows = scans.flat().filter((s) => s.value.trim() !== '');
        expect(r.summary.totalScanned).toBe(allRows.reduce((t, s) => t + s.quantity, 0));
        expect(sumBy(r.summary.scanFileBreakdown, (f) => f.totalItems)).toBe(r.summary.totalScanned);
      }),
      RUNS,
    );
  });

  it('every product is on at most one line, in the category its scope allows', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, fc.constantFrom('standard' as const, 'cross-validation' as const), (catalogue, scans, mode) => {
        const r = run(catalogue, scans, mode);
        const seen = new Map<string, string>();
        for (const category of RESULT_CATEGORIES) {
          if (category === 'notFound') continue;
          for (const line of r.categories[category]) {
            expect(seen.has(line.productId!)).toBe(false);
            seen.set(line.productId!, category);
          }
        }
        for (const p of catalogue) {
          const category = seen.get(p.id);
          if (!p.inScope) expect([undefined, 'scannedNotExpected']).toContain(category);
          else if (p.expectedQuantity !== 0) expect(category).toBeDefined();
          if (p.inScope) expect(category).not.toBe('scannedNotExpected');
        }
        expect(r.counts.notFound).toBe(new Set(r.categories.notFound.map((l) => notFoundKey(l.sku))).size);
      }),
      RUNS,
    );
  });

  it('cross-validation: agreed lines hold one count per file, disagreements the sum of their file counts', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, (catalogue, scans) => {
        const r = run(catalogue, scans, 'cross-validation');
        const c = r.categories;
        const nFiles = scans.length;
        const agreed = sum(c.quantityCorrect) + sum(c.quantityAbove) + sum(c.quantityBelow);
        for (const line of c.crossFileDiscrepancies) {
          expect(line.fileCounts).toHaveLength(nFiles);
          expect(line.scannedQuantity).toBe(sumBy(line.fileCounts, (f) => f.quantity));
          expect(new Set(line.fileCounts.map((f) => f.quantity)).size).toBeGreaterThan(1);
        }
        const disputed = sum(c.crossFileDiscrepancies);
        expect(agreed * nFiles + disputed).toBe(r.summary.matchedScanned);
        expect(agreed * nFiles + disputed + sum(c.scannedNotExpected) + sum(c.notFound)).toBe(r.summary.totalScanned);
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the files (beyond first-occurrence fields and list order)', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        filesArb.chain((scans) => fc.tuple(fc.constant(scans), fc.shuffledSubarray(scans.map((_, i) => i), { minLength: scans.length }))),
        fc.constantFrom('standard' as const, 'cross-validation' as const),
        (catalogue, [scans, order], mode) => {
          const files = meta(scans.length);
          const a = run(catalogue, scans, mode, files);
          const b = run(catalogue, order.map((i) => scans[i]!), mode, order.map((i) => files[i]!));
          expect(canonical(b, { keepFirstOccurrence: false })).toEqual(canonical(a, { keepFirstOccurrence: false }));
        },
      ),
      RUNS,
    );
  });

  it('standard mode: splitting a file in two changes only the file lists and shelf context', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, fc.nat(), fc.nat(), (catalogue, scans, which, at) => {
        const i = which % scans.length;
        const cut = at % (scans[i]!.length + 1);
        const split = [...scans.slice(0, i), scans[i]!.slice(0, cut), scans[i]!.slice(cut), ...scans.slice(i + 1)];
        const strip = (r: EnhancedResults) => {
          const view = canonical(r, { keepFirstOccurrence: true });
          const lines = Object.fromEntries(
            Object.entries(view.categories).map(([category, lines]) => [
              category,
              (lines as Record<string, unknown>[]).map(({ scanFiles: _s, files: _f, ...rest }) => rest),
            ]),
          );
          return { ...view, summary: { ...view.summary, scanFileBreakdown: null }, categories: lines };
        };
        expect(strip(run(catalogue, split))).toEqual(strip(run(catalogue, scans)));
      }),
      RUNS,
    );
  });

  it('is deterministic: same input, same bytes, however the rows are fed', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, fc.constantFrom('standard' as const, 'cross-validation' as const), (catalogue, scans, mode) => {
        const once = JSON.stringify(run(catalogue, scans, mode));
        // fresh string objects, as a file reader would hand them over
        const copies = scans.map((rows) => rows.map((s) => ({ value: `${s.value} `.slice(0, -1), quantity: s.quantity })));
        expect(JSON.stringify(run(structuredClone(catalogue), copies, mode))).toBe(once);
        // rows of different files interleaved, round robin
        const r = createReconciler({ auditType: 'product-audit', mode, catalogue, files: meta(scans.length) });
        const longest = Math.max(...scans.map((rows) => rows.length));
        for (let k = 0; k < longest; k++) {
          scans.forEach((rows, f) => {
            if (k < rows.length) r.add(f, rows[k]!.value, rows[k]!.quantity);
          });
        }
        expect(JSON.stringify(r.finish())).toBe(once);
      }),
      RUNS,
    );
  });

  it('addColumns gives the same bytes as add, however the rows are cut into batches', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, fc.integer({ min: 1, max: 5 }), fc.constantFrom('standard' as const, 'cross-validation' as const), (catalogue, scans, batch, mode) => {
        const once = JSON.stringify(run(catalogue, scans, mode));
        const r = createReconciler({ auditType: 'product-audit', mode, catalogue, files: meta(scans.length) });
        scans.forEach((rows, f) => {
          for (let start = 0; start < rows.length; start += batch) {
            const part = rows.slice(start, start + batch);
            // columns longer than `count`, as a reader's reused arrays are
            const values = [...part.map((row) => row.value), 'junk'];
            const quantities = Float64Array.from([...part.map((row) => row.quantity), 0.5]);
            r.addColumns(f, values, quantities, part.length);
          }
        });
        expect(JSON.stringify(r.finish())).toBe(once);
      }),
      RUNS,
    );
  });

  it('addColumns gives the same bytes with the values as ranges of one text (a reader\'s chunk), some as strings; so does addPrepared of the batch prepared and carried as a message between threads', () => {
    // Beyond the pools: GS1 strings, grouped digits, text to put in NFC, non-ASCII and
    // quoted or formula values, which the range path hands to the string path or reads alike.
    const rangeValueArb = fc.oneof(
      fc.constantFrom(...SCAN_VALUES),
      fc.constantFrom(
        '(01)00012345678905(10)L1',
        ']d20100012345678905\u001d21S1',
        'https://example.com/01/00012345678905/21/S1',
        '(01)00012345678905(17)271231(10)L2',
        '(01)00012345678904(10)L1',
        '(02)10012345678902(37)24',
        '(01)10012345678902(21)S1',
        ']C10100012345678905\u001d',
        '(01)00012345678905(10)Cafe\u0301',
        'https://ex\u00e4mple.com/01/00012345678905?linkType=a\u0301',
        'https://example.com/gtin/0012345678905/lot/L%201',
        'http-sku',
        '0 12345 67890 5',
        '="012345678905"',
        "'a'",
        'Cafe\u0301',
        'Caf\u00e9',
        'A\u001dB',
        '\u201cB\u201d',
        '12345678901234567',
      ),
    );
    const rowsArb = fc.array(fc.record({ value: rangeValueArb, quantity: fc.integer({ min: -3, max: 9 }), asString: fc.boolean(), pad: fc.constantFrom('', ' ', ',', '\t') }), { maxLength: 14 });
    fc.assert(
      fc.property(catalogueArb, fc.array(rowsArb, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 5 }), (catalogue, scans, batch) => {
        const once = JSON.stringify(run(catalogue, scans.map((rows) => rows.map(({ value, quantity }) => ({ value, quantity })))));
        const r = createReconciler({ auditType: 'product-audit', mode: 'standard', catalogue, files: meta(scans.length) });
        // With each row's line in its file (a header line first), which repeated reads name.
        const withLines = createReconciler({ auditType: 'product-audit', mode: 'standard', catalogue, files: meta(scans.length) });
        const carried = createReconciler({ auditType: 'product-audit', mode: 'standard', catalogue, files: meta(scans.length) });
        const prepared = emptyPreparedBatch(2);
        scans.forEach((rows, f) => {
          for (let start = 0; start < rows.length; start += batch) {
            const part = rows.slice(start, start + batch);
            // One text holding every value of the batch between separators, as a chunk does.
            let text = 'x';
            const starts = new Int32Array(part.length + 1).fill(7);
            const ends = new Int32Array(part.length + 1).fill(3);
            const values = part.map((row, i) => {
              text += row.pad;
              if (row.asString) {
                starts[i] = -1;
                return row.value;
              }
              starts[i] = text.length;
              text += row.value;
              ends[i] = text.length;
              text += row.pad;
              return 'not read';
            });
            const quantities = Float64Array.from(part.map((row) => row.quantity));
            const lines = Float64Array.from(part, (_, i) => 2 + start + i);
            r.addColumns(f, values, quantities, part.length, undefined, { text, starts, ends });
            withLines.addColumns(f, values, quantities, part.length, lines, { text, starts, ends });
            // The scan reading thread's way: prepared, packed, cloned as postMessage clones it
            // (the typed arrays' buffers transferred), unpacked, counted.
            prepareScanBatch(values, quantities, part.length, lines, { text, starts, ends }, prepared);
            const { message, transfer } = packPreparedBatch(prepared);
            releasePreparedBatch(prepared);
            carried.addPrepared(f, unpackPreparedBatch(structuredClone(message, { transfer })));
          }
        });
        expect(JSON.stringify(r.finish())).toBe(once);
        expect(JSON.stringify(carried.finish())).toBe(JSON.stringify(withLines.finish()));
      }),
      RUNS,
    );
  });

  it('finishStreamed gives the same result: every category\'s lines pulled one at a time', () => {
    fc.assert(
      fc.property(catalogueArb, filesArb, fc.constantFrom('standard' as const, 'cross-validation' as const), (catalogue, scans, mode) => {
        const whole = run(catalogue, scans, mode);
        const r = createReconciler({ auditType: 'product-audit', mode, catalogue, files: meta(scans.length) });
        scans.forEach((rows, f) => rows.forEach((row) => r.add(f, row.value, row.quantity)));
        const { results, lines } = r.finishStreamed();
        for (const category of RESULT_CATEGORIES) expect(results.categories[category]).toEqual([]);
        expect(results.counts).toEqual(whole.counts);
        const categories = Object.fromEntries(RESULT_CATEGORIES.map((category) => [category, [...lines(category)]]));
        // Each pull starts from the first line again.
        for (const category of RESULT_CATEGORIES) expect([...lines(category)]).toEqual(categories[category]);
        expect(JSON.stringify({ ...results, categories })).toBe(JSON.stringify(whole));
        expect(() => r.add(0, 'late', 1)).toThrow(/after finish/);
      }),
      RUNS,
    );
  });
});

describe('fixed-point quantities (DESIGN.md section 5 rule 4)', () => {
  const BASE: CatalogueProduct = { id: '', sku: '', upc: null, otherIdentifier: null, name: null, category: null, location: null, expectedQuantity: 0, costPrice: null, inScope: true };
  /** A rational n/1000 as the shortest decimal text: exact, from the integer. */
  function decimalText(thousandths: bigint): string {
    const negative = thousandths < 0n;
    const abs = negative ? -thousandths : thousandths;
    const fraction = (abs % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
    return `${negative ? '-' : ''}${abs / 1000n}${fraction === '' ? '' : `.${fraction}`}`;
  }

  // Thousandths anywhere in a row's range, and the small fractions binary floating point gets wrong.
  const thousandthsArb = fc.oneof(fc.integer({ min: -2_147_483_647_000, max: 2_147_483_647_000 }), fc.integer({ min: -3000, max: 3000 }));

  it('sums equal the exact rational sums, for every line and the summary', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(fc.constantFrom('A', 'B', 'zz'), thousandthsArb), { maxLength: 40 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: -5000, max: 5000 }), (files, expectedThousandths) => {
        const catalogue = [{ ...BASE, id: 'a', sku: 'A', expectedQuantity: expectedThousandths / 1000 }, { ...BASE, id: 'b', sku: 'B', inScope: false }];
        const results = reconcile({
          auditType: 'cycle-count',
          mode: 'standard',
          catalogue,
          files: files.map((_, i) => ({ fileName: `f${i}.csv`, teamName: null, scannerId: null })),
          scans: files.map((rows) => rows.map(([value, n]) => ({ value, quantity: n / 1000 }))),
        });
        const exact = (value: string) => files.flat().reduce((sum, [v, n]) => (v === value ? sum + BigInt(n) : sum), 0n);
        const lines = RESULT_CATEGORIES.flatMap((c) => results.categories[c]);
        const line = (sku: string) => lines.find((l) => l.sku === sku);
        const a = exact('A');
        const scannedA = files.flat().some(([v]) => v === 'A');
        if (scannedA) {
          expect(String(line('A')!.scannedQuantity)).toBe(decimalText(a));
          expect(String(line('A')!.difference)).toBe(decimalText(a - BigInt(expectedThousandths)));
          expect(results.summary.varianceUnits === 0 ? '0' : String(results.summary.varianceUnits)).toBe(decimalText(a - BigInt(expectedThousandths)));
        }
        if (files.flat().some(([v]) => v === 'B')) expect(String(line('B')!.scannedQuantity)).toBe(decimalText(exact('B')));
        if (files.flat().some(([v]) => v === 'zz')) expect(String(line('zz')!.scannedQuantity)).toBe(decimalText(exact('zz')));
        expect(String(results.summary.totalScanned)).toBe(decimalText(a + exact('B') + exact('zz')));
        expect(String(results.summary.matchedScanned)).toBe(decimalText(a));
      }),
      { numRuns: 300 },
    );
  });
});

describe('alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers")', () => {
  const BASE: CatalogueProduct = { id: '', sku: '', upc: null, otherIdentifier: null, name: null, category: null, location: null, expectedQuantity: 0, costPrice: null, inScope: true };
  // Distinct GTINs (valid check digits) for the products' alternates; reads in any zero-padded form.
  const CODES = ['4006381333931', '96385074', '012345678905', '10012345678902', '5000112637922', '9780306406157'];

  it('a read counts its identifier units times its quantity, rounded once to the thousandth, whichever form of the code is read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: CODES.length, maxLength: CODES.length }),
        fc.array(fc.tuple(fc.nat({ max: CODES.length - 1 }), fc.integer({ min: -5000, max: 5000 }), fc.nat({ max: 2 })), { maxLength: 30 }),
        (unitsThousandths, reads) => {
          // Product i has CODES[i] as an alternate barcode worth unitsThousandths[i] / 1000 units.
          const catalogue = CODES.map((code, i) => ({ ...BASE, id: `p${i}`, sku: `P${i}`, alternates: [{ value: code, kind: 'barcode' as const, units: unitsThousandths[i]! / 1000 }] }));
          const form = (code: string, pad: number) => code.padStart(Math.min(14, code.length + pad), '0');
          const results = reconcile({
            auditType: 'cycle-count',
            mode: 'standard',
            catalogue,
            files: [{ fileName: 'f.csv', teamName: null, scannerId: null }],
            scans: [reads.map(([i, q, pad]) => ({ value: form(CODES[i]!, pad), quantity: q / 1000 }))],
          });
          const lines = RESULT_CATEGORIES.flatMap((c) => results.categories[c]);
          expect(results.counts.notFound).toBe(0);
          for (let i = 0; i < CODES.length; i++) {
            let exact = 0n;
            for (const [j, q] of reads) {
              if (j !== i) continue;
              const product = BigInt(q) * BigInt(unitsThousandths[i]!);
              const rest = product % 1000n;
              exact += (product - rest) / 1000n + (rest >= 500n ? 1n : rest <= -500n ? -1n : 0n);
            }
            const line = lines.find((l) => l.sku === `P${i}`);
            if (reads.some(([j]) => j === i)) expect(Math.round(line!.scannedQuantity * 1000)).toBe(Number(exact));
            else expect(line).toBeUndefined();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
