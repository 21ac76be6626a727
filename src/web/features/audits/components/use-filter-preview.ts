/**
 * The Define Filters step's live count (spec part 1 section 5): a complete filter is previewed
 * after a 500 ms pause; the answer is 'Filter matches N products', 'No products match this
 * filter. Consider adjusting your criteria.' or 'Filter validation failed'.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { FilterExpression } from '../../../../contracts/filters';
import { previewFilter } from '../api/preview-filter';
import { useDebouncedValue } from './use-debounced-value';

/** Filter debounce (spec part 1 section 9). */
export const FILTER_DEBOUNCE_MS = 500;

export type FilterPreviewState =
  | { status: 'incomplete' }
  | { status: 'checking' }
  | { status: 'failed' }
  | { status: 'ready'; count: number };

export function useFilterPreview(expression: FilterExpression | null): FilterPreviewState {
  const key = expression ? JSON.stringify(expression) : '';
  const settled = useDebouncedValue(key, FILTER_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['/api/products/filter-preview', settled] as const,
    queryFn: ({ signal }) => previewFilter(JSON.parse(settled) as FilterExpression, signal),
    enabled: settled !== '' && settled === key,
    // The catalogue may change between two visits of the step.
    staleTime: 0,
    gcTime: 60_000,
  });

  const failed = query.isError && settled === key;
  useEffect(() => {
    if (failed) toast.error('Failed to validate filter');
  }, [failed]);

  if (!expression) return { status: 'incomplete' };
  if (settled !== key || query.isPending) return { status: 'checking' };
  if (query.isError) return { status: 'failed' };
  return { status: 'ready', count: query.data.count };
}
