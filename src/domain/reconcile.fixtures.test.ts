/**
 * The engine against the reference fixtures (the repository's fixtures/, DESIGN.md section 5):
 * logical rows in, expected.json out.
 */
import { describe, expect, it } from 'vitest';
import { enhancedResultsSchema, RESULT_CATEGORIES, type EnhancedResults } from '../contracts/results.js';
import { reconcile } from './reconcile.js';
import { FIXTURE_NAMES, fixtureReconcileInput, loadFixture } from './test-support/fixtures.js';

describe.each(FIXTURE_NAMES)('fixture %s', (name) => {
  const fixture = loadFixture(name);
  const { expected } = fixture;
  const results = reconcile(fixtureReconcileInput(fixture));

  it('produces a result the contract accepts', () => {
    expect(() => enhancedResultsSchema.parse(results)).not.toThrow();
    expect(results.auditType).toBe(expected.auditType);
  });

  it('has the expected totals and match rate', () => {
    expect(results.summary.totalScanned).toBe(expected.totalScanned);
    expect(results.summary.matchRate).toBeCloseTo(expected.matchRate, 12);
  });

  it('has the expected number of lines per category', () => {
    for (const [category, count] of Object.entries(expected.counts)) {
      expect(results.counts[category as keyof typeof results.counts], category).toBe(count);
    }
    expect(results.counts.crossFileDiscrepancies).toBe(0);
  });

  it('puts every SKU in its expected category with the expected quantities', () => {
    const lines = productLines(results);
    expect([...lines.keys()].sort()).toEqual(Object.keys(expected.items).sort());
    for (const [sku, want] of Object.entries(expected.items)) {
      const got = lines.get(sku)!;
      expect({ sku, category: got.category, expected: got.expected, scanned: got.scanned }).toEqual({
        sku,
        category: want.category,
        expected: want.expected,
        scanned: want.scanned,
      });
    }
  });

  it('lists every not-found value, keyed as scanned, with its summed quantity', () => {
    const got = Object.fromEntries(results.categories.notFound.map((line) => [line.sku, line.scannedQuantity]));
    expect(got).toEqual(expected.notFound);
    for (const line of results.categories.notFound) expect(line.scanValue).toBe(line.sku);
  });

  it('gives scientific-notation values their reason', () => {
    for (const line of results.categories.notFound) {
      if (/E\+/.test(line.sku)) expect(line.reason).toMatch(/^scientific notation: /);
      else expect(line.reason).toBe('unknown');
    }
  });

  it('has the expected per-file totals and match rates, in manifest order', () => {
    const breakdown = results.summary.scanFileBreakdown;
    expect(breakdown.map((f) => f.fileName)).toEqual(fixture.manifest.scanFiles.map((f) => f.file));
    for (const file of breakdown) {
      const want = expected.files[file.fileName]!;
      expect(file.totalItems, file.fileName).toBe(want.totalItems);
      expect(file.matchRate, file.fileName).toBeCloseTo(want.matchRate, 12);
    }
  });

  it('is the same in cross-validation mode for the lines whose files agree', () => {
    const cross = reconcile(fixtureReconcileInput(fixture, 'cross-validation'));
    expect(cross.summary.totalScanned).toBe(results.summary.totalScanned);
    expect(cross.categories.notFound).toEqual(results.categories.notFound);
    expect(cross.categories.scannedNotExpected).toEqual(results.categories.scannedNotExpected);
    expect(cross.categories.zeroSheetItems).toEqual(results.categories.zeroSheetItems);
  });
});

function productLines(results: EnhancedResults): Map<string, { category: string; expected: number | null; scanned: number }> {
  const lines = new Map<string, { category: string; expected: number | null; scanned: number }>();
  for (const category of RESULT_CATEGORIES) {
    if (category === 'notFound') continue;
    for (const line of results.categories[category]) {
      expect(lines.has(line.sku), `${line.sku} listed twice`).toBe(false);
      lines.set(line.sku, { category, expected: line.expectedQuantity, scanned: line.scannedQuantity });
    }
  }
  return lines;
}
