import { describe, expect, it } from 'vitest';
import type { AuditTask } from '../../../../contracts/tasks';
import { dayTasks, monthWeeks, tasksByDueDay } from './calendar-month';
import { formatDay, isOverdue, tabCounts } from './task-format';

const task = (over: Partial<AuditTask>): AuditTask => ({
  id: Math.random().toString(36),
  auditId: 'a',
  title: 't',
  description: null,
  status: 'pending',
  priority: 'medium',
  notes: null,
  dueDate: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  startedAt: null,
  completedAt: null,
  assignedTo: 'u',
  assignedToName: 'U',
  createdBy: 'u',
  auditName: 'A',
  auditDescription: null,
  auditType: 'cycle-count',
  auditStatus: 'draft',
  ...over,
});

describe('task dates', () => {
  it("formats due days and times as 'MMM d, yyyy'", () => {
    expect(formatDay('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDay(null)).toBe('');
  });

  it('is overdue only before today and only while not complete', () => {
    const today = new Date(2026, 10, 23, 15, 0);
    expect(isOverdue(task({ dueDate: '2026-11-22' }), today)).toBe(true);
    expect(isOverdue(task({ dueDate: '2026-11-23' }), today)).toBe(false);
    expect(isOverdue(task({ dueDate: '2026-11-22', status: 'complete' }), today)).toBe(false);
    expect(isOverdue(task({ dueDate: null }), today)).toBe(false);
  });

  it('counts the tabs', () => {
    expect(tabCounts([task({}), task({ status: 'in_progress' }), task({ status: 'complete' }), task({})])).toEqual({
      all: 4,
      pending: 2,
      in_progress: 1,
      complete: 1,
    });
  });
});

describe('calendar month', () => {
  it('covers the month in whole weeks from Sunday to Saturday', () => {
    const weeks = monthWeeks(new Date(2026, 10, 15)); // November 2026 starts on a Sunday
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]!.getDay()).toBe(0);
    expect(weeks[0]![0]!.getDate()).toBe(1);
    expect(weeks[4]![6]!.getDay()).toBe(6);
    expect(weeks[4]![6]!.getDate()).toBe(5); // Dec 5
  });

  it('shows 2 tasks a day, then +N more', () => {
    const byDay = tasksByDueDay([
      task({ dueDate: '2026-11-27', title: '1' }),
      task({ dueDate: '2026-11-27', title: '2' }),
      task({ dueDate: '2026-11-27', title: '3' }),
      task({ dueDate: '2026-11-27', title: '4' }),
      task({ dueDate: null }),
    ]);
    const { shown, more } = dayTasks(byDay, new Date(2026, 10, 27));
    expect(shown.map((t) => t.title)).toEqual(['1', '2']);
    expect(more).toBe(2);
    expect(dayTasks(byDay, new Date(2026, 10, 28))).toEqual({ shown: [], more: 0 });
  });
});

describe('assignee list', () => {
  it("offers active members that can run audits, never the caller (who is 'Myself')", async () => {
    const { assignableMembers } = await import('./assignees');
    const members = [
      { id: 'me', email: 'me@x', role: 'owner', status: 'active' },
      { id: 'm1', email: 'm1@x', role: 'member', status: 'active' },
      { id: 'm2', email: 'm2@x', role: 'member', status: 'pending' },
      { id: 'v1', email: 'v1@x', role: 'viewer', status: 'active' },
      { id: 'a1', email: 'a1@x', role: 'admin' },
    ];
    expect(assignableMembers(members, 'me').map((m) => m.id)).toEqual(['m1', 'a1']);
  });
});
