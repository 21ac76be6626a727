/**
 * Which audits the Active Audits badge and stat card count (spec part 1 section 2; decided in
 * docs/decisions/0118): every audit that is not complete, except a bare draft (no task, no scan
 * file): a draft someone made and left is no work in progress, and counting it made the badge
 * grow with every abandoned New Audit. Bare drafts stay in the list's Draft tab.
 */
export interface ActiveAuditFacts {
  status: string;
  hasTask: boolean;
  scanFileCount: number;
}

export function isActiveAudit(audit: ActiveAuditFacts): boolean {
  if (audit.status === 'complete') return false;
  return audit.status !== 'draft' || audit.hasTask || audit.scanFileCount > 0;
}
