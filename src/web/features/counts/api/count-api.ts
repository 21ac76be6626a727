/**
 * The count calls (DESIGN.md section 14; contracts/counts.ts): open the caller's count session on
 * an audit, the catalogue to name reads with, the session's reads, and appending a batch.
 */
import type { AppendReadsResult, CountCatalogue, CountRead, CountSession, CountSessionReads } from '../../../../contracts/counts';
import { api } from '@/lib/api';

const auditPath = (auditId: string) => `/api/audits/${encodeURIComponent(auditId)}`;
const sessionPath = (sessionId: string) => `/api/count-sessions/${encodeURIComponent(sessionId)}`;

export function openCountSession(auditId: string): Promise<CountSession> {
  return api.post<CountSession>(`${auditPath(auditId)}/count-session`);
}

export function getCountCatalogue(auditId: string): Promise<CountCatalogue> {
  return api.get<CountCatalogue>(`${auditPath(auditId)}/count-catalogue`);
}

export function getCountSession(sessionId: string): Promise<CountSessionReads> {
  return api.get<CountSessionReads>(sessionPath(sessionId));
}

export function appendCountReads(sessionId: string, reads: CountRead[]): Promise<AppendReadsResult> {
  return api.post<AppendReadsResult>(`${sessionPath(sessionId)}/reads`, { reads });
}

/** Where the count's scan file downloads as CSV. */
export function countFileUrl(sessionId: string): string {
  return `${sessionPath(sessionId)}/file`;
}

/** Where the audit's count sheet downloads as PDF (with the expected column unless blind). */
export function countSheetUrl(auditId: string, withExpected: boolean, format: 'pdf' | 'csv' = 'pdf'): string {
  const query = [...(withExpected ? ['expected=true'] : []), ...(format === 'csv' ? ['format=csv'] : [])];
  return `${auditPath(auditId)}/count-sheet${query.length > 0 ? `?${query.join('&')}` : ''}`;
}
