/**
 * Approve and apply (DESIGN.md section 13): `GET /api/audits/{id}/application` (where the audit
 * stands with the books), `POST /api/audits/{id}/apply` and `POST /api/audits/{id}/apply/reverse`
 * (owner, admin). Both actions answer 409 STOCK_CHANGED with the conflicts when one is undecided.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationResult, ApplicationState, ApplyAuditBody, ReverseApplicationBody } from '../../../../contracts/stock';
import { api } from '@/lib/api';
import { auditPath } from './get-audit';

export function applicationQueryOptions(auditId: string) {
  return queryOptions({
    queryKey: [`${auditPath(auditId)}/application`] as const,
    queryFn: ({ signal }) => api.get<ApplicationState>(`${auditPath(auditId)}/application`, undefined, { signal }),
  });
}

export function useApplication(auditId: string) {
  return useQuery(applicationQueryOptions(auditId));
}

export function applyAudit(auditId: string, body: Partial<ApplyAuditBody>): Promise<ApplicationResult> {
  return api.post<ApplicationResult>(`${auditPath(auditId)}/apply`, body);
}

export function reverseApplication(auditId: string, body: Pick<ReverseApplicationBody, 'applicationId'> & Partial<ReverseApplicationBody>): Promise<ApplicationResult> {
  return api.post<ApplicationResult>(`${auditPath(auditId)}/apply/reverse`, body);
}
