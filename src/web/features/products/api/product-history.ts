/** `GET /api/products/{id}/history` (DESIGN.md section 13): the product's stock adjustments, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { ProductHistory } from '../../../../contracts/stock';
import { api } from '@/lib/api';

export function productHistoryPath(id: string): string {
  return `/api/products/${encodeURIComponent(id)}/history`;
}

export function useProductHistory(id: string) {
  return useQuery({
    queryKey: [productHistoryPath(id)] as const,
    queryFn: ({ signal }) => api.get<ProductHistory>(productHistoryPath(id), undefined, { signal }),
    enabled: id !== '',
  });
}
