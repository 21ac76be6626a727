/**
 * `GET /api/audits/{id}/results-enhanced` (spec part 1 sections 2 "Audit detail", 3, 7), paged on
 * the server: one page per category, `totals` = lines matching `search` per category.
 *
 * The server takes one page size for every category, so each category's table asks with its own
 * size and page; the parameters are canonical (defaults left out) so that the page-level query and
 * a table still on its first page share one cache entry and one request.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResults, ResultCategory, ResultSort } from '../../../../contracts/results';
import { api, type QueryParams } from '@/lib/api';
import { auditPath } from './get-audit';

export const DEFAULT_RESULTS_PAGE_SIZE = 25;

export interface ResultsPageParams {
  search: string;
  /** The category whose page is asked for (the others come back on page 1). */
  category?: ResultCategory;
  page?: number;
  pageSize?: number;
  /** Order of every category's lines; the server's default (report order) when absent. */
  sort?: ResultSort;
  dir?: 'asc' | 'desc';
}

function toQueryParams({ search, category, page = 1, pageSize = DEFAULT_RESULTS_PAGE_SIZE, sort, dir }: ResultsPageParams): QueryParams {
  const params: QueryParams = { pageSize };
  if (sort && sort !== 'position') params.sort = sort;
  if (sort && dir === 'desc') params.dir = dir;
  const trimmed = search.trim();
  if (trimmed) params.search = trimmed;
  if (category && page > 1) params[`${category}Page`] = page;
  return params;
}

export function auditResultsQueryOptions(auditId: string, params: ResultsPageParams) {
  const path = `${auditPath(auditId)}/results-enhanced`;
  const query = toQueryParams(params);
  return queryOptions({
    queryKey: [path, query] as const,
    queryFn: ({ signal }) => api.get<PagedResults>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditResults(auditId: string, params: ResultsPageParams, enabled = true) {
  return useQuery({ ...auditResultsQueryOptions(auditId, params), enabled });
}
