/**
 * The recompute state of an audit row as the API shows it (recompute-job.ts; DESIGN.md section
 * 13, docs/decisions/0139): 'running' while a worker holds it, 'queued' while requested and
 * unheld, else null.
 */
import type { audits } from '../../db/schema.js';

export type RecomputeState = 'queued' | 'running' | null;

export function recomputeStateOf(row: Pick<typeof audits.$inferSelect, 'recomputeRequestedAt' | 'recomputeToken'>): RecomputeState {
  if (row.recomputeToken !== null) return 'running';
  return row.recomputeRequestedAt !== null ? 'queued' : null;
}
