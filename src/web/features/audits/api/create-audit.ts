/** `POST /api/audits` (spec part 1 section 7): creates a draft cycle count; answers the Audit (201). */
import type { Audit, CreateAuditBody } from '../../../../contracts/audits';
import { api } from '@/lib/api';

export type CreateAuditInput = Pick<CreateAuditBody, 'name'> & Partial<Pick<CreateAuditBody, 'section' | 'auditType' | 'mode'>>;

export function createAudit(body: CreateAuditInput): Promise<Audit> {
  return api.post<Audit>('/api/audits', body);
}
