/**
 * Counting on the floor through the API (DESIGN.md section 14): count sessions per counter, reads
 * appended in batches and stored exactly once by read id, undo as a read of its own, the count as
 * a scan file of the audit that processing, results and the CSV download treat like an upload.
 */
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResults } from '../../../contracts/results.js';
import type { AppendReadsResult, CountRead, CountSession } from '../../../contracts/counts.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { waitComplete } from '../audits/test-support/fixture-audits.js';

const PRODUCTS = [
  { sku: 'CABLE-3', name: 'Cable 3 m', upc: '5901234123457', currentQuantity: 4, location: 'A-01' },
  { sku: 'BOLT-10', name: 'Bolt M10', upc: '4006381333931', currentQuantity: 10, location: 'A-02' },
  { sku: 'NUT-10', name: 'Nut M10', currentQuantity: 3, location: 'B-01' },
];

let clock = Date.parse('2026-11-27T08:00:00.000Z');
function read(value: string, quantity = '1', location: string | null = 'A-01'): CountRead {
  clock += 1000;
  return { id: uuidv7({ msecs: clock }), kind: 'read', value, quantity, location, readAt: new Date(clock).toISOString() };
}
function undo(cancels: string): CountRead {
  clock += 1000;
  return { id: uuidv7({ msecs: clock }), kind: 'undo', cancels, readAt: new Date(clock).toISOString() };
}

