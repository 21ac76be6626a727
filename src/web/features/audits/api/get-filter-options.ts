/**
 * `GET /api/products/filter-options` (spec part 1 sections 3 "Filter options", 7, 9): suggested
 * values per filter field, cached 5 minutes.
 */
import { useQuery } from '@tanstack/react-query';
import type { FilterOptions } from '../../../../contracts/audits';

/** Filter options cache (spec part 1 section 9). */
export const FILTER_OPTIONS_STALE_MS = 5 * 60 * 1000;

export function useFilterOptions() {
  return useQuery<FilterOptions>({ queryKey: ['/api/products/filter-options'], staleTime: FILTER_OPTIONS_STALE_MS });
}
