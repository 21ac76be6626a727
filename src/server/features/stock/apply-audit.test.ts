/**
 * Approve and apply (DESIGN.md section 13) on both databases: apply, apply twice, apply with a
 * conflict (refused, then confirmed or skipped), the zero-sheet choice, reverse, reverse after the
 * stock moved, the product's history, double clicks, and who may call what (members and viewers
 * 403, another organisation 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResult, ApplicationState, ProductHistory } from '../../../contracts/stock.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { processedAudit } from '../audits/test-support/fixture-audits.js';

// A-1 counted right, B-1 short, C-1 over, D-1 never scanned (zero sheet), E-1 in stock 0 and never scanned (no line).
const CATALOGUE = ['SKU,Name,Qty', 'A-1,Apples,5', 'B-1,Bananas,3', 'C-1,Cherries,2', 'D-1,Dates,4', 'E-1,Elderberries,0'].join('\n');
const SCANS = ['Code,Count', 'A-1,5', 'B-1,1', 'C-1,4', 'ZZZ,1'].join('\n');

type Stock = Record<string, number>;

describe.each(DATABASE_KINDS)('approve and apply on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  async function stock(): Promise<Stock> {
    const list = (await owner.get('/api/products?limit=100')).json().products as Array<{ sku: string; currentQuantity: number }>;
    return Object.fromEntries(list.map((p) => [p.sku, p.currentQuantity]));
  }
  async function idOf(sku: string): Promise<string> {
    const list = (await owner.get('/api/products?limit=100')).json().products as Array<{ id: string; sku: string }>;
    return list.find((p) => p.sku === sku)!.id;
  }
  async function setStock(sku: string, currentQuantity: number): Promise<void> {
    const res = await owner.request({ method: 'PATCH', url: `/api/products/${await idOf(sku)}`, payload: { currentQuantity } });
    expect(res.statusCode, res.body).toBe(200);
  }
  function countedAudit(): Promise<string> {
    return processedAudit(owner, `Cycle ${Math.random()}`, [{ content: SCANS, fileName: 'aisle.csv' }]);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp({ firstName: 'Olga', lastName: 'Owner' })).organizationId;
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'c.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('applies a cycle count once, with the zero sheet, and reverses it in one action', async () => {
    await setStock('A-1', 5);
    await setStock('B-1', 3);
    await setStock('C-1', 2);
    await setStock('D-1', 4);
    const id = await countedAudit();
    const state: ApplicationState = (await owner.get(`/api/audits/${id}/application`)).json();
    expect(state).toMatchObject({ applicable: true, applied: null, history: [] });
    expect(state.next).toMatchObject({ action: 'apply', countedProducts: 3, changes: 2, zeroSheetProducts: 1, zeroSheetDefault: true, conflictCount: 0 });

    const first = await owner.post(`/api/audits/${id}/apply`, {});
    expect(first.statusCode, first.body).toBe(200);
    const applied: ApplicationResult = first.json();
    expect(applied).toMatchObject({ alreadyDone: false, adjusted: 3, skipped: 0 });
    expect(applied.application).toMatchObject({ appliedByName: 'Olga Owner', zeroSheet: true, reversedAt: null, changedProducts: 3, unchangedProducts: 1 });
    expect(await stock()).toMatchObject({ 'A-1': 5, 'B-1': 1, 'C-1': 4, 'D-1': 0, 'E-1': 0 });

    // Applying again (a double click, or a second person) changes nothing.
    const again: ApplicationResult = (await owner.post(`/api/audits/${id}/apply`, {})).json();
    expect(again).toMatchObject({ alreadyDone: true, adjusted: 0, application: { id: applied.application.id } });
    expect(await stock()).toMatchObject({ 'A-1': 5, 'B-1': 1, 'C-1': 4, 'D-1': 0 });

    const history: ProductHistory = (await owner.get(`/api/products/${await idOf('B-1')}/history`)).json();
    expect(history.product).toMatchObject({ sku: 'B-1', currentQuantity: 1 });
    expect(history.adjustments).toHaveLength(1);
    expect(history.adjustments[0]).toMatchObject({ reason: 'audit-applied', quantityBefore: 3, quantityAfter: 1, difference: -2, auditId: id, userName: 'Olga Owner' });
    // The unchanged line has its proof of counting; the zero sheet its own reason.
    const a = (await owner.get(`/api/products/${await idOf('A-1')}/history`)).json() as ProductHistory;
    expect(a.adjustments.map((x) => [x.reason, x.difference])).toEqual([['audit-applied', 0]]);
    const d = (await owner.get(`/api/products/${await idOf('D-1')}/history`)).json() as ProductHistory;
    expect(d.adjustments.map((x) => [x.reason, x.quantityBefore, x.quantityAfter])).toEqual([['zero-sheet', 4, 0]]);

    const standing: ApplicationState = (await owner.get(`/api/audits/${id}/application`)).json();
    expect(standing.applied?.id).toBe(applied.application.id);
    expect(standing.next).toMatchObject({ action: 'reverse', countedProducts: 3, changes: 3, conflictCount: 0 });

    const reversed = await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId: applied.application.id });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ alreadyDone: false, adjusted: 3, application: { reversedByName: 'Olga Owner' } });
    expect(await stock()).toMatchObject({ 'A-1': 5, 'B-1': 3, 'C-1': 2, 'D-1': 4 });
    const twice = await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId: applied.application.id });
    expect(twice.json()).toMatchObject({ alreadyDone: true, adjusted: 0 });
    expect(await stock()).toMatchObject({ 'B-1': 3, 'D-1': 4 });
    const b = (await owner.get(`/api/products/${await idOf('B-1')}/history`)).json() as ProductHistory;
    expect(b.adjustments.map((x) => [x.reason, x.quantityBefore, x.quantityAfter])).toEqual([
      ['application-reversed', 1, 3],
      ['audit-applied', 3, 1],
    ]);
    // After a reversal the audit can be applied again, without the zero sheet this time.
    const without = (await owner.post(`/api/audits/${id}/apply`, { zeroSheet: false })).json() as ApplicationResult;
    expect(without).toMatchObject({ alreadyDone: false, adjusted: 2, application: { zeroSheet: false } });
    expect(await stock()).toMatchObject({ 'B-1': 1, 'C-1': 4, 'D-1': 4 });
    const list: ApplicationState = (await owner.get(`/api/audits/${id}/application`)).json();
    expect(list.history.map((h) => h.reversedAt === null)).toEqual([true, false]);
    await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId: without.application.id });
  });

  it('refuses an apply while stock changed since the snapshot, then confirms or skips each conflict', async () => {
    await setStock('A-1', 5);
    await setStock('B-1', 3);
    await setStock('C-1', 2);
    await setStock('D-1', 4);
    const id = await countedAudit();
    await setStock('B-1', 7); // sold or received since the count
    const state: ApplicationState = (await owner.get(`/api/audits/${id}/application`)).json();
    expect(state.next.conflictCount).toBe(1);
    expect(state.next.conflicts).toEqual([
      { productId: await idOf('B-1'), sku: 'B-1', productName: 'Bananas', expectedQuantity: 3, currentQuantity: 7, targetQuantity: 1, zeroSheet: false },
    ]);
    const refused = await owner.post(`/api/audits/${id}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'STOCK_CHANGED', details: { conflictCount: 1, conflicts: [{ sku: 'B-1' }] } });
    expect(await stock()).toMatchObject({ 'B-1': 7, 'C-1': 2, 'D-1': 4 });
    expect(((await owner.get(`/api/audits/${id}/application`)).json() as ApplicationState).history).toEqual([]);

    const skipped: ApplicationResult = (await owner.post(`/api/audits/${id}/apply`, { skipped: [await idOf('B-1')] })).json();
    expect(skipped).toMatchObject({ adjusted: 2, skipped: 1 });
    expect(await stock()).toMatchObject({ 'B-1': 7, 'C-1': 4, 'D-1': 0 });
    // Reversing after C-1 moved: C-1 is a conflict; confirmed, it goes back to its stock before the application.
    await setStock('C-1', 9);
    const reverseState: ApplicationState = (await owner.get(`/api/audits/${id}/application`)).json();
    expect(reverseState.next.conflicts.map((c) => [c.sku, c.expectedQuantity, c.currentQuantity, c.targetQuantity])).toEqual([['C-1', 4, 9, 2]]);
    const moved = await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId: skipped.application.id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe('STOCK_CHANGED');
    expect(await stock()).toMatchObject({ 'C-1': 9, 'D-1': 0 });
    const skipC: ApplicationResult = (
      await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId: skipped.application.id, skipped: [await idOf('C-1')] })
    ).json();
    expect(skipC).toMatchObject({ adjusted: 1, skipped: 1 });
    expect(await stock()).toMatchObject({ 'B-1': 7, 'C-1': 9, 'D-1': 4 });

    // Confirmed conflicts are set anyway (C-1 left at 9 is now a conflict too).
    const onlyB = await owner.post(`/api/audits/${id}/apply`, { confirmed: [await idOf('B-1')] });
    expect(onlyB.json()).toMatchObject({ error: 'STOCK_CHANGED', details: { conflictCount: 1, conflicts: [{ sku: 'C-1', currentQuantity: 9 }] } });
    const confirmed: ApplicationResult = (await owner.post(`/api/audits/${id}/apply`, { confirmed: [await idOf('B-1'), await idOf('C-1')] })).json();
    expect(confirmed).toMatchObject({ alreadyDone: false, skipped: 0 });
    expect(await stock()).toMatchObject({ 'B-1': 1, 'C-1': 4, 'D-1': 0 });
    const reverse = await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId: confirmed.application.id });
    expect(reverse.statusCode, reverse.body).toBe(200);
    expect(await stock()).toMatchObject({ 'B-1': 7, 'C-1': 9, 'D-1': 4 });
  });

  it('two applies at once write one application', async () => {
    await setStock('B-1', 3);
    await setStock('C-1', 2);
    await setStock('D-1', 4);
    const id = await countedAudit();
    const answers = await Promise.all([owner.post(`/api/audits/${id}/apply`, {}), owner.post(`/api/audits/${id}/apply`, {})]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => (r.json() as ApplicationResult).alreadyDone).sort()).toEqual([false, true]);
    expect(((await owner.get(`/api/audits/${id}/application`)).json() as ApplicationState).history).toHaveLength(1);
    const history = (await owner.get(`/api/products/${await idOf('B-1')}/history`)).json() as ProductHistory;
    expect(history.adjustments.filter((x) => x.auditId === id)).toHaveLength(1);
    const applicationId = (answers[0]!.json() as ApplicationResult).application.id;
    await owner.post(`/api/audits/${id}/apply/reverse`, { applicationId });
  });

  it('refuses a draft audit; members and viewers get 403, another organisation 404', async () => {
    const draft = (await owner.post('/api/audits', { name: 'Not yet' })).json().id as string;
    const early = await owner.post(`/api/audits/${draft}/apply`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('AUDIT_NOT_COMPLETE');
    expect(((await owner.get(`/api/audits/${draft}/application`)).json() as ApplicationState).applicable).toBe(false);

    const id = await countedAudit();
    const before = await stock();
    const admin = await signedInMember(t, organizationId, 'admin');
    const member = await signedInMember(t, organizationId, 'member');
    const viewer = await signedInMember(t, organizationId, 'viewer');
    const productId = await idOf('B-1');
    for (const c of [member, viewer]) {
      expect((await c.post(`/api/audits/${id}/apply`, {})).statusCode).toBe(403);
      expect((await c.post(`/api/audits/${id}/apply/reverse`, { applicationId: id })).statusCode).toBe(403);
      expect((await c.get(`/api/audits/${id}/application`)).statusCode).toBe(200);
      expect((await c.get(`/api/products/${productId}/history`)).statusCode).toBe(200);
    }
    expect(await stock()).toEqual(before);

    const stranger = t.client();
    await stranger.signUp();
    expect((await stranger.get(`/api/audits/${id}/application`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/audits/${id}/apply`, {})).statusCode).toBe(404);
    expect((await stranger.post(`/api/audits/${id}/apply/reverse`, { applicationId: id })).statusCode).toBe(404);
    expect((await stranger.get(`/api/products/${productId}/history`)).statusCode).toBe(404);
    expect((await owner.get(`/api/products/not-a-uuid/history`)).statusCode).toBe(404);
    expect(await stock()).toEqual(before);

    // An admin applies; a reversal naming another audit's application is 404.
    const applied: ApplicationResult = (await admin.post(`/api/audits/${id}/apply`, { confirmed: [], skipped: [] })).json();
    expect(applied.alreadyDone).toBe(false);
    expect((await admin.post(`/api/audits/${draft}/apply/reverse`, { applicationId: applied.application.id })).statusCode).toBe(404);
    expect((await admin.post(`/api/audits/${id}/apply/reverse`, { applicationId: applied.application.id })).statusCode).toBe(200);
  });
});
