import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { earliestTodayOnEarth, type AuditTask } from '../../../contracts/tasks.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { auditTasks } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue, manifestUpload } from '../audits/test-support/fixture-audits.js';

const fixture = loadFixture('cycle-count-basic');

interface Member {
  client: TestClient;
  id: string;
  email: string;
}

async function member(t: TestApp, organizationId: string, role: 'admin' | 'member' | 'viewer'): Promise<Member> {
  const client = await signedInMember(t, organizationId, role);
  const me = (await client.get('/api/auth/user')).json();
  return { client, id: me.id, email: me.email };
}

async function stub(c: TestClient, name = 'Aisle 7 year-end'): Promise<string> {
  const res = await c.post('/api/audits/stub', { name, type: 'cycle-count', status: 'draft' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function assign(c: TestClient, body: Record<string, unknown>): Promise<AuditTask> {
  const res = await c.post('/api/audit-tasks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The calendar day `days` after `day` (`YYYY-MM-DD`). */
function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('the earliest today on Earth', () => {
  it('is the date at UTC-12:00', () => {
    expect(earliestTodayOnEarth(new Date('2026-11-27T11:59:59Z'))).toBe('2026-11-26');
    expect(earliestTodayOnEarth(new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-27');
    expect(earliestTodayOnEarth(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });
});

describe.each(DATABASE_KINDS)('audit tasks on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let owner: TestClient;
  let ownerId: string;
  let organizationId: string;
  let worker: Member;
  let otherWorker: Member;
  let viewer: Member;
  let stranger: TestClient;
  let strangerAuditId: string;
  let strangerId: string;

  const taskCount = async () => Number((await t.db.select({ n: count() }).from(auditTasks))[0]!.n);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://stock.example.com' });
    owner = t.client();
    const signedUp = await owner.signUp();
    organizationId = signedUp.organizationId;
    ownerId = signedUp.id;
    await importFixtureCatalogue(owner, fixture);
    worker = await member(t, organizationId, 'member');
    otherWorker = await member(t, organizationId, 'member');
    viewer = await member(t, organizationId, 'viewer');
    stranger = t.client();
    strangerId = (await stranger.signUp({ organizationName: 'Rival Ltd' })).id;
    strangerAuditId = await stub(stranger, 'Rival count');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("creates a task for 'Myself' with the defaults, and lists it as mine and in all tasks", async () => {
    const auditId = await stub(owner);
    const task = await assign(owner, { auditId, title: '  Aisle 7 year-end - Audit Task ', assignedTo: null, assignedTeamMemberId: null });
    expect(task).toMatchObject({
      auditId,
      title: 'Aisle 7 year-end - Audit Task',
      status: 'pending',
      priority: 'medium',
      dueDate: null,
      description: null,
      notes: null,
      startedAt: null,
      completedAt: null,
      assignedTo: ownerId,
      assignedToName: 'Olive Owner',
      createdBy: ownerId,
      auditName: 'Aisle 7 year-end',
      auditType: 'cycle-count',
      auditStatus: 'draft',
    });
    expect(Date.parse(task.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await owner.get('/api/audit-tasks')).json().map((x: AuditTask) => x.id)).toContain(task.id);
    expect((await owner.get('/api/all-audit-tasks')).json().map((x: AuditTask) => x.id)).toContain(task.id);
    expect((await owner.get(`/api/audit-tasks/${task.id}`)).json()).toEqual(task);
    // The audit list's Resume reads whether a task points at the audit.
    expect((await owner.get(`/api/audits/${auditId}`)).json().hasTask).toBe(true);
  });

  it('keeps a due date as a calendar day, accepting a date-time too', async () => {
    const auditId = await stub(owner);
    const nextWeek = dayAfter(earliestTodayOnEarth(), 7);
    const nextMonth = dayAfter(nextWeek, 30);
    expect((await assign(owner, { auditId, title: 'Due', dueDate: nextWeek, priority: 'high' })).dueDate).toBe(nextWeek);
    expect((await assign(owner, { auditId, title: 'Due 2', dueDate: `${nextMonth}T00:00:00.000Z` })).dueDate).toBe(nextMonth);
    expect((await assign(owner, { auditId, title: 'No due', dueDate: '' })).dueDate).toBeNull();
  });

  it("accepts today wherever the caller is, and refuses a day past in every time zone, naming the field", async () => {
    const auditId = await stub(owner);
    // Today in UTC, and today at UTC-12:00 (yesterday in UTC until noon), and at UTC+14:00.
    const utcToday = new Date().toISOString().slice(0, 10);
    const earliest = earliestTodayOnEarth();
    const latest = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    for (const day of [utcToday, earliest, latest]) {
      expect((await assign(owner, { auditId, title: `Due ${day}`, dueDate: day })).dueDate).toBe(day);
    }
    const before = await taskCount();
    const yesterdayEverywhere = dayAfter(earliest, -1);
    for (const dueDate of [yesterdayEverywhere, `${yesterdayEverywhere}T23:59:00.000Z`, '2020-01-06']) {
      const res = await owner.post('/api/audit-tasks', { auditId, title: 'Late', dueDate });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().message).toBe(`dueDate: "${dueDate}" is in the past: a task is due today or later`);
    }
    expect(await taskCount()).toBe(before);
  });

  it('refuses a blank title, a due date that is not a date and an unknown priority, creating nothing', async () => {
    const auditId = await stub(owner);
    const before = await taskCount();
    for (const [body, message] of [
      [{ auditId, title: '   ' }, 'title: Task title is required'],
      [{ auditId }, 'title: Task title is required'],
      [{ auditId, title: 'x', dueDate: 'next friday' }, 'dueDate: "next friday" is not a date (use YYYY-MM-DD)'],
      [{ auditId, title: 'x', dueDate: '2026-02-30' }, 'dueDate: "2026-02-30" is not a date (use YYYY-MM-DD)'],
    ] as const) {
      const res = await owner.post('/api/audit-tasks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const priority = await owner.post('/api/audit-tasks', { auditId, title: 'x', priority: 'asap' });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().message).toMatch(/^priority: /);
    expect(await taskCount()).toBe(before);
  });

  it("refuses an assignee of another organisation, an unknown one or a viewer, and another organisation's audit", async () => {
    const auditId = await stub(owner);
    const before = await taskCount();
    const rival = await owner.post('/api/audit-tasks', { auditId, title: 'x', assignedTeamMemberId: strangerId });
    expect(rival.statusCode).toBe(400);
    expect(rival.json()).toMatchObject({ error: 'INVALID_ASSIGNEE', message: `assignedTeamMemberId: "${strangerId}" is not an active member of your organisation.` });
    const unknown = await owner.post('/api/audit-tasks', { auditId, title: 'x', assignedTo: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^assignedTo: "00000000-0000-4000-8000-000000000000" is not an active member/);
    const garbage = await owner.post('/api/audit-tasks', { auditId, title: 'x', assignedTeamMemberId: 'nobody' });
    expect(garbage.statusCode).toBe(400);
    const readOnly = await owner.post('/api/audit-tasks', { auditId, title: 'x', assignedTeamMemberId: viewer.id });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json().message).toContain('read-only viewer role');
    const theirAudit = await owner.post('/api/audit-tasks', { auditId: strangerAuditId, title: 'x' });
    expect(theirAudit.statusCode).toBe(404);
    expect(theirAudit.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Audit not found' });
    expect(await taskCount()).toBe(before);
  });

  it('e-mails the assignee the task with a link to it, and lists it as theirs only', async () => {
    const auditId = await stub(owner, 'Aisle 9 spot check');
    const due = dayAfter(earliestTodayOnEarth(), 7);
    const task = await assign(owner, {
      auditId,
      title: 'Aisle 9 spot check - Audit Task',
      assignedTeamMemberId: worker.id,
      priority: 'urgent',
      dueDate: due,
      notes: 'Start with the <top> shelf',
    });
    expect(task.assignedTo).toBe(worker.id);
    const mail = await smtp.waitFor(worker.email);
    expect(mail.subject).toBe('New audit task: Aisle 9 spot check - Audit Task');
    expect(mail.text).toContain('Olive Owner assigned you an audit task');
    expect(mail.text).toContain('Audit: Aisle 9 spot check');
    expect(mail.text).toContain('Priority: urgent');
    expect(mail.text).toContain(`Due date: ${due}`);
    expect(mail.text).toContain(`https://stock.example.com/tasks?task=${task.id}`);
    expect(mail.html).toContain('Start with the &lt;top&gt; shelf');
    expect((await worker.client.get('/api/audit-tasks')).json().map((x: AuditTask) => x.id)).toEqual([task.id]);
    expect((await owner.get('/api/audit-tasks')).json().map((x: AuditTask) => x.id)).not.toContain(task.id);
    const all = (await worker.client.get('/api/all-audit-tasks')).json() as AuditTask[];
    expect(all.find((x) => x.id === task.id)?.assignedToName).toBe('member');
  });

  it('e-mails the task link on PUBLIC_URL whatever Host the request names', async () => {
    const auditId = await stub(owner, 'Host check');
    const res = await owner.request({ method: 'POST', url: '/api/audit-tasks', headers: { host: 'evil.example' }, payload: { auditId, title: 'Host check - Audit Task', assignedTeamMemberId: otherWorker.id } });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitFor(otherWorker.email);
    expect(mail.text).toContain(`https://stock.example.com/tasks?task=${res.json().id}`);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
  });

  it('starts and completes by the rules: assignee or owner/admin, pending -> in_progress -> complete, else 409', async () => {
    const auditId = await stub(owner);
    const task = await assign(owner, { auditId, title: 'Rules', assignedTeamMemberId: worker.id });

    const early = await worker.client.post(`/api/audit-tasks/${task.id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'TASK_STATUS_CONFLICT', details: { status: 'pending' } });
    expect(early.json().message).toBe('This task is pending: only a task in progress can be completed.');

    const notTheirs = await otherWorker.client.post(`/api/audit-tasks/${task.id}/start`);
    expect(notTheirs.statusCode).toBe(403);

    const started = await worker.client.post(`/api/audit-tasks/${task.id}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', completedAt: null });
    expect(Date.parse(started.json().startedAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await worker.client.post(`/api/audit-tasks/${task.id}/start`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ details: { status: 'in_progress' }, message: 'This task is in progress: only a pending task can be started.' });

    const done = await worker.client.post(`/api/audit-tasks/${task.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'complete', startedAt: started.json().startedAt });
    expect(done.json().completedAt).not.toBeNull();

    const restart = await owner.post(`/api/audit-tasks/${task.id}/start`);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().details).toEqual({ status: 'complete' });

    // An owner may work a task assigned to someone else.
    const other = await assign(owner, { auditId, title: 'Owner steps in', assignedTeamMemberId: worker.id });
    expect((await owner.post(`/api/audit-tasks/${other.id}/start`)).json().status).toBe('in_progress');
  });

  it('lets a viewer read, never write', async () => {
    const auditId = await stub(owner);
    const task = await assign(owner, { auditId, title: 'Read only' });
    expect((await viewer.client.get('/api/all-audit-tasks')).statusCode).toBe(200);
    expect((await viewer.client.get(`/api/audit-tasks/${task.id}`)).statusCode).toBe(200);
    expect((await viewer.client.get('/api/audit-tasks')).json()).toEqual([]);
    const before = await taskCount();
    for (const res of [
      await viewer.client.post('/api/audit-tasks', { auditId, title: 'Mine now' }),
      await viewer.client.post(`/api/audit-tasks/${task.id}/start`),
      await viewer.client.post(`/api/audit-tasks/${task.id}/complete`),
      await viewer.client.delete(`/api/audit-tasks/${task.id}`),
      await viewer.client.post('/api/audit-tasks/bulk-delete', { ids: [task.id] }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await taskCount()).toBe(before);
    expect((await owner.get(`/api/audit-tasks/${task.id}`)).json().status).toBe('pending');
  });

  it("keeps organisations apart: another organisation's task answers 404 to every call", async () => {
    const auditId = await stub(owner);
    const task = await assign(owner, { auditId, title: 'Private' });
    expect((await stranger.get(`/api/audit-tasks/${task.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/audit-tasks/${task.id}/start`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/audit-tasks/${task.id}/complete`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/audit-tasks/${task.id}`)).statusCode).toBe(404);
    expect((await stranger.post('/api/audit-tasks/bulk-delete', { ids: [task.id] })).statusCode).toBe(404);
    expect((await stranger.get('/api/all-audit-tasks')).json().map((x: AuditTask) => x.id)).not.toContain(task.id);
    expect((await stranger.get('/api/audit-tasks/not-a-uuid')).statusCode).toBe(404);
    expect((await owner.get(`/api/audit-tasks/${task.id}`)).json().status).toBe('pending');
  });

  it('completes the in_progress task with its audit and leaves a pending one pending', async () => {
    const auditId = await stub(owner);
    const running = await assign(owner, { auditId, title: 'Running', assignedTeamMemberId: worker.id });
    const waiting = await assign(owner, { auditId, title: 'Waiting', assignedTeamMemberId: otherWorker.id });
    await worker.client.post(`/api/audit-tasks/${running.id}/start`);

    const { files, fields } = manifestUpload(fixture);
    const processed = await worker.client.upload(`/api/audits/${auditId}/upload-multiple`, files, fields);
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json().audit.status).toBe('complete');

    const done = (await worker.client.get(`/api/audit-tasks/${running.id}`)).json();
    expect(done).toMatchObject({ status: 'complete', auditStatus: 'complete' });
    expect(done.completedAt).not.toBeNull();
    expect((await owner.get(`/api/audit-tasks/${waiting.id}`)).json()).toMatchObject({ status: 'pending', auditStatus: 'complete', completedAt: null });

    // No new tasks on a complete audit.
    const late = await owner.post('/api/audit-tasks', { auditId, title: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('AUDIT_COMPLETE');
  });

  it('deletes tasks without their audit, in bulk all or nothing, and an audit takes its tasks along', async () => {
    const auditId = await stub(owner);
    const [a, b, c] = [
      await assign(owner, { auditId, title: 'A' }),
      await assign(owner, { auditId, title: 'B', assignedTeamMemberId: worker.id }),
      await assign(owner, { auditId, title: 'C' }),
    ];
    // A member may delete tasks they hold or created, not the owner's own.
    expect((await otherWorker.client.delete(`/api/audit-tasks/${a.id}`)).statusCode).toBe(403);
    expect((await worker.client.delete(`/api/audit-tasks/${b.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/audit-tasks/${b.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/audits/${auditId}`)).statusCode).toBe(200);

    const mixed = await owner.post('/api/audit-tasks/bulk-delete', { ids: [a.id, '00000000-0000-4000-8000-000000000000'] });
    expect(mixed.statusCode).toBe(404);
    expect((await owner.get(`/api/audit-tasks/${a.id}`)).statusCode).toBe(200);
    expect((await owner.post('/api/audit-tasks/bulk-delete', { ids: [] })).statusCode).toBe(400);

    const bulk = await owner.post('/api/audit-tasks/bulk-delete', { ids: [a.id, c.id] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ deleted: 2 });
    expect((await owner.get(`/api/audits/${auditId}`)).json()).toMatchObject({ id: auditId, hasTask: false });

    const d = await assign(owner, { auditId, title: 'D' });
    expect((await owner.delete(`/api/audits/${auditId}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/audit-tasks/${d.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(auditTasks).where(eq(auditTasks.auditId, auditId))).toEqual([]);
  });

  it('answers 401 to a signed-out caller', async () => {
    const anon = t.client();
    expect((await anon.get('/api/audit-tasks')).statusCode).toBe(401);
    expect((await anon.get('/api/all-audit-tasks')).statusCode).toBe(401);
    expect((await anon.post('/api/audit-tasks', { auditId: strangerAuditId, title: 'x' })).statusCode).toBe(401);
  });
});
