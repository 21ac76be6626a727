/**
 * The catalogue index against a plain reference implementation of DESIGN.md section 5 rules 1-2
 * (string keys, no numeric tables): both must always give the same answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogueIndex, notFoundKey, type CatalogueProduct, type Resolution } from './catalogue-index.js';
import { expandUpcE, toGtin14 } from './gtin.js';
import { normalizeScanValue } from './normalize-scan-value.js';
import { detectScientificNotation } from './spreadsheet-damage.js';

function product(i: number, sku: string, upc: string | null = null, otherIdentifier: string | null = null): CatalogueProduct {
  return { id: `p${i}`, sku, upc, otherIdentifier, name: null, category: null, location: null, expectedQuantity: 0, costPrice: null, inScope: true };
}

/** The rules written the slow, obvious way. */
function reference(products: CatalogueProduct[], value: string): Resolution {
  const norm = (s: string | null) => (s === null ? '' : normalizeScanValue(s));
  const lower = value.toLowerCase();
  const decide = (hits: number[], level: 'sku' | 'upc' | 'otherIdentifier'): Resolution | null => {
    const unique = [...new Set(hits)];
    if (unique.length === 0) return null;
    if (unique.length === 1) return { kind: 'product', productIndex: unique[0]!, level };
    const skus = unique.map((i) => products[i]!.sku).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { kind: 'notFound', reason: `ambiguous: ${skus.join(', ')}` };
  };
  const all = products.map((_, i) => i);
  const bySku = decide(all.filter((i) => norm(products[i]!.sku) !== '' && norm(products[i]!.sku).toLowerCase() === lower), 'sku');
  if (bySku) return bySku;
  if (detectScientificNotation(value)) return { kind: 'notFound', reason: 'scientific' };
  const gtin = toGtin14(value);
  const upcKey = (upc: string) => toGtin14(upc) ?? upc.toLowerCase();
  let byUpc: Resolution | null;
  if (gtin !== null) {
    byUpc = decide(all.filter((i) => norm(products[i]!.upc) !== '' && upcKey(norm(products[i]!.upc)) === gtin), 'upc');
    const upcA = expandUpcE(value);
    if (!byUpc && upcA) byUpc = decide(all.filter((i) => norm(products[i]!.upc) !== '' && upcKey(norm(products[i]!.upc)) === toGtin14(upcA)), 'upc');
    if (!byUpc) {
      byUpc = decide(
        all.filter((i) => {
          const expanded = expandUpcE(norm(products[i]!.upc));
          return expanded !== null && toGtin14(expanded) === gtin;
        }),
        'upc',
      );
    }
  } else {
    byUpc = decide(all.filter((i) => norm(products[i]!.upc) !== '' && toGtin14(norm(products[i]!.upc)) === null && norm(products[i]!.upc).toLowerCase() === lower), 'upc');
  }
  if (byUpc) return byUpc;
  const byOther = decide(all.filter((i) => norm(products[i]!.otherIdentifier) !== '' && norm(products[i]!.otherIdentifier).toLowerCase() === lower), 'otherIdentifier');
  return byOther ?? { kind: 'notFound', reason: 'unknown' };
}

const CODES = ['0012', '12', '012', '540297', 'ab-1', 'AB-1', 'Ab-1', '012345678905', '12345678905', '0012345678905', '04252614', '042100005264', '10012345678902', '123456789012345', 'X-1', 'x-1', '1.5E+11', 'ß', 'SS', 'K', '\u212a', '\u00c4-1', '\u00e4-1'];

describe('catalogue index', () => {
  it('agrees with the reference rules on every value', () => {
    const productArb = fc.record({
      sku: fc.constantFrom(...CODES),
      upc: fc.option(fc.constantFrom(...CODES), { nil: null }),
      other: fc.option(fc.constantFrom(...CODES), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(productArb, { maxLength: 8 }), fc.constantFrom(...CODES, 'unknown', '000000012'), (rows, value) => {
        const products = rows.map((r, i) => product(i, r.sku, r.upc, r.other));
        const got = buildCatalogueIndex(products).resolve(value);
        const want = reference(products, value);
        if (want.kind === 'notFound' && want.reason === 'scientific') {
          expect(got).toMatchObject({ kind: 'notFound', reason: expect.stringMatching(/^scientific notation: /) });
        } else {
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a digit SKU needs its exact text', [product(0, '001234')], '1234', 'unknown'],
    ['a digit SKU matches as written', [product(0, '001234')], '001234', 'p0'],
    ['digit UPCs meet whatever their zeros', [product(0, 'A', '001234')], '1234', 'p0'],
    ['digit other identifiers need their exact text', [product(0, 'A', null, '0099')], '99', 'unknown'],
    ['non-digit UPCs are compared case-insensitively', [product(0, 'A', 'UPC-X')], 'upc-x', 'p0'],
    ['a 15-digit UPC is text', [product(0, 'A', '123456789012345')], '0123456789012345', 'unknown'],
  ])('%s', (_, products, value, want) => {
    const r = buildCatalogueIndex(products).resolve(value);
    expect(r.kind === 'product' ? products[r.productIndex]!.id : r.reason).toBe(want);
  });

  it('match() answers the product index and level without building an answer object', () => {
    const index = buildCatalogueIndex([product(0, 'A', '012345678905', 'V-1'), product(1, 'B')]);
    expect(index.match('12345678905')).toBe(0);
    expect(index.lastLevel).toBe('upc');
    expect(index.match('v-1')).toBe(0);
    expect(index.lastLevel).toBe('otherIdentifier');
    expect(index.match('b')).toBe(1);
    expect(index.lastLevel).toBe('sku');
    expect(index.match('nope')).toBeLessThan(0);
  });

  it.each([
    ['012345678905', '00012345678905'],
    ['12345678905', '00012345678905'],
    ['ABC', 'abc'],
    ['1.23457E+11', '1.23457e+11'],
    ['123456789012345', '123456789012345'],
  ])('notFoundKey(%s) = %s', (value, key) => {
    expect(notFoundKey(value)).toBe(key);
  });
});

describe('touch (docs/decisions/0133)', () => {
  it('leaves every answer as it was, on digit SKUs, barcodes, text, non-ASCII and blank values', () => {
    const products = [
      product(0, '12345', '012345678905'),
      product(1, 'ÄRMEL-1', '4006381333931', 'V-7'),
      product(2, 'sku-2', null, '777'),
      product(3, '00042', '96385074'),
    ];
    const values = ['12345', '12345678905', 'ärmel-1', 'SKU-2', '777', '', '00042', '42', 'unknown', '(01)04006381333931'];
    const untouched = buildCatalogueIndex(products);
    const want = values.map((v) => (v === '' ? null : untouched.resolve(v)));
    const index = buildCatalogueIndex(products);
    expect(Number.isFinite(index.touch(values, values.length, new Int32Array(values.length)))).toBe(true);
    expect(values.map((v) => (v === '' ? null : index.resolve(v)))).toEqual(want);
    expect(want[0]).toEqual({ kind: 'product', productIndex: 0, level: 'sku' });
    expect(want[2]).toEqual({ kind: 'product', productIndex: 1, level: 'sku' });
    expect(want[7]).toEqual({ kind: 'notFound', reason: 'unknown' });
  });
});
