/**
 * The e-mail an assignee gets for a new task (DESIGN.md section 9): the task's title, audit,
 * priority, due date, description and notes, and a link that opens the task on /tasks.
 */
import type { AuditTask } from '../../../contracts/tasks.js';
import { escapeHtml, type MailMessage } from '../../mail/mailer.js';

/** `appUrl` is the app's origin (PUBLIC_URL when e-mailed: mailLinkOrigin), without a trailing slash. */
export function taskAssignedEmail(task: AuditTask, to: string, assignedBy: string, appUrl: string): MailMessage {
  const link = `${appUrl}/tasks?task=${encodeURIComponent(task.id)}`;
  const lines: Array<[string, string | null]> = [
    ['Task', task.title],
    ['Audit', task.auditName],
    ['Priority', task.priority],
    ['Due date', task.dueDate],
    ['Description', task.description],
    ['Notes', task.notes],
  ];
  const shown = lines.filter((l): l is [string, string] => Boolean(l[1]));
  const text = [
    `${assignedBy} assigned you an audit task in StockTally.`,
    '',
    ...shown.map(([k, v]) => `${k}: ${v}`),
    '',
    `Open the task: ${link}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(assignedBy)} assigned you an audit task in StockTally.</p>`,
    '<table>',
    ...shown.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">Open the task</a></p>`,
  ].join('\n');
  return { to, subject: `New audit task: ${task.title}`, text, html };
}
