/**
 * The download name of an audit's report (spec part 1 section 7: `GET /api/audits/{id}/export-xlsx`
 * and `GET /api/audits/{id}/export`).
 */
import type { ReportAudit } from './report-input.js';

/** Longest slug kept, so the whole name stays well under every file system's limit. */
const MAX_SLUG_LENGTH = 60;

/**
 * `stocktally-<slug>-<yyyy-mm-dd>.<ext>`, e.g. `stocktally-year-end-aisle-3-2026-11-21.xlsx`.
 *
 * The slug is the audit name, plus the section when the name does not already hold it, folded
 * to ASCII: accents dropped (é -> e), anything else that is not a letter or digit becomes one
 * `-`, lower case, at most 60 characters, `audit` when nothing is left (a name in another
 * script). The date is the completion date,
 * else the creation date, as a UTC calendar day. The result holds only `[a-z0-9.-]`, so it can
 * go into a Content-Disposition header without quoting or encoding.
 */
export function reportFileName(audit: ReportAudit, ext: 'xlsx' | 'csv'): string {
  const section = audit.section ?? '';
  const withSection = audit.name.toLowerCase().includes(section.toLowerCase()) ? audit.name : `${audit.name} ${section}`;
  return `stocktally-${slugOf(withSection)}-${utcDay(audit.completedAt ?? audit.createdAt)}.${ext}`;
}

function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'audit' : slug;
}

/** yyyy-mm-dd of `date` in UTC; 'undated' for an invalid date or a year outside 0-9999. */
function utcDay(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return 'undated';
  return date.toISOString().slice(0, 10);
}
