/**
 * Sidebar badge counts (spec part 1 section 2 "Badge counts"), requested only when signed in
 * (the shell is only mounted then). A failing count hides its badge instead of erroring.
 *
 * Query keys are the API paths, so the pages that read the same lists share the cache and an
 * invalidation of ['/api/products'] or ['/api/audits'] refreshes the badges too.
 */
import { isActiveAudit } from '../../domain/active-audits';
import { useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../contracts/products';
import type { Audit } from '../../contracts/audits';
import type { AuditTask } from '../../contracts/tasks';

/**
 * The spec fetches up to 10,000 products only to count them (part 1 section 9); our list answers
 * `total`, so one row is enough and the count is right past 10,000 too.
 */
const PRODUCT_COUNT_LIMIT = 1;

export interface NavCounts {
  products: number | undefined;
  activeAudits: number | undefined;
  activeTasks: number | undefined;
}

export function useNavCounts(): NavCounts {
  const products = useQuery<ProductListResponse>({ queryKey: ['/api/products', { limit: PRODUCT_COUNT_LIMIT }] });
  const audits = useQuery<Audit[]>({ queryKey: ['/api/audits'] });
  // The caller's own tasks (spec part 1 section 2 "Badge counts"; DESIGN.md section 9).
  const tasks = useQuery<AuditTask[]>({ queryKey: ['/api/audit-tasks'] });

  return {
    products: products.data?.total,
    activeAudits: Array.isArray(audits.data)
      ? audits.data.filter((a) => isActiveAudit({ status: a.status, hasTask: a.hasTask, scanFileCount: a.scanFiles.length })).length
      : undefined,
    activeTasks: Array.isArray(tasks.data) ? tasks.data.filter((t) => t.status !== 'complete').length : undefined,
  };
}
