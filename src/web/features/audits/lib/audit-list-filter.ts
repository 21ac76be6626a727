/**
 * The audit list's search, status dropdown and tabs (spec part 1 "Audit list"): all three
 * combine. Search is case-insensitive on the name; the dropdown offers all, pending, processing,
 * complete, error; the tabs add Draft. Each tab counts the audits the search and dropdown leave.
 */
import type { Audit, AuditStatus } from '../../../../contracts/audits';

export type StatusChoice = 'all' | Exclude<AuditStatus, 'draft'>;
export type StatusTab = 'all' | AuditStatus;

export const STATUS_CHOICES: { value: StatusChoice; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'complete', label: 'Complete' },
  { value: 'error', label: 'Error' },
];

export const STATUS_TABS: { value: StatusTab; label: string }[] = [
  { value: 'all', label: 'All Audits' },
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'complete', label: 'Complete' },
  { value: 'error', label: 'Error' },
];

export interface AuditListQuery {
  search: string;
  status: StatusChoice;
  tab: StatusTab;
}

function matchesSearchAndStatus(audit: Pick<Audit, 'name' | 'status'>, search: string, status: StatusChoice): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle && !audit.name.toLocaleLowerCase().includes(needle)) return false;
  return status === 'all' || audit.status === status;
}

/** The audits shown: matching the search, the dropdown and the tab, in the list's order. */
export function filterAudits<A extends Pick<Audit, 'name' | 'status'>>(audits: A[], { search, status, tab }: AuditListQuery): A[] {
  return audits.filter((a) => matchesSearchAndStatus(a, search, status) && (tab === 'all' || a.status === tab));
}

/** Per tab, how many audits the search and dropdown leave. */
export function tabCounts(audits: Pick<Audit, 'name' | 'status'>[], search: string, status: StatusChoice): Record<StatusTab, number> {
  const counts: Record<StatusTab, number> = { all: 0, draft: 0, pending: 0, processing: 0, complete: 0, error: 0 };
  for (const audit of audits) {
    if (!matchesSearchAndStatus(audit, search, status)) continue;
    counts.all += 1;
    if (audit.status in counts) counts[audit.status] += 1;
  }
  return counts;
}
