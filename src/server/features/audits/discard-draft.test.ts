/**
 * `DELETE /api/audits/{id}/draft` (docs/decisions/0118): the draft of a cancelled Assign Task is
 * taken back by the member who made it; anything more than a bare draft stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

describe.each(DATABASE_KINDS)('discarding a draft on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    const { organizationId } = await owner.signUp();
    member = await signedInMember(t, organizationId, 'member');
  });
  afterAll(async () => t?.close());

  const stub = async (client: TestClient, name: string) => {
    const res = await client.post('/api/audits/stub', { name, type: 'cycle-count', status: 'draft' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it("removes the member's own bare draft, though members may not delete audits", async () => {
    const id = await stub(member, 'Cancelled task');
    expect((await member.delete(`/api/audits/${id}`)).statusCode).toBe(403);
    expect((await member.delete(`/api/audits/${id}/draft`)).statusCode).toBe(204);
    expect((await owner.get(`/api/audits/${id}`)).statusCode).toBe(404);
  });

  it("refuses a member another user's draft; an owner may discard it", async () => {
    const id = await stub(owner, "Owner's draft");
    const refused = await member.delete(`/api/audits/${id}/draft`);
    expect(refused.statusCode).toBe(403);
    expect((await owner.get(`/api/audits/${id}`)).statusCode).toBe(200);
    const memberDraft = await stub(member, "Member's draft");
    expect((await owner.delete(`/api/audits/${memberDraft}/draft`)).statusCode).toBe(204);
  });

  it('keeps a draft that has a task, and an audit that ran', async () => {
    const withTask = await stub(member, 'Assigned');
    const task = await member.post('/api/audit-tasks', { auditId: withTask, title: 'Count the back room' });
    expect(task.statusCode, task.body).toBe(201);
    const refused = await member.delete(`/api/audits/${withTask}/draft`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('AUDIT_NOT_DISCARDABLE');

    const ran = await stub(member, 'Ran');
    const run = await member.upload(`/api/audits/${ran}/upload-multiple`, [{ field: 'scanFiles', content: 'Barcode\nX-1\n', fileName: 'scan.csv' }], {
      scanColumn_0: 'Barcode',
    });
    expect(run.statusCode, run.body).toBe(200);
    expect((await member.delete(`/api/audits/${ran}/draft`)).statusCode).toBe(409);
    expect((await owner.get(`/api/audits/${ran}`)).json().status).toBe('complete');
  });
});
