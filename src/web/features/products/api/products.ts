/**
 * Product list and template calls (spec part 2 section 7 "Products").
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../../contracts/products';
import { downloadFile } from '@/lib/api';

/** Products page size (spec part 2 section 9). */
export const PRODUCTS_PAGE_SIZE = 50;

/** Root of every products query key: invalidate it after any change to the catalogue. */
export const productsQueryRoot = ['/api/products'] as const;

export function useProducts({ page, search }: { page: number; search: string }) {
  return useQuery<ProductListResponse>({
    queryKey: ['/api/products', { page, limit: PRODUCTS_PAGE_SIZE, search: search || undefined }],
    placeholderData: keepPreviousData,
  });
}

export function downloadProductsTemplate(): Promise<void> {
  return downloadFile('/api/products/template', 'products_template.csv');
}
