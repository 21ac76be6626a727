/**
 * `GET /api/audits/{id}/misplaced-stock` (DESIGN.md section 13 "Misplaced stock";
 * contracts/misplaced-stock.ts): what an audit of one location found that belongs in another,
 * with the proposed moves. Asked only for audits scoped to one location (`auditLocationScope`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MisplacedStock } from '../../../../contracts/misplaced-stock';
import { api } from '@/lib/api';
import { auditPath } from './get-audit';

export function misplacedStockQueryOptions(auditId: string) {
  const path = `${auditPath(auditId)}/misplaced-stock`;
  return queryOptions({
    queryKey: [path] as const,
    queryFn: ({ signal }) => api.get<MisplacedStock>(path, undefined, { signal }),
  });
}

export function useMisplacedStock(auditId: string, enabled: boolean) {
  return useQuery({ ...misplacedStockQueryOptions(auditId), enabled });
}