describe.each(DATABASE_KINDS)('counting on the floor on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let member: TestClient;
  let viewer: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    const { organizationId } = await owner.signUp();
    for (const p of PRODUCTS) expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    member = await signedInMember(t, organizationId, 'member');
    viewer = await signedInMember(t, organizationId, 'viewer');
    stranger = t.client();
    await stranger.signUp({ organizationName: 'Elsewhere' });
  });
  afterAll(async () => t?.close());

  async function draftAudit(): Promise<string> {
    const res = await owner.post('/api/audits/stub', { name: 'Floor count', type: 'cycle-count', status: 'draft' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  async function openSession(client: TestClient, auditId: string): Promise<CountSession> {
    const res = await client.post(`/api/audits/${auditId}/count-session`);
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json();
  }

  async function send(client: TestClient, sessionId: string, reads: CountRead[]): Promise<AppendReadsResult> {
    const res = await client.post(`/api/count-sessions/${sessionId}/reads`, { reads });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** The scanned quantity of a SKU over the results' counted lines. */
  function scannedIn(results: PagedResults): (sku: string) => number {
    const counted = [...results.categories.quantityCorrect, ...results.categories.quantityAbove, ...results.categories.quantityBelow];
    return (sku) => counted.filter((i) => i.sku === sku).reduce((n, i) => n + i.scannedQuantity, 0);
  }

  async function fileRows(client: TestClient, sessionId: string): Promise<string[][]> {
    const res = await client.get(`/api/count-sessions/${sessionId}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Scan value,Quantity,Location,Read at,Read id');
    return lines.slice(1).map((l) => l.split(','));
  }

  it('opens one session per counter, as a scan file of the audit named after the counter; a draft becomes pending', async () => {
    const id = await draftAudit();
    const first = await owner.post(`/api/audits/${id}/count-session`);
    expect(first.statusCode).toBe(201);
    const session: CountSession = first.json();
    expect(session).toMatchObject({ auditId: id, teamName: 'Olive Owner', auditStatus: 'pending', blind: false, readCount: 0 });
    const again = await owner.post(`/api/audits/${id}/count-session`);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(session.id);
    const asMember = await openSession(member, id);
    expect(asMember.id).not.toBe(session.id);
    expect(asMember.blind).toBe(true);
    const audit = (await owner.get(`/api/audits/${id}`)).json();
    expect(audit.status).toBe('pending');
    expect(audit.scanFiles.map((f: { fileName: string; teamName: string; pendingProcessing: boolean }) => [f.fileName, f.teamName, f.pendingProcessing])).toEqual([
      ['Count - Olive Owner.csv', 'Olive Owner', true],
      ['Count - member.csv', 'member', true],
    ]);
  });

  it('stores a batch sent three times once, and says so', async () => {
    const id = await draftAudit();
    const session = await openSession(owner, id);
    const batch = [read('5901234123457'), read('5901234123457'), read('BOLT-10', '6')];
    expect(await send(owner, session.id, batch)).toEqual({ stored: 3, alreadyStored: 0, readCount: 3 });
    expect(await send(owner, session.id, batch)).toEqual({ stored: 0, alreadyStored: 3, readCount: 3 });
    // The third time with one new read added: only that one is stored.
    expect(await send(owner, session.id, [...batch, read('NUT-10')])).toEqual({ stored: 1, alreadyStored: 3, readCount: 4 });
    const rows = await fileRows(owner, session.id);
    expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['5901234123457', '1', 'A-01'],
      ['5901234123457', '1', 'A-01'],
      ['BOLT-10', '6', 'A-01'],
      ['NUT-10', '1', 'A-01'],
    ]);
    expect(rows.map((r) => r[4])).toEqual([...batch.map((r) => r.id), rows[3]![4]]);
  });

  it('stores each read once when overlapping batches arrive at the same time', async () => {
    const id = await draftAudit();
    const session = await openSession(owner, id);
    const reads = Array.from({ length: 60 }, (_, i) => read(i % 2 ? 'BOLT-10' : 'NUT-10'));
    const batches = [reads.slice(0, 40), reads.slice(20, 60), reads.slice(0, 60), reads.slice(10, 30)];
    const answers = await Promise.all(batches.map((b) => send(owner, session.id, b)));
    expect(answers.reduce((n, a) => n + a.stored, 0)).toBe(60);
    expect(new Set((await fileRows(owner, session.id)).map((r) => r[4]))).toEqual(new Set(reads.map((r) => r.id)));
    expect((await fileRows(owner, session.id)).length).toBe(60);
  });

  it('takes a read back with an undo that survives being sent again, even ahead of its read', async () => {
    const id = await draftAudit();
    const session = await openSession(owner, id);
    const a = read('BOLT-10');
    const b = read('BOLT-10', '5');
    const takeBack = undo(b.id);
    // The undo arrives before the read it cancels (batches out of order), then everything again.
    expect((await send(owner, session.id, [takeBack])).readCount).toBe(0);
    expect(await send(owner, session.id, [a, b])).toEqual({ stored: 2, alreadyStored: 0, readCount: 1 });
    expect(await send(owner, session.id, [a, b, takeBack])).toEqual({ stored: 0, alreadyStored: 3, readCount: 1 });
    expect((await fileRows(owner, session.id)).map((r) => [r[0], r[1]])).toEqual([['BOLT-10', '1']]);
    const state = (await owner.get(`/api/count-sessions/${session.id}`)).json();
    expect(state.reads.map((r: CountRead) => r.kind)).toEqual(['read', 'read', 'undo']);
  });

  it('processes two counters of one audit as two scan files: results count every read once', async () => {
    const id = await draftAudit();
    const mine = await openSession(owner, id);
    const theirs = await openSession(member, id);
    const ownerReads = [read('5901234123457', '3'), read('BOLT-10', '4', 'A-02'), read('UNKNOWN-1')];
    const memberReads = [read('5901234123457'), read('4006381333931', '6', 'A-02')];
    await send(owner, mine.id, ownerReads);
    await send(owner, mine.id, ownerReads);
    await send(member, theirs.id, memberReads);
    await send(member, theirs.id, [undo(memberReads[0]!.id)]);
    // Another counter's session is not yours to add to.
    expect((await member.post(`/api/count-sessions/${mine.id}/reads`, { reads: [read('NUT-10')] })).statusCode).toBe(403);

    const started = await owner.post(`/api/audits/${id}/process?wait=false`);
    expect(started.statusCode, started.body).toBe(202);
    await waitComplete(owner, id);
    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    const scanned = (sku: string) =>
      [...results.categories.quantityCorrect, ...results.categories.quantityAbove, ...results.categories.quantityBelow].find((i) => i.sku === sku)?.scannedQuantity;
    expect(scanned('CABLE-3')).toBe(3);
    expect(scanned('BOLT-10')).toBe(10);
    expect(results.categories.notFound.map((i) => i.sku)).toEqual(['UNKNOWN-1']);
    expect(results.categories.zeroSheetItems.map((i) => i.sku)).toEqual(['NUT-10']);
    expect(results.summary.scanFileBreakdown.map((f) => [f.fileName, f.teamName, f.totalItems])).toEqual([
      ['Count - Olive Owner.csv', 'Olive Owner', 8],
      ['Count - member.csv', 'member', 6],
    ]);

    // The audit is complete: its counts take no more reads, and no new count opens.
    const late = await owner.post(`/api/count-sessions/${mine.id}/reads`, { reads: [read('NUT-10')] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('AUDIT_NOT_PROCESSABLE');
    const third = await signedInMember(t, (await owner.get('/api/auth/user')).json().organizationId, 'admin');
    expect((await third.post(`/api/audits/${id}/count-session`)).statusCode).toBe(409);
    // The count still downloads as it was.
    expect((await fileRows(owner, mine.id)).length).toBe(3);
  });

  it('refuses viewers (403) and other organisations (404), and bad reads (400)', async () => {
    const id = await draftAudit();
    const session = await openSession(owner, id);
    expect((await viewer.post(`/api/audits/${id}/count-session`)).statusCode).toBe(403);
    expect((await viewer.post(`/api/count-sessions/${session.id}/reads`, { reads: [read('NUT-10')] })).statusCode).toBe(403);
    expect((await viewer.get(`/api/audits/${id}/count-catalogue`)).statusCode).toBe(403);
    expect((await viewer.get(`/api/count-sessions/${session.id}/file`)).statusCode).toBe(200);
    expect((await stranger.post(`/api/audits/${id}/count-session`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/count-sessions/${session.id}/reads`, { reads: [read('NUT-10')] })).statusCode).toBe(404);
    expect((await stranger.get(`/api/count-sessions/${session.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/count-sessions/${session.id}/file`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/audits/${id}/count-catalogue`)).statusCode).toBe(404);
    for (const bad of [
      { ...read('NUT-10'), quantity: '1.2345' },
      { ...read('NUT-10'), id: 'not-a-uuid' },
      { ...read('NUT-10'), value: '' },
    ]) {
      expect((await owner.post(`/api/count-sessions/${session.id}/reads`, { reads: [bad] })).statusCode).toBe(400);
    }
    expect((await owner.post(`/api/count-sessions/${session.id}/reads`, { reads: [] })).statusCode).toBe(400);
  });

  it('answers the catalogue for counting, blind for members unless the audit says otherwise', async () => {
    const id = await draftAudit();
    const forOwner = (await owner.get(`/api/audits/${id}/count-catalogue`)).json();
    expect(forOwner.blind).toBe(false);
    expect(forOwner.products.map((p: { sku: string; expectedQuantity: number | null }) => [p.sku, p.expectedQuantity])).toEqual([
      ['CABLE-3', 4],
      ['BOLT-10', 10],
      ['NUT-10', 3],
    ]);
    const forMember = (await member.get(`/api/audits/${id}/count-catalogue`)).json();
    expect(forMember.blind).toBe(true);
    expect(forMember.products.every((p: { expectedQuantity: number | null }) => p.expectedQuantity === null)).toBe(true);
    expect((await owner.get(`/api/audits/${id}`)).json().countBlind).toBeNull();
    // Those who count blind cannot lift it: the setting is the owners' and admins'.
    const byMember = await member.patch(`/api/audits/${id}`, { countBlind: false });
    expect([byMember.statusCode, byMember.json().error]).toEqual([403, 'FORBIDDEN']);
    expect((await member.get(`/api/audits/${id}/count-catalogue`)).json().blind).toBe(true);
    const changed = await owner.patch(`/api/audits/${id}`, { countBlind: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().countBlind).toBe(false);
    expect((await member.get(`/api/audits/${id}/count-catalogue`)).json().products[0].expectedQuantity).toBe(4);
    const admin = await signedInMember(t, (await owner.get('/api/auth/user')).json().organizationId, 'admin');
    expect((await admin.patch(`/api/audits/${id}`, { countBlind: true })).statusCode).toBe(200);
    expect((await admin.get(`/api/audits/${id}/count-catalogue`)).json().blind).toBe(true);
    expect((await member.get(`/api/audits/${id}`)).json().countBlind).toBe(true);
  });

  it('keeps decimal quantities, the GS character and formula-like values in the file', async () => {
    const id = await draftAudit();
    const session = await openSession(owner, id);
    const gs1 = ']d201095011015300031710AB\u001d17271231';
    await send(owner, session.id, [read('CABLE-3', '2.500'), read(gs1), read('=1+1', '-1')]);
    const text = (await owner.get(`/api/count-sessions/${session.id}/file`)).body;
    expect(text).toContain('CABLE-3,2.5,');
    expect(text).toContain(`${gs1},1,`);
    expect(text).toContain("'=1+1,-1,");
    // Other control characters are still refused, and the group separator elsewhere too.
    const nul = await owner.post(`/api/count-sessions/${session.id}/reads`, { reads: [read('AB\u0000C')] });
    expect([nul.statusCode, nul.json().error]).toEqual([400, 'INVALID_CHARACTERS']);
    expect((await owner.patch(`/api/audits/${id}`, { name: 'A\u001dB' })).statusCode).toBe(400);
  });
  it('keeps the counts on the floor when files are uploaded to the audit with upload-multiple', async () => {
    const id = await draftAudit();
    const mine = await openSession(owner, id);
    const theirs = await openSession(member, id);
    await send(owner, mine.id, [read('5901234123457', '2'), read('UNKNOWN-2')]);
    await send(member, theirs.id, [read('BOLT-10', '3', 'A-02')]);
    const upload = (content: string) =>
      owner.upload(`/api/audits/${id}/upload-multiple`, [{ field: 'scanFiles', content, fileName: 'handheld.csv' }], {
        scanColumn_0: 'Code',
        quantityColumn_0: 'Qty',
        teamName_0: 'Handheld',
      });

    // Bad input changes nothing: the counts stay the audit's, with their reads.
    const refused = await upload('Code,Qty\nNUT-10,abc\n');
    expect(refused.statusCode, refused.body).toBe(400);
    const kept = (await owner.get(`/api/audits/${id}`)).json();
    expect(kept.status).toBe('pending');
    expect((await fileRows(owner, mine.id)).length).toBe(2);

    const res = await upload('Code,Qty\nNUT-10,3\nBOLT-10,2\n');
    expect(res.statusCode, res.body).toBeLessThan(300);
    await waitComplete(owner, id);
    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    const scanned = scannedIn(results);
    expect(scanned('CABLE-3')).toBe(2);
    expect(scanned('BOLT-10')).toBe(5);
    expect(scanned('NUT-10')).toBe(3);
    expect(results.categories.notFound.map((i) => i.sku)).toEqual(['UNKNOWN-2']);
    expect(results.summary.scanFileBreakdown.map((f) => [f.fileName, f.teamName, f.totalItems])).toEqual([
      ['handheld.csv', 'Handheld', 5],
      ['Count - Olive Owner.csv', 'Olive Owner', 3],
      ['Count - member.csv', 'member', 3],
    ]);
    // The counts still download as they were.
    expect((await fileRows(owner, mine.id)).length).toBe(2);
    expect((await fileRows(owner, theirs.id)).length).toBe(1);
  });

  // Last: it adds a product to the catalogue the tests above list.
  it('counts a decimal quantity, a GS1 DataMatrix read and a case barcode into the results as the engine reads them', async () => {
    const created = await owner.post('/api/products', {
      sku: 'GS1-PACK',
      name: 'GS1 pack',
      upc: '9501101530003',
      currentQuantity: 2,
      location: 'C-01',
      alternateIdentifiers: [{ value: '9501101530010', kind: 'barcode', units: 6 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await draftAudit();
    // The catalogue for counting carries the case barcode and its units, as the screen counts it.
    const catalogue = (await owner.get(`/api/audits/${id}/count-catalogue`)).json();
    const pack = catalogue.products.find((p: { sku: string }) => p.sku === 'GS1-PACK');
    expect(pack.alternates).toEqual([{ value: '9501101530010', kind: 'barcode', units: 6 }]);
    expect(catalogue.products.find((p: { sku: string }) => p.sku === 'NUT-10').alternates).toBeUndefined();
    const session = await openSession(owner, id);
    // As a camera reads a GS1 DataMatrix: symbology identifier, GTIN, lot ended by GS, expiry.
    const dataMatrix = ']d201095011015300031010AB\u001d17271231';
    await send(owner, session.id, [read('CABLE-3', '2.5'), read(dataMatrix), read(dataMatrix, '2'), read('(01)09501101530003(10)CD', '0.5'), read('9501101530010')]);
    expect((await owner.post(`/api/audits/${id}/process?wait=false`)).statusCode).toBe(202);
    await waitComplete(owner, id);
    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    const scanned = scannedIn(results);
    expect(scanned('CABLE-3')).toBe(2.5);
    expect(scanned('GS1-PACK')).toBe(9.5);
    expect(results.categories.notFound).toEqual([]);
  });
});
