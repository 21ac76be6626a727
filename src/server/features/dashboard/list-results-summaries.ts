/**
 * `GET /api/results-summaries` (spec part 1 section 3 "Results summary"): one entry per complete
 * audit of the organisation, newest first. Line counts, not units, except itemsScanned.
 */
import type { AuditResultsSummary } from '../../../contracts/dashboard.js';
import type { Db } from '../../db/client.js';
import { listCompleteSummaries } from './repo.js';

export async function listResultsSummaries(opts: { db: Db; organizationId: string }): Promise<AuditResultsSummary[]> {
  const rows = await listCompleteSummaries(opts.db, opts.organizationId);
  return rows.map(({ auditId, section, totalScanned, counts }) => ({
    auditId,
    itemsScanned: totalScanned,
    quantityDiscrepancies: counts.quantityAbove + counts.quantityBelow + counts.crossFileDiscrepancies,
    missingItems: counts.zeroSheetItems,
    unrecognizedItems: counts.notFound,
    section,
  }));
}
