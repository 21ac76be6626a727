/**
 * Tag analytics calls (spec part 2 section 7 "Tag analytics"): the summary list, one tag's
 * details, and refresh. Query data is fresh for 5 minutes (section 9); a successful refresh
 * invalidates every tag analytics query (section 4 "Tag refresh"). The owner's full rebuild
 * (DESIGN.md section 11): started, then followed until it completes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LatestTagRebuild,
  TagDetail,
  TagRebuild,
  TagRefreshResult,
  TagSortField,
  SortOrder,
  TagSummaryRow,
} from '../../../../contracts/tag-analytics';
import { api, type QueryParams } from '@/lib/api';

const FRESH_MS = 5 * 60 * 1000;
const PREFIX = '/api/tag-analytics';

/** The list screen's filters (spec part 2 section 3 "Tag analytics filters"). */
export interface TagAnalyticsFilters {
  searchQuery: string;
  /** yyyy-MM-dd or '' */
  dateRangeStart: string;
  dateRangeEnd: string;
  minDiscrepancyThreshold: number;
  onlyRecentActivity: boolean;
  sortBy: TagSortField;
  sortOrder: SortOrder;
}

export const DEFAULT_FILTERS: TagAnalyticsFilters = {
  searchQuery: '',
  dateRangeStart: '',
  dateRangeEnd: '',
  minDiscrepancyThreshold: 0,
  onlyRecentActivity: false,
  sortBy: 'tag_name',
  sortOrder: 'asc',
};

/** Query parameters as the spec sends them: unset ones left out, onlyRecentActivity only when true. */
export function summaryParams(filters: TagAnalyticsFilters): QueryParams {
  return {
    dateRangeStart: filters.dateRangeStart || undefined,
    dateRangeEnd: filters.dateRangeEnd || undefined,
    minDiscrepancyThreshold: filters.minDiscrepancyThreshold || undefined,
    onlyRecentActivity: filters.onlyRecentActivity ? 'true' : undefined,
    searchQuery: filters.searchQuery.trim() || undefined,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
  };
}

export function useTagSummaries(filters: TagAnalyticsFilters) {
  const params = summaryParams(filters);
  return useQuery({
    queryKey: [`${PREFIX}/summary`, params],
    queryFn: ({ signal }) => api.get<TagSummaryRow[]>(`${PREFIX}/summary`, params, { signal }),
    staleTime: FRESH_MS,
    placeholderData: (previous) => previous,
  });
}

/** The detail path of a tag; the name is URL-encoded (spaces, slashes, %, any script). */
export function tagDetailsPath(tagName: string): string {
  return `${PREFIX}/${encodeURIComponent(tagName)}/details`;
}

/** Made only when a tag name is present (spec part 2 section 7). */
export function useTagDetails(tagName: string | undefined) {
  return useQuery({
    queryKey: [tagDetailsPath(tagName ?? '')],
    queryFn: ({ signal }) => api.get<TagDetail>(tagDetailsPath(tagName!), undefined, { signal }),
    enabled: Boolean(tagName),
    staleTime: FRESH_MS,
  });
}

/** `POST /api/tag-analytics/refresh` with the tag, or with none for all tags. */
export function useRefreshTagAnalytics() {
  const invalidate = useInvalidateTagAnalytics();
  return useMutation({
    mutationFn: (tagName?: string) => api.post<TagRefreshResult>(`${PREFIX}/refresh`, tagName ? { tagName } : {}),
    onSuccess: invalidate,
  });
}

const REBUILDS = '/api/tag-rebuilds';
const latestRebuildKey = [`${REBUILDS}/latest`];
/** How often an open rebuild's progress is read. */
export const REBUILD_POLL_MS = 1000;

/**
 * The organisation's latest full rebuild (owner only: `enabled` false for anyone else), read
 * again every `REBUILD_POLL_MS` while it is queued or running.
 */
export function useLatestTagRebuild(enabled: boolean) {
  return useQuery({
    queryKey: latestRebuildKey,
    queryFn: ({ signal }) => api.get<LatestTagRebuild>(`${REBUILDS}/latest`, undefined, { signal }),
    enabled,
    refetchInterval: (query) => (isOpen(query.state.data?.rebuild ?? null) ? REBUILD_POLL_MS : false),
  });
}

/** Queued or running. */
export function isOpen(rebuild: TagRebuild | null): boolean {
  return rebuild?.status === 'queued' || rebuild?.status === 'running';
}

/** `POST /api/tag-rebuilds`: starts a full rebuild (or answers the one already open). */
export function useStartTagRebuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TagRebuild>(REBUILDS, {}),
    onSuccess: (rebuild) => queryClient.setQueryData<LatestTagRebuild>(latestRebuildKey, { rebuild }),
  });
}

/** Drops every cached tag analytics answer (after a refresh, or when a rebuild completes). */
export function useInvalidateTagAnalytics() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(PREFIX) });
}
