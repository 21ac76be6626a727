/**
 * Audit task calls (spec part 1 sections 3 and 7 "Audit task", `POST /api/audit-tasks`; spec part 2
 * sections 3, 4, 7 "Tasks"; DESIGN.md section 9).
 */
import { z } from 'zod';
import { auditStatusSchema } from './audits.js';
import { auditTypeSchema } from './results.js';

/** Spec part 2 section 4: pending -(start)-> in_progress -(complete)-> complete. */
export const taskStatusSchema = z.enum(['pending', 'in_progress', 'complete']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** Spec part 2 section 4, highest first. */
export const TASK_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export const taskPrioritySchema = z.enum(TASK_PRIORITIES);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

/** Spec part 2 section 9: the calendar shows 2 tasks a day, then '+N more'. */
export const CALENDAR_TASKS_PER_DAY = 2;

/** Spec part 1 section 5. */
export const TASK_TITLE_REQUIRED = 'Task title is required';

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The time zone furthest behind UTC (UTC-12:00), in milliseconds. */
const EARLIEST_ZONE_OFFSET_MS = 12 * 60 * 60 * 1000;

/**
 * The earliest calendar day still current somewhere on Earth at `now` (its date at UTC-12:00), as
 * `YYYY-MM-DD`: a day before it is past in every time zone (docs/decisions/0137).
 */
export function earliestTodayOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() - EARLIEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The due date: a calendar day (docs/decisions/0035), today or later (docs/decisions/0137: a day
 * is refused once it is past in every time zone, so anyone's 'today' is accepted). An ISO
 * date-time is accepted too and its date part, as written, is kept; blank or null means no due
 * date. Errors: '"…" is not a date (use YYYY-MM-DD)', '"…" is in the past: a task is due today
 * or later'.
 */
export const dueDateSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const day = text.slice(0, 10);
    const rest = text.slice(10);
    if (!isCalendarDay(day) || (rest !== '' && !/^T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(rest))) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not a date (use YYYY-MM-DD)` });
      return z.NEVER;
    }
    if (day < earliestTodayOnEarth()) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is in the past: a task is due today or later` });
      return z.NEVER;
    }
    return day;
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * `POST /api/audit-tasks` body (spec part 1 section 7). The assignee is `assignedTeamMemberId`
 * (a member's user id, from `GET /api/team`), else `assignedTo` (a user id), else the caller
 * ('Myself'); the server checks they are an active member of the caller's organisation.
 */
export const createAuditTaskBodySchema = z.object({
  auditId: z.string().trim().min(1, 'auditId is required'),
  assignedTo: z.string().trim().nullish(),
  assignedTeamMemberId: z.string().trim().nullish(),
  title: z.string(TASK_TITLE_REQUIRED).trim().min(1, TASK_TITLE_REQUIRED).max(200),
  description: optionalText(2000),
  priority: taskPrioritySchema.optional().default('medium'),
  dueDate: dueDateSchema,
  notes: optionalText(4000),
});
export type CreateAuditTaskBody = z.input<typeof createAuditTaskBodySchema>;
export type CreateAuditTaskInput = z.output<typeof createAuditTaskBodySchema>;

/** Bulk delete (our addition, docs/decisions/0036): `POST /api/audit-tasks/bulk-delete`. */
export const bulkDeleteTasksBodySchema = z.object({
  ids: z.array(z.string()).min(1, 'Select at least one task').max(1000),
});
export type BulkDeleteTasksBody = z.infer<typeof bulkDeleteTasksBodySchema>;
export const bulkDeleteTasksResultSchema = z.object({ deleted: z.number().int() });

/**
 * An audit task as every task call answers it (spec part 2 section 3 "Audit task", plus the
 * assignee's id and the audit's name, description, type and status the task screens show).
 * Times are ISO date-times; `dueDate` is a calendar day `YYYY-MM-DD` or null.
 */
export const auditTaskSchema = z.object({
  id: z.string(),
  auditId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  notes: z.string().nullable(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The assignee's user id; null once that user was deleted. */
  assignedTo: z.string().nullable(),
  /** The assignee's full name, else e-mail; null once that user was deleted. */
  assignedToName: z.string().nullable(),
  createdBy: z.string().nullable(),
  auditName: z.string(),
  auditDescription: z.string().nullable(),
  auditType: auditTypeSchema,
  auditStatus: auditStatusSchema,
});
export type AuditTask = z.infer<typeof auditTaskSchema>;

/**
 * A team member as `GET /api/team` answers it (spec part 2 section 3 "Team member"); the assignee
 * list reads id and names only.
 */
export const assigneeCandidateSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  role: z.string().optional(),
  status: z.string().optional(),
});
export type AssigneeCandidate = z.infer<typeof assigneeCandidateSchema>;
