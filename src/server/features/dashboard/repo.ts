/**
 * Dashboard SQL: audit counts and finished audits' summaries of one organisation
 * (DESIGN.md section 2: every statement scoped by organization_id).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CategoryCounts } from '../../../contracts/results.js';
import type { Db } from '../../db/client.js';
import { auditResultSummaries, auditTasks, audits, scanFiles } from '../../db/schema.js';

export interface AuditCounts {
  total: number;
  complete: number;
  /** Not complete, bare drafts left out (domain/active-audits.ts). */
  active: number;
  /** Mean of the accuracy (0-1) of complete audits that have one; null when none has. */
  meanAccuracy: number | null;
}

export async function countAudits(db: Db, organizationId: string): Promise<AuditCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      complete: sql<number>`(count(*) filter (where ${audits.status} = 'complete'))::int`,
      // The same rule as isActiveAudit (domain/active-audits.ts): a bare draft is not active.
      active: sql<number>`(count(*) filter (where ${audits.status} <> 'complete' and (${audits.status} <> 'draft'
        or exists (select 1 from ${auditTasks} t where t.audit_id = ${audits.id})
        or exists (select 1 from ${scanFiles} f where f.audit_id = ${audits.id}))))::int`,
      meanAccuracy: sql<number | null>`(avg(${auditResultSummaries.accuracy}) filter (where ${audits.status} = 'complete'))::float8`,
    })
    .from(audits)
    .leftJoin(auditResultSummaries, eq(auditResultSummaries.auditId, audits.id))
    .where(eq(audits.organizationId, organizationId));
  return {
    total: Number(row?.total ?? 0),
    complete: Number(row?.complete ?? 0),
    active: Number(row?.active ?? 0),
    meanAccuracy: row?.meanAccuracy === null || row?.meanAccuracy === undefined ? null : Number(row.meanAccuracy),
  };
}

export interface CompleteAuditSummary {
  auditId: string;
  section: string | null;
  totalScanned: number;
  counts: CategoryCounts;
}

/** Summaries of the organisation's complete audits, newest first. */
export async function listCompleteSummaries(db: Db, organizationId: string): Promise<CompleteAuditSummary[]> {
  const rows = await db
    .select({
      auditId: audits.id,
      section: audits.section,
      totalScanned: auditResultSummaries.totalScanned,
      counts: auditResultSummaries.counts,
    })
    .from(audits)
    .innerJoin(auditResultSummaries, eq(auditResultSummaries.auditId, audits.id))
    .where(and(eq(audits.organizationId, organizationId), eq(audits.status, 'complete')))
    .orderBy(desc(audits.createdAt), desc(audits.id));
  return rows.map((r) => ({ ...r, counts: r.counts as CategoryCounts }));
}
