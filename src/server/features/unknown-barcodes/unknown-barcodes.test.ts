/**
 * Unknown barcodes (DESIGN.md section 13) on both databases: one list across the organisation's
 * audits; mapping a value to a product (an identifier with its units) recomputes the audits it
 * was unknown in from their kept scan files, with their own expected quantities, and their lines
 * move between categories; a product made from a value does the same; an audit whose scan files
 * were not kept says so; viewers and members cannot act (403); another organisation's values and
 * products answer 404.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../../contracts/audits.js';
import type { EnhancedResults, ResultItem } from '../../../contracts/results.js';
import type { UnknownBarcodeAction, UnknownBarcodePage } from '../../../contracts/unknown-barcodes.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { processedAudit, processFiles } from '../audits/test-support/fixture-audits.js';
import { matchKeyOf } from './repo.js';

const CATALOGUE = ['SKU,Name,Cost,Qty,Tags', 'A-1,Apples,1.00,5,fruit', 'B-1,Bananas,2.00,3,fruit', 'C-1,Cherries,1.00,2,berry'].join('\n');
// 4006381333931 is nobody's barcode yet; BOX-7 nobody's code.
const FIRST = ['Code,Count', 'A-1,5', '4006381333931,2', 'BOX-7,1', 'B-1,1'].join('\n');
const SECOND = ['Code,Count', '04006381333931,1', 'C-1,2'].join('\n');

describe.each(DATABASE_KINDS)('unknown barcodes on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let viewer: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  const ids: Record<string, string> = {};
  let first: string;
  let second: string;

  async function results(id: string): Promise<EnhancedResults> {
    const res = await owner.get(`/api/audits/${id}/results-enhanced?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  function line(r: EnhancedResults, sku: string): { category: string; item: ResultItem } | null {
    for (const [category, items] of Object.entries(r.categories)) {
      const item = (items as ResultItem[]).find((i) => i.sku === sku);
      if (item) return { category, item };
    }
    return null;
  }
  async function waitRecomputed(id: string, since: string | null): Promise<Audit> {
    let audit: Audit | null = null;
    for (let i = 0; i < 300; i++) {
      audit = (await owner.get(`/api/audits/${id}`)).json() as Audit;
      if (audit.recomputeState === null && audit.recomputedAt !== null && audit.recomputedAt !== since) return audit;
      await new Promise((r) => setTimeout(r, 100));
    }
    const row = ((await t.db.execute(sql`select recompute_requested_at, recompute_token, recompute_heartbeat_at, now() from audits where id = ${id}`)) as unknown as { rows: unknown[] }).rows;
    throw new Error(`the audit was not recomputed: ${JSON.stringify({ state: audit?.recomputeState, at: audit?.recomputedAt, error: audit?.recomputeError, row })}`);
  }
  async function identifiersOf(sku: string): Promise<unknown> {
    const found = (await t.db.execute(sql`select i.value, i.kind, i.units::float8 as units from product_identifiers i join products p on p.id = i.product_id
      where p.sku = ${sku} order by i.position`)) as unknown as { rows: unknown[] };
    return found.rows;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    const { organizationId } = await owner.signUp();
    viewer = await signedInMember(t, organizationId, 'viewer');
    member = await signedInMember(t, organizationId, 'member');
    stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Co' });
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'c.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Cost: 'costPrice', Qty: 'currentQuantity', Tags: 'tags' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const p of (await owner.get('/api/products?limit=100')).json().products as Array<{ id: string; sku: string }>) ids[p.sku] = p.id;
    first = await processedAudit(owner, 'Front store', [{ content: FIRST, fileName: 'front.csv' }]);
    second = await processedAudit(owner, 'Back room', [{ content: SECOND, fileName: 'back.csv' }]);
  });
  afterAll(async () => t?.close());

  it('lists every unknown value once across audits, by match key, for every role', async () => {
    for (const client of [owner, viewer]) {
      const res = await client.get('/api/unknown-barcodes');
      expect(res.statusCode, res.body).toBe(200);
      const page: UnknownBarcodePage = res.json();
      expect(page.total).toBe(2);
      const code = page.items.find((i) => i.key === '04006381333931')!;
      expect(code).toMatchObject({ value: '04006381333931', units: 3, scanFiles: 2, auditCount: 2 });
      expect(code.audits.map((a) => [a.name, a.units, a.canRecompute])).toEqual([
        ['Back room', 1, true],
        ['Front store', 2, true],
      ]);
      expect(page.items.find((i) => i.key === 'box-7')).toMatchObject({ value: 'BOX-7', units: 1, auditCount: 1 });
    }
    expect((await owner.get('/api/unknown-barcodes?search=box')).json().items.map((i: { value: string }) => i.value)).toEqual(['BOX-7']);
    // Another organisation sees none of them.
    expect((await stranger.get('/api/unknown-barcodes')).json()).toMatchObject({ items: [], total: 0 });
    expect(matchKeyOf('4006381333931')).toBe('04006381333931');
    expect(matchKeyOf('4 006381 333931')).toBe('04006381333931');
  });

  it('refuses viewers and members (403) and answers 404 for another organisation', async () => {
    const body = { value: '4006381333931', productId: ids['B-1'], units: 1 };
    for (const client of [viewer, member]) {
      expect((await client.post('/api/unknown-barcodes/map', body)).statusCode).toBe(403);
      expect((await client.post('/api/unknown-barcodes/recompute', { value: 'BOX-7' })).statusCode).toBe(403);
    }
    // Our product from another organisation, and another organisation's value with its own product.
    expect((await stranger.post('/api/unknown-barcodes/map', body)).statusCode).toBe(404);
    expect((await stranger.post('/api/unknown-barcodes/recompute', { value: 'BOX-7' })).statusCode).toBe(404);
    await stranger.post('/api/products', { sku: 'S-1', name: 'Theirs' });
    const theirs = (await stranger.get('/api/products')).json().products[0].id as string;
    expect((await stranger.post('/api/unknown-barcodes/map', { ...body, productId: theirs })).statusCode).toBe(404);
    expect((await owner.post('/api/unknown-barcodes/map', { ...body, productId: theirs })).statusCode).toBe(404);
    expect((await owner.post('/api/unknown-barcodes/map', { ...body, productId: 'not-an-id' })).statusCode).toBe(404);
    expect((await owner.post('/api/unknown-barcodes/map', { ...body, value: 'NEVER-SCANNED' })).statusCode).toBe(404);
    const bad = await owner.post('/api/unknown-barcodes/map', { ...body, units: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/units/i);
    // Nothing changed.
    expect(await identifiersOf('B-1')).toEqual([]);
  });

  it('maps a value to a product: both audits are recomputed with their own expected quantities, lines move', async () => {
    const before1 = await results(first);
    expect(before1.counts).toMatchObject({ quantityCorrect: 1, quantityBelow: 1, notFound: 2, zeroSheetItems: 1 });
    expect(line(before1, 'B-1')).toMatchObject({ category: 'quantityBelow', item: { scannedQuantity: 1, expectedQuantity: 3 } });
    const before2 = await results(second);
    expect(line(before2, 'B-1')).toMatchObject({ category: 'zeroSheetItems' });
    const fruit = async () => ((await owner.get('/api/tag-analytics/summary')).json() as Array<{ tagName: string; accuracyPercentage: number | null; totalQuantityVariance: number }>).find((r) => r.tagName === 'fruit');
    // Fruit's audited lines: A-1 correct, B-1 below (front); A-1, B-1 zero sheet (back): 1 of 4.
    expect(await fruit()).toMatchObject({ accuracyPercentage: 25, totalQuantityVariance: -10 });

    // The books move after the audits ran: the recompute keeps the audits' own expected figures.
    expect((await owner.patch(`/api/products/${ids['B-1']}`, { currentQuantity: 10 })).statusCode).toBe(200);

    // A double click: two requests at once.
    const body = { value: '4006381333931', productId: ids['B-1'], units: 1 };
    const answers = await Promise.all([owner.post('/api/unknown-barcodes/map', body), owner.post('/api/unknown-barcodes/map', body)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const action: UnknownBarcodeAction = res.json();
      expect(action.product).toMatchObject({ sku: 'B-1' });
      expect(action.audits.map((a) => [a.name, a.recompute])).toEqual([
        ['Back room', 'queued'],
        ['Front store', 'queued'],
      ]);
    }
    await waitRecomputed(first, null);
    await waitRecomputed(second, null);
    expect(await identifiersOf('B-1')).toEqual([{ value: '4006381333931', kind: 'barcode', units: 1 }]);

    const after1 = await results(first);
    // B-1: 1 + 2 read by the new barcode = 3 = expected 3 (not today's 10).
    expect(line(after1, 'B-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 3, expectedQuantity: 3, difference: 0 } });
    expect(after1.counts).toMatchObject({ quantityCorrect: 2, quantityBelow: 0, notFound: 1, zeroSheetItems: 1 });
    expect(after1.categories.notFound.map((i) => i.sku)).toEqual(['BOX-7']);
    const after2 = await results(second);
    expect(line(after2, 'B-1')).toMatchObject({ category: 'quantityBelow', item: { scannedQuantity: 1, expectedQuantity: 3, difference: -2 } });
    expect(after2.counts).toMatchObject({ notFound: 0, quantityBelow: 1 });
    // The list forgets the value; the export follows the lines.
    expect((await owner.get('/api/unknown-barcodes')).json().items.map((i: { value: string }) => i.value)).toEqual(['BOX-7']);
    const csv = (await owner.get(`/api/audits/${first}/export`)).body;
    expect(csv).toContain('\nCorrect,B-1,4006381333931,Bananas,3,3,0,');
    expect(csv).not.toMatch(/^Not Found,[^\n]*4006381333931/m);
    // Tag analytics follow the lines.
    // Now B-1 is right in the front store and 2 short in the back room: 2 of 4, variance -5 - 2.
    expect(await fruit()).toMatchObject({ accuracyPercentage: 50, totalQuantityVariance: -7 });
    // The audit says it was recomputed, and when.
    const audit: Audit = (await owner.get(`/api/audits/${first}`)).json();
    expect(audit).toMatchObject({ canRecompute: true, recomputeState: null, recomputeError: null });
  });

  it('keeps the final figures of a recount when the audit it recounts is recomputed', async () => {
    const parent = await processedAudit(owner, 'Aisle 9', [{ content: ['Code,Count', 'A-1,2', 'Q-9,1'].join('\n'), fileName: 'aisle9.csv' }]);
    const recount: Audit = (await owner.post(`/api/audits/${parent}/recount`, { productIds: [ids['A-1']] })).json();
    await processFiles(owner, recount.id, [{ content: ['Code,Count', 'A-1,5'].join('\n'), fileName: 'recount.csv' }]);
    expect(line(await results(parent), 'A-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 5 } });

    const res = await owner.post('/api/unknown-barcodes/map', { value: 'Q-9', productId: ids['C-1'], units: 2 });
    expect(res.statusCode, res.body).toBe(200);
    await waitRecomputed(parent, null);
    const after = await results(parent);
    // Q-9 is an alias of C-1 counting 2 a read: C-1 counted 2 of 2; A-1 keeps its recount.
    expect(line(after, 'C-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 2, expectedQuantity: 2 } });
    expect(line(after, 'A-1')).toMatchObject({
      category: 'quantityCorrect',
      item: { scannedQuantity: 5, reason: 'Recounted: first count 2, final 5 (Aisle 9 (recount))' },
    });
    expect(line(after, 'Q-9')).toBeNull();
    expect(await identifiersOf('C-1')).toEqual([{ value: 'Q-9', kind: 'alias', units: 2 }]);
  });

  it('recomputes after a product is made from a value; an audit without kept scan files says so', async () => {
    const third = await processedAudit(owner, 'Old audit', [{ content: ['Code,Count', 'BOX-7,4'].join('\n'), fileName: 'old.csv' }]);
    // As an audit stored before scan files were kept.
    await t.db.execute(sql`update scan_files set kept_file_id = null where audit_id = ${third}`);
    const listed = (await owner.get('/api/unknown-barcodes')).json().items[0];
    expect(listed.audits.map((a: { name: string; canRecompute: boolean }) => [a.name, a.canRecompute])).toEqual([
      ['Old audit', false],
      ['Front store', true],
    ]);
    const since = ((await owner.get(`/api/audits/${first}`)).json() as Audit).recomputedAt;
    expect((await owner.post('/api/products', { sku: 'BOX-7', name: 'Boxed set' })).statusCode).toBe(201);
    const res = await owner.post('/api/unknown-barcodes/recompute', { value: 'box-7' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as UnknownBarcodeAction).audits.map((a) => [a.name, a.recompute])).toEqual([
      ['Old audit', 'not-kept'],
      ['Front store', 'queued'],
    ]);
    await waitRecomputed(first, since);
    const after = await results(first);
    // Not in the books when the audit ran: expected 0, counted 1.
    expect(line(after, 'BOX-7')).toMatchObject({ category: 'quantityAbove', item: { scannedQuantity: 1, expectedQuantity: 0 } });
    expect(after.counts.notFound).toBe(0);
    const old: Audit = (await owner.get(`/api/audits/${third}`)).json();
    expect(old).toMatchObject({ canRecompute: false, recomputeState: null, recomputedAt: null });
    expect(line(await results(third), 'BOX-7')?.category).toBe('notFound');
  });
});
