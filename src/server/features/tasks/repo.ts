/**
 * Audit task SQL (DESIGN.md section 9). Every statement is scoped by organization_id: a task of
 * another organisation reads as missing (DESIGN.md section 2).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditTask, TaskPriority, TaskStatus } from '../../../contracts/tasks.js';
import type { AuditStatus } from '../../../contracts/audits.js';
import type { AuditType } from '../../../contracts/results.js';
import type { Db } from '../../db/client.js';
import { auditTasks, audits, users } from '../../db/schema.js';
import { isUuid } from '../audits/repo.js';

export type AuditTaskRow = typeof auditTasks.$inferSelect;

export async function insertTask(db: Db, values: typeof auditTasks.$inferInsert): Promise<AuditTaskRow> {
  const [row] = await db.insert(auditTasks).values(values).returning();
  return row!;
}

/** The task row with `id` in the organisation, or null. */
export async function findTask(db: Db, organizationId: string, id: string): Promise<AuditTaskRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(auditTasks)
    .where(and(eq(auditTasks.id, id), eq(auditTasks.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

const assigneeName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** Tasks of the organisation in the API shape, newest first; `assignedTo` narrows to one assignee, `ids` to those tasks. */
export async function listTasks(db: Db, organizationId: string, opts: { assignedTo?: string; ids?: string[] } = {}): Promise<AuditTask[]> {
  const conditions = [eq(auditTasks.organizationId, organizationId)];
  if (opts.assignedTo) conditions.push(eq(auditTasks.assignedTo, opts.assignedTo));
  if (opts.ids) conditions.push(inArray(auditTasks.id, opts.ids));
  const rows = await db
    .select({
      task: auditTasks,
      assigneeName,
      assigneeEmail: users.email,
      auditName: audits.name,
      auditDescription: audits.description,
      auditType: audits.auditType,
      auditStatus: audits.status,
    })
    .from(auditTasks)
    .innerJoin(audits, eq(audits.id, auditTasks.auditId))
    .leftJoin(users, eq(users.id, auditTasks.assignedTo))
    .where(and(...conditions))
    .orderBy(desc(auditTasks.createdAt), desc(auditTasks.id));
  return rows.map((r) => ({
    id: r.task.id,
    auditId: r.task.auditId,
    title: r.task.title,
    description: r.task.description,
    status: r.task.status as TaskStatus,
    priority: r.task.priority as TaskPriority,
    notes: r.task.notes,
    dueDate: r.task.dueDate,
    createdAt: r.task.createdAt.toISOString(),
    startedAt: r.task.startedAt?.toISOString() ?? null,
    completedAt: r.task.completedAt?.toISOString() ?? null,
    assignedTo: r.task.assignedTo,
    assignedToName: r.assigneeName ?? r.assigneeEmail ?? null,
    createdBy: r.task.createdBy,
    auditName: r.auditName,
    auditDescription: r.auditDescription,
    auditType: r.auditType as AuditType,
    auditStatus: r.auditStatus as AuditStatus,
  }));
}

/** One task in the API shape, or null. */
export async function readTask(db: Db, organizationId: string, id: string): Promise<AuditTask | null> {
  if (!isUuid(id)) return null;
  const [task] = await listTasks(db, organizationId, { ids: [id] });
  return task ?? null;
}

/**
 * Moves the task from `from` to `to` in one statement (so two requests cannot both start it),
 * setting the matching timestamp; false when its status was no longer `from`.
 */
export async function transitionTask(db: Db, id: string, from: TaskStatus, to: TaskStatus): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(auditTasks)
    .set({ status: to, ...(to === 'in_progress' ? { startedAt: now } : {}), ...(to === 'complete' ? { completedAt: now } : {}) })
    .where(and(eq(auditTasks.id, id), eq(auditTasks.status, from)))
    .returning({ id: auditTasks.id });
  return rows.length > 0;
}

/** Completes every in_progress task of the audit; answers how many. */
export async function completeInProgressTasksOfAudit(db: Db, auditId: string): Promise<number> {
  const rows = await db
    .update(auditTasks)
    .set({ status: 'complete', completedAt: new Date() })
    .where(and(eq(auditTasks.auditId, auditId), eq(auditTasks.status, 'in_progress')))
    .returning({ id: auditTasks.id });
  return rows.length;
}

/** The organisation's tasks among `ids` (for permission checks before a delete). */
export async function findTasks(db: Db, organizationId: string, ids: string[]): Promise<AuditTaskRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(auditTasks)
    .where(and(eq(auditTasks.organizationId, organizationId), inArray(auditTasks.id, valid)));
}

/** Deletes the organisation's tasks among `ids` (never their audits); answers how many. */
export async function deleteTaskRows(db: Db, organizationId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(auditTasks)
    .where(and(eq(auditTasks.organizationId, organizationId), inArray(auditTasks.id, ids)))
    .returning({ id: auditTasks.id });
  return rows.length;
}

/** An active user of the organisation (a possible assignee), or null. */
export async function findActiveMember(db: Db, organizationId: string, userId: string) {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), eq(users.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** The audit's id, name, description and status in the organisation, or null. */
export async function findTaskAudit(db: Db, organizationId: string, auditId: string) {
  if (!isUuid(auditId)) return null;
  const [row] = await db
    .select({ id: audits.id, name: audits.name, status: audits.status })
    .from(audits)
    .where(and(eq(audits.id, auditId), eq(audits.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}
