/**
 * The products list (spec part 2 sections 2, 7 `GET /api/products`): one page with the total, or
 * with `getAllIds` every matching id (select all matching filters). Quick search and Advanced
 * Filters narrow both the same way (product-filters-sql.ts).
 */
import type { ProductIdsResponse, ProductListQuery, ProductListResponse } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { productListWhere } from './product-filters-sql.js';
import { listProductIds, listProductPage, toProduct } from './repo.js';

export async function listProducts(
  db: Db,
  opts: { organizationId: string; query: ProductListQuery },
): Promise<ProductListResponse | ProductIdsResponse> {
  const { query } = opts;
  const where = productListWhere({ organizationId: opts.organizationId, search: query.search, filters: query.filters });
  if (query.getAllIds === 'true') return { productIds: await listProductIds(db, where) };
  const { rows, total } = await listProductPage(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return { products: rows.map(toProduct), total, page: query.page, limit: query.limit };
}
