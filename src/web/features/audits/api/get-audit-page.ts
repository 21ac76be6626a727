/**
 * `GET /api/audits?page=N` (issue 13 point 7): one page of the audit list with the total and the
 * tabs' counts, paged on the server. The key starts with '/api/audits', so everything that
 * invalidates the audits (create, delete, rename, processing) refreshes the page too.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDITS_PAGE_SIZE, type AuditListQuery, type AuditPage } from '../../../../contracts/audits';

export type AuditPageQuery = Omit<AuditListQuery, 'limit'>;

export function useAuditPage({ page, search, status, tab }: AuditPageQuery) {
  return useQuery<AuditPage>({
    queryKey: ['/api/audits', { page, limit: AUDITS_PAGE_SIZE, search: search || undefined, status, tab }],
    placeholderData: keepPreviousData,
  });
}
