/**
 * The products list (spec part 2 sections 2, 7 `GET /api/products`): one page with the total, or
 * with `getAllIds` every matching id (select all matching filters). Quick search and Advanced
 * Filters narrow both the same way (product-filters-sql.ts). A query whose last total was under
 * COUNTED_WITH_PAGE has its page and total read by one statement (total-hints.ts,
 * docs/decisions/0085-list-total-with-the-page.md); the page's alternate identifiers by one more.
 */
import type { ProductIdsResponse, ProductListQuery, ProductListResponse } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { productListWhere } from './product-filters-sql.js';
import { selectIdentifiers } from './identifiers-repo.js';
import { COUNTED_WITH_PAGE, listProductIds, listProductPage, toProduct } from './repo.js';
import { TotalHints, totalHintKey } from './total-hints.js';

/** Recent list queries' totals, this process's; each costs about the size of its query text. */
const totalHints = new TotalHints(2000);

export async function listProducts(
  db: Db,
  opts: { organizationId: string; query: ProductListQuery },
): Promise<ProductListResponse | ProductIdsResponse> {
  const { query } = opts;
  const where = productListWhere({ organizationId: opts.organizationId, search: query.search, filters: query.filters });
  if (query.getAllIds === 'true') return { productIds: await listProductIds(db, where) };
  const key = totalHintKey({ organizationId: opts.organizationId, search: query.search, filters: query.filters });
  const lastTotal = totalHints.get(key);
  const countedWithPage = lastTotal !== undefined && lastTotal < COUNTED_WITH_PAGE ? COUNTED_WITH_PAGE : undefined;
  const { rows, total } = await listProductPage(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }, countedWithPage);
  totalHints.remember(key, total);
  const identifiers = await selectIdentifiers(db, opts.organizationId, rows.map((row) => row.id));
  return { products: rows.map((row) => toProduct(row, identifiers.get(row.id))), total, page: query.page, limit: query.limit };
}
