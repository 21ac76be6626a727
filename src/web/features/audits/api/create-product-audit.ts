/**
 * `POST /api/audits/product-audit` (spec part 1 section 7): creates a draft product audit with its
 * filter expression (sent as an object) and mode; answers the Audit (201). 402 past the plan's
 * monthly audit limit (DESIGN.md section 4).
 */
import type { Audit, CreateProductAuditBody } from '../../../../contracts/audits';
import { api } from '@/lib/api';

export type CreateProductAuditInput = Pick<CreateProductAuditBody, 'name' | 'filterExpression' | 'mode'> &
  Partial<Pick<CreateProductAuditBody, 'section'>>;

export function createProductAudit(body: CreateProductAuditInput): Promise<Audit> {
  return api.post<Audit>('/api/audits/product-audit', body);
}
