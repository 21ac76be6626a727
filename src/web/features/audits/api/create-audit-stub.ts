/**
 * `POST /api/audits/stub` (spec part 1 section 7): the draft audit an assigned task points at
 * (New Audit -> Assign Task); answers the Audit (201). 402 past the plan's monthly audit limit.
 */
import type { Audit, CreateAuditStubBody } from '../../../../contracts/audits';
import { api } from '@/lib/api';

export function createAuditStub(body: Pick<CreateAuditStubBody, 'name' | 'type'> & Partial<CreateAuditStubBody>): Promise<Audit> {
  return api.post<Audit>('/api/audits/stub', { status: 'draft', ...body });
}
