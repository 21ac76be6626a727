/**
 * `PATCH /api/audits/{id}` (rename, section, or a draft product audit's missing filter) and
 * `POST /api/audits/{id}/recount` (a new draft of the same scope); both answer the Audit.
 */
import type { Audit, RecountAuditBody, UpdateAuditBody } from '../../../../contracts/audits';
import { api } from '@/lib/api';
import { auditPath } from './get-audit';

export function updateAudit(id: string, body: UpdateAuditBody): Promise<Audit> {
  return api.patch<Audit>(auditPath(id), body);
}

export function recountAudit(id: string, body: RecountAuditBody = {}): Promise<Audit> {
  return api.post<Audit>(`${auditPath(id)}/recount`, body);
}
