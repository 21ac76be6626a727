/** `DELETE /api/audits/{id}/draft` (ours, docs/decisions/0118): takes back a bare draft the caller made. */
import { api } from '@/lib/api';
import { auditPath } from './get-audit';

export function discardDraft(id: string): Promise<void> {
  return api.delete<void>(`${auditPath(id)}/draft`);
}
