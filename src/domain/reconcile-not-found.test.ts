/**
 * The not-found bookkeeping past its small sizes: more distinct digit codes than the first hash
 * table holds (it grows), more than 31 files (past the bit mask), text keys compared
 * case-insensitively and digit codes by GTIN-14 value (DESIGN.md section 5 rule 4).
 */
import { describe, expect, it } from 'vitest';
import { reconcile, type CatalogueProduct } from './reconcile.js';

const product: CatalogueProduct = {
  id: 'p1',
  sku: 'KNOWN-1',
  upc: null,
  otherIdentifier: null,
  name: 'Known',
  category: null,
  location: null,
  expectedQuantity: 1,
  costPrice: null,
  inScope: true,
};

describe('notFound lines', () => {
  it('keeps every distinct code of thousands, with its quantity, in first-occurrence order', () => {
    const codes = Array.from({ length: 5000 }, (_, i) => String(990000000000 + i * 7));
    const rows = [...codes.map((value) => ({ value, quantity: 1 })), ...codes.slice(0, 100).map((value) => ({ value: `00${value}`, quantity: 2 }))];
    const result = reconcile({
      auditType: 'cycle-count',
      mode: 'standard',
      catalogue: [product],
      files: [{ fileName: 'a.csv', teamName: null, scannerId: null }],
      scans: [rows],
    });
    const lines = result.categories.notFound;
    expect(lines).toHaveLength(5000);
    expect(lines.map((l) => l.scanValue)).toEqual(codes); // '00' + code is the same GTIN-14: same line
    expect(lines[0]).toMatchObject({ scannedQuantity: 3, scanFiles: ['a.csv'], reason: 'unknown', fileCounts: [] });
    expect(lines[4999]).toMatchObject({ scannedQuantity: 1 });
  });

  it('lists the files of a value seen in files past the 31st, ascending, and folds case', () => {
    const files = Array.from({ length: 40 }, (_, f) => ({ fileName: `f${f}.csv`, teamName: null, scannerId: null }));
    const scans = files.map((_, f) => (f === 2 || f === 33 || f === 39 ? [{ value: f === 33 ? 'Mystery' : 'MYSTERY', quantity: f }] : [{ value: 'known-1', quantity: 1 }]));
    const result = reconcile({ auditType: 'cycle-count', mode: 'standard', catalogue: [product], files, scans });
    expect(result.categories.notFound).toHaveLength(1);
    expect(result.categories.notFound[0]).toMatchObject({ scanValue: 'MYSTERY', scannedQuantity: 2 + 33 + 39, scanFiles: ['f2.csv', 'f33.csv', 'f39.csv'] });
  });
});
