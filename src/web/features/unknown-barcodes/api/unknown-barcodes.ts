/**
 * Unknown barcodes calls (DESIGN.md section 13; contracts/unknown-barcodes.ts): the list across
 * audits, mapping a value to a product, and the recompute after a product was made from a value.
 * While an audit of the list or of the last action is recomputing, its state is asked again
 * every second.
 */
import { keepPreviousData, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Audit } from '../../../../contracts/audits';
import type { ProductListResponse } from '../../../../contracts/products';
import type { MapUnknownBarcodeBody, UnknownBarcodeAction, UnknownBarcodePage } from '../../../../contracts/unknown-barcodes';
import { api } from '@/lib/api';

export const UNKNOWN_BARCODES_KEY = '/api/unknown-barcodes';
const POLL_MS = 1000;

export function useUnknownBarcodes(search: string, page: number) {
  return useQuery<UnknownBarcodePage>({
    queryKey: [UNKNOWN_BARCODES_KEY, { search: search.trim() || undefined, page }],
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.audits.some((a) => a.recomputeState !== null)) ? POLL_MS : false),
  });
}

/** Products matching `search` (SKU, name, identifiers), the first 8, for choosing where a value goes. */
export function useProductChoices(search: string) {
  return useQuery<ProductListResponse>({
    queryKey: ['/api/products', { page: 1, limit: 8, search: search.trim() || undefined }],
    placeholderData: keepPreviousData,
  });
}

export function mapUnknownBarcode(body: MapUnknownBarcodeBody): Promise<UnknownBarcodeAction> {
  return api.post<UnknownBarcodeAction>('/api/unknown-barcodes/map', body);
}

export function recomputeUnknownBarcode(value: string): Promise<UnknownBarcodeAction> {
  return api.post<UnknownBarcodeAction>('/api/unknown-barcodes/recompute', { value });
}

/** The audits of an action, asked again while they are recomputing. */
export function useRecomputeStates(auditIds: readonly string[]) {
  return useQueries({
    queries: auditIds.map((id) => ({
      queryKey: [`/api/audits/${id}`],
      refetchInterval: (query: { state: { data?: Audit } }) => (query.state.data?.recomputeState === null ? false : POLL_MS),
    })),
  }) as Array<{ data?: Audit }>;
}

/** After a recompute: the list, the audits, their results, the dashboard and tag analytics read again. */
export async function invalidateAfterRecompute(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries();
}
