/**
 * Product list and template calls (spec part 2 section 7 "Products").
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../../contracts/products';
import { api, downloadFile } from '@/lib/api';

/** Products page size (spec part 2 section 9). */
export const PRODUCTS_PAGE_SIZE = 50;

/** Root of every products query key: invalidate it after any change to the catalogue. */
export const productsQueryRoot = ['/api/products'] as const;

/** What the list shows: quick search and the Advanced Filters' `filters` JSON (undefined: none). */
export interface ProductQuery {
  search: string;
  filters: string | undefined;
}

export function useProducts({ page, search, filters }: ProductQuery & { page: number }) {
  return useQuery<ProductListResponse>({
    queryKey: ['/api/products', { page, limit: PRODUCTS_PAGE_SIZE, search: search || undefined, filters }],
    placeholderData: keepPreviousData,
  });
}

/**
 * The ids of every product matching the same search and filters (`getAllIds=true`), for
 * 'select all matching filters'. Not cached: a selection is taken at the moment it is asked for.
 */
export async function fetchAllMatchingProductIds({ search, filters }: ProductQuery): Promise<string[]> {
  const res = await api.get<{ productIds: string[] }>('/api/products', {
    search: search || undefined,
    filters,
    getAllIds: true,
  });
  if (!res || !Array.isArray(res.productIds)) throw new Error('Failed to fetch all matching products');
  return res.productIds;
}

export function downloadProductsTemplate(): Promise<void> {
  return downloadFile('/api/products/template', 'products_template.csv');
}
