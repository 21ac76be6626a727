/** `POST /api/products/filter-preview` (spec part 1 sections 5, 7): how many products a filter matches. */
import type { FilterPreview } from '../../../../contracts/audits';
import type { FilterExpression } from '../../../../contracts/filters';
import { api } from '@/lib/api';

export function previewFilter(filterExpression: FilterExpression, signal?: AbortSignal): Promise<FilterPreview> {
  return api.post<FilterPreview>('/api/products/filter-preview', { filterExpression }, { signal });
}
