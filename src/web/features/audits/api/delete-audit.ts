/** `DELETE /api/audits/{id}` (spec part 1 section 7): once per audit, also for bulk delete. */
import { api } from '@/lib/api';
import { auditPath } from './get-audit';

export function deleteAudit(id: string): Promise<void> {
  return api.delete<void>(auditPath(id));
}
