/**
 * NotFound result lines in their own table, audit_not_found_lines (docs/decisions/0075): what the
 * processing job stores there reads back as the lines the engine made (value, quantity, files,
 * reason, shelf context, check digit), pages, searches, sorts and exports like any category, and
 * goes with its audit when the audit is deleted.
 *
 *   shelf-1.csv: x2, B-2, 4.00638E+12, 4006381333932      shelf-2.csv
 *   catalogue: A-1 Apple, B-2 Birch
 *   notFound: X-9 (3, both files, between A-1 and B-2), 4.00638E+12 (scientific notation),
 *             4006381333932 (EAN-13 with a wrong check digit), Q-7 (after nothing known)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import type { PagedResults, ResultItem } from '../../../contracts/results.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { processedAudit } from './test-support/fixture-audits.js';
import { line } from '../../reports/report-input.fixture.js';

const CATALOGUE = ['SKU,Name,Qty', 'A-1,Apple,1', 'B-2,Birch,1'].join('\n');
const SHELF_1 = ['Code,Count', 'A-1,1', 'X-9,2', 'B-2,1', '4.00638E+12,1', '4006381333932,1'].join('\n');
const SHELF_2 = ['Code,Count', 'X-9,1', 'Q-7,1'].join('\n');

/** A notFound line of `sku` as the engine makes it: one unit in shelf-1.csv, reason unknown, unless `over` says otherwise. */
const unknown = (sku: string, over: Partial<ResultItem>): ResultItem =>
  line({ sku, matchedSku: null, scannedQuantity: 1, scanFiles: ['shelf-1.csv'], reason: 'unknown', ...over });

describe.each(DATABASE_KINDS)('notFound lines on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let auditId: string;

  const countIn = async (table: 'audit_not_found_lines' | 'audit_result_lines', id: string) =>
    Number(((await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where audit_id = ${id}::uuid`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  const storedRows = (id: string) => countIn('audit_not_found_lines', id);
  /** The other categories' lines (A-1 and B-2 matched), keyed by place with no foreign key (docs/decisions/0065). */
  const resultRows = (id: string) => countIn('audit_result_lines', id);

  /** Processes the two shelves in a new audit called `name`; answers its id. */
  const processAudit = (name: string): Promise<string> =>
    processedAudit(owner, name, [{ content: SHELF_1, fileName: 'shelf-1.csv' }, { content: SHELF_2, fileName: 'shelf-2.csv' }], 'Back room');

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    const imported = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'catalogue.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity' }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    auditId = await processAudit('Shelves');
  });
  afterAll(async () => t?.close());

  it('stores them in their own table and reads them back as the engine made them', async () => {
    expect(await storedRows(auditId)).toBe(4);
    const lines = await t.db.execute(sql`select count(*)::int as n from audit_result_lines where audit_id = ${auditId}::uuid and category = 'notFound'`);
    expect((lines as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    const results: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
    expect(results.counts.notFound).toBe(4);
    const bySku = new Map(results.categories.notFound.map((i) => [i.sku, i]));
    expect(bySku.get('X-9')).toEqual(
      unknown('X-9', {
        scannedQuantity: 3,
        scanFiles: ['shelf-1.csv', 'shelf-2.csv'],
        scannedBefore: 'A-1',
        scannedBeforeName: 'Apple',
        scannedAfter: 'B-2',
        scannedAfterName: 'Birch',
      }),
    );
    expect(bySku.get('Q-7')).toEqual(unknown('Q-7', { scanFiles: ['shelf-2.csv'] }));
    expect(bySku.get('4006381333932')).toMatchObject({ badCheckDigit: true, scanFiles: ['shelf-1.csv'], scannedBefore: 'B-2' });
    expect(bySku.get('4.00638E+12')!.reason).not.toBe('unknown');
    expect(bySku.get('4.00638E+12')!.badCheckDigit).toBe(false);
  });

  it('pages, searches and sorts them', async () => {
    const all: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
    const order = all.categories.notFound.map((i) => i.sku);
    const page = async (query: string) => {
      const r: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced?${query}`)).json();
      return { skus: r.categories.notFound.map((i) => i.sku), total: r.totals.notFound };
    };
    expect(await page('pageSize=2&notFoundPage=2')).toEqual({ skus: order.slice(2, 4), total: 4 });
    expect(await page('pageSize=2&sort=position&dir=desc')).toEqual({ skus: [...order].reverse().slice(0, 2), total: 4 });
    expect(await page('search=x-9')).toEqual({ skus: ['X-9'], total: 1 });
    expect(await page('search=%25')).toEqual({ skus: [], total: 0 });
    expect(await page('search=40063')).toEqual({ skus: order.filter((s) => s.startsWith('40063')), total: 1 });
    expect((await page('sort=sku&dir=asc')).skus).toEqual(['4.00638E+12', '4006381333932', 'Q-7', 'X-9']);
    expect((await page('sort=sku&dir=desc')).skus).toEqual(['X-9', 'Q-7', '4006381333932', '4.00638E+12']);
    // No notFound line has a difference: by that key they keep the engine's order.
    expect((await page('sort=difference&dir=desc')).skus).toEqual(order);
  });

  it('exports them', async () => {
    const csv = await owner.get(`/api/audits/${auditId}/export`);
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    const exported = rows.filter((r) => Object.values(r).includes('X-9') || Object.values(r).includes('Q-7'));
    expect(exported).toHaveLength(2);
  });

  it('deletes them and the other lines with their audit, and with their organisation', async () => {
    const other = await processAudit('Shelves again');
    expect(await storedRows(other)).toBe(4);
    expect(await resultRows(other)).toBe(2);
    expect((await owner.delete(`/api/audits/${other}`)).statusCode).toBe(204);
    expect(await storedRows(other)).toBe(0);
    expect(await resultRows(other)).toBe(0);
    expect(await storedRows(auditId)).toBe(4);
    expect(await resultRows(auditId)).toBe(2);
    // The organisation's cascade deletes its audits, and the triggers their lines.
    await t.db.execute(sql`delete from organizations where id = (select organization_id from audits where id = ${auditId}::uuid)`);
    expect(await storedRows(auditId)).toBe(0);
    expect(await resultRows(auditId)).toBe(0);
  });
});
