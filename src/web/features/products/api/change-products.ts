/**
 * Catalogue changes from the products list (spec part 2 section 7 "Products"): bulk update,
 * bulk delete (one request for the whole selection), the delete of one row, and one product
 * added or edited by hand (`POST /api/products`, `PATCH /api/products/{id}`).
 * Callers invalidate the products queries afterwards (see invalidateCatalogue).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Product, ProductInputBody } from '../../../../contracts/products';
import { api } from '@/lib/api';
import type { BulkUpdates } from '../bulk-edit';
import { productsQueryRoot } from './products';
import { subscriptionStatusKey } from './plan-usage';

export async function bulkUpdateProducts(productIds: readonly string[], updates: BulkUpdates): Promise<{ updated: number }> {
  const res = await api.patch<{ updated?: number }>('/api/products/bulk-update', { productIds, updates });
  return { updated: typeof res?.updated === 'number' ? res.updated : productIds.length };
}

export async function bulkDeleteProducts(productIds: readonly string[]): Promise<{ deleted: number }> {
  const res = await api.post<{ deleted?: number }>('/api/products/bulk-delete', { productIds });
  return { deleted: typeof res?.deleted === 'number' ? res.deleted : productIds.length };
}

export function createProduct(input: ProductInputBody): Promise<Product> {
  return api.post<Product>('/api/products', input);
}

export function updateProduct(id: string, input: Partial<ProductInputBody>): Promise<Product> {
  return api.patch<Product>(`/api/products/${encodeURIComponent(id)}`, input);
}

export async function deleteProduct(id: string): Promise<void> {
  await api.delete(`/api/products/${encodeURIComponent(id)}`);
}

/**
 * Refreshes everything that counts or lists products: the list pages, the sidebar badge (same
 * ['/api/products'] root) and the plan usage banner.
 */
export async function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: productsQueryRoot }),
    queryClient.invalidateQueries({ queryKey: subscriptionStatusKey }),
  ]);
}
