/**
 * Following an audit's processing job (DESIGN.md section 12, docs/decisions/0056): the processing
 * calls are sent with `?wait=false` and answer at once; this polls `GET /api/audits/{id}` until the
 * audit is complete, then reads the headline figures from its results, or fails with the audit's
 * message (an input error puts the audit back as it was, with `errorMessage` set).
 */
import type { Audit, ProcessResult } from '../../../../contracts/audits';
import type { PagedResults } from '../../../../contracts/results';
import { api, ApiError } from '@/lib/api';
import { auditPath } from './get-audit';

/** How often the audit is read while it processes. */
export const FOLLOW_INTERVAL_MS = 500;

/**
 * Resolves with the ProcessResult once the audit is complete; `onAudit` sees every reading.
 * @throws ApiError 400 with the audit's errorMessage when processing stopped without results.
 */
export async function followProcessing(auditId: string, options: { onAudit?: (audit: Audit) => void; signal?: AbortSignal } = {}): Promise<ProcessResult> {
  for (;;) {
    const audit = await api.get<Audit>(auditPath(auditId), undefined, { signal: options.signal });
    options.onAudit?.(audit);
    if (audit.status === 'complete') {
      const results = await api.get<PagedResults>(`${auditPath(auditId)}/results-enhanced`, { pageSize: 1 }, { signal: options.signal });
      return {
        audit,
        counts: results.counts,
        totalScanned: results.summary.totalScanned,
        matchRate: results.summary.matchRate,
        processingTime: results.summary.processingTime,
      };
    }
    if (audit.status !== 'processing') {
      const message = audit.errorMessage ?? 'Processing stopped. Please try again.';
      throw new ApiError(400, 'Bad Request', JSON.stringify({ error: 'PROCESSING_FAILED', message }));
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
  }
}
