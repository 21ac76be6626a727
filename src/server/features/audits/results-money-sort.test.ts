/**
 * The results answer's money figures (units and value short and over, net shrinkage) and sorting
 * of a category's lines, on a catalogue worked out by hand:
 *
 *   SKU  cost   expected  scanned  difference  variance value
 *   A-1  2.50   10        7        -3          -7.50   below
 *   B-2  4.00   5         0        -5          -20.00  zero sheet (never scanned)
 *   C-3  1.25   2         6        +4          +5.00   above
 *   D-4  (none) 3         1        -2          (none)  below, no cost
 *   E-5  9.99   4         4         0           0.00   correct
 *   ZZZ  scanned 2 times, unknown: not found (no difference, not in the figures)
 *
 *   unitsShort = 3 + 5 + 2 = 10; valueShort = 7.50 + 20.00 = 27.50
 *   unitsOver = 4; valueOver = 5.00; net shrinkage = 27.50 - 5.00 = 22.50; linesWithoutCost = 1 (D-4)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResults } from '../../../contracts/results.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { waitComplete } from './test-support/fixture-audits.js';

const CATALOGUE = ['SKU,Name,Cost,Qty', 'A-1,Apple crate,2.50,10', 'B-2,Birch plank,4.00,5', 'C-3,Cedar strip,1.25,2', 'D-4,Dowel,,3', 'E-5,Elm board,9.99,4'].join('\n');
const SCANS = ['Code,Count', 'A-1,7', 'C-3,6', 'D-4,1', 'E-5,4', 'ZZZ,1', 'zzz,1'].join('\n');

describe.each(DATABASE_KINDS)('results money figures and sorting on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let auditId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    const imported = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'catalogue.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Cost: 'costPrice', Qty: 'currentQuantity' }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const created = await owner.post('/api/audits', { name: 'Shelf 4', section: 'Back room' });
    auditId = created.json().id;
    const res = await owner.upload(`/api/audits/${auditId}/upload-multiple`, [{ field: 'scanFiles', content: SCANS, fileName: 'shelf4.csv' }], {
      scanColumn_0: 'Code',
      quantityColumn_0: 'Count',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await waitComplete(owner, auditId);
  });
  afterAll(async () => t?.close());

  it('answers units and value short and over and the net shrinkage', async () => {
    const results: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced`)).json();
    expect(results.money).toEqual({
      unitsShort: 10,
      valueShort: '27.50',
      unitsOver: 4,
      valueOver: '5.00',
      netShrinkageValue: '22.50',
      linesWithoutCost: 1,
    });
    expect(results.counts).toMatchObject({ quantityBelow: 2, quantityAbove: 1, quantityCorrect: 1, zeroSheetItems: 1, notFound: 1 });
  });

  it('sorts a category by difference (largest shortfall first), value, SKU and name', async () => {
    const page = async (query: string) => {
      const r: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced?${query}`)).json();
      return r.categories.quantityBelow.map((l) => l.sku);
    };
    expect(await page('sort=difference&dir=asc')).toEqual(['A-1', 'D-4']);
    expect(await page('sort=difference&dir=desc')).toEqual(['D-4', 'A-1']);
    // D-4 has no cost price: last in both directions.
    expect(await page('sort=varianceValue&dir=asc')).toEqual(['A-1', 'D-4']);
    expect(await page('sort=varianceValue&dir=desc')).toEqual(['A-1', 'D-4']);
    expect(await page('sort=sku&dir=desc')).toEqual(['D-4', 'A-1']);
    expect(await page('sort=productName&dir=asc')).toEqual(['A-1', 'D-4']);
    expect(await page('sort=productName&dir=desc')).toEqual(['D-4', 'A-1']);
  });

  it('refuses an unknown sort key with 400 naming it', async () => {
    const res = await owner.get(`/api/audits/${auditId}/results-enhanced?sort=price`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('sort');
  });
});
