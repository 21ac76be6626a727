/**
 * The audit list's status dropdown and tabs (spec part 1 "Audit list"): the dropdown offers all,
 * pending, processing, complete, error; the tabs add Draft. The server combines them with the
 * search and counts each tab (`GET /api/audits?page=N`, server/features/audits/repo.ts).
 */
import type { AuditStatus } from '../../../../contracts/audits';

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
