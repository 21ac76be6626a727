/**
 * The count calls (DESIGN.md section 14; contracts/counts.ts): open the caller's count session on
 * an audit, the catalogue to name reads with, the session's reads, and appending a batch.
 */
import type { AppendReadsResult, CountCatalogue, CountRead, CountSession, CountSessionReads } from '../../../../contracts/counts';
import { api, type RequestOptions } from '@/lib/api';

const auditPath = (auditId: string) => `/api/audits/${encodeURIComponent(auditId)}`;
const sessionPath = (sessionId: string) => `/api/count-sessions/${encodeURIComponent(sessionId)}`;

/** The caller's count session on the audit (opened on the first call, the same one after). */
export function openCountSession(auditId: string): Promise<CountSession>;
export function openCountSession(auditId: string, options: RequestOptions): Promise<CountSession | null>;
export function openCountSession(auditId: string, options?: RequestOptions): Promise<CountSession | null> {
  return api.post<CountSession | null>(`${auditPath(auditId)}/count-session`, undefined, options);
}

/** The audit's catalogue: what names a read (null only with `on401: 'returnNull'`, on a 401). */
export function getCountCatalogue(auditId: string): Promise<CountCatalogue>;
export function getCountCatalogue(auditId: string, options: RequestOptions): Promise<CountCatalogue | null>;
export function getCountCatalogue(auditId: string, options?: RequestOptions): Promise<CountCatalogue | null> {
  return api.get<CountCatalogue | null>(`${auditPath(auditId)}/count-catalogue`, undefined, options);
}

/** The reads the server holds for the session (null only with `on401: 'returnNull'`, on a 401). */
export function getCountSession(sessionId: string): Promise<CountSessionReads>;
export function getCountSession(sessionId: string, options: RequestOptions): Promise<CountSessionReads | null>;
export function getCountSession(sessionId: string, options?: RequestOptions): Promise<CountSessionReads | null> {
  return api.get<CountSessionReads | null>(sessionPath(sessionId), undefined, options);
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
