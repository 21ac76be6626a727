/**
 * The products list (spec part 2 sections 2, 7 `GET /api/products`): one page with the total, or
 * with `getAllIds` every matching id (select all matching filters). Quick search and Advanced
 * Filters narrow both the same way (product-filters-sql.ts). A query whose last total was under
 * COUNTED_WITH_PAGE has its page and total read by one statement (total-hints.ts,
 * docs/decisions/0085-list-total-with-the-page.md); the page's alternate identifiers by one more.
 * Answers and totals are kept by catalogue version (docs/decisions/0131), which writes to products
 * and to their alternate identifiers both move.
 */
import type { ProductIdsResponse, ProductListQuery, ProductListResponse } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { productListWhere } from './product-filters-sql.js';
import { selectIdentifiers } from './identifiers-repo.js';
import { COUNTED_WITH_PAGE, listProductIds, listProductPage, listProductRows, readCatalogueVersion, toProduct } from './repo.js';
import { RecentMap, TotalHints, totalHintKey } from './total-hints.js';

/** Recent list queries' totals, this process's; each costs about the size of its query text. */
const totalHints = new TotalHints(2000);

/**
 * Answers and exact totals of recent list queries, each under the catalogue version it was read
 * at (docs/decisions/0131): any write to the organisation's products moves its version, so an
 * entry is only found while the catalogue is as it was. An answer holds a page of at most
 * LARGEST_KEPT_PAGE products (about 30 KB at 50): 500 of them bound the memory; a total is a number.
 */
const answers = new RecentMap<ProductListResponse>(500);
const totals = new RecentMap<number>(5000);
/** Larger pages (the API takes up to 10,000 rows) are not kept: 500 of them could be gigabytes. */
const LARGEST_KEPT_PAGE = 100;

/**
 * GET /api/products: one page with its total, or every matching id. The page and its total are
 * taken from the answers cache when the same query and page were answered at this catalogue
 * version; else the page is read, and its total too unless known at this version (a count not
 * recomputed per page).
 */
export async function listProducts(
  db: Db,
  opts: { organizationId: string; query: ProductListQuery },
): Promise<ProductListResponse | ProductIdsResponse> {
  const { query } = opts;
  const where = productListWhere({ organizationId: opts.organizationId, search: query.search, filters: query.filters });
  if (query.getAllIds === 'true') return { productIds: await listProductIds(db, where) };
  const key = totalHintKey({ organizationId: opts.organizationId, search: query.search, filters: query.filters });
  const atVersion = `${await readCatalogueVersion(db, opts.organizationId)} ${key}`;
  const answerKey = `${atVersion} ${query.page} ${query.limit}`;
  const cached = answers.get(answerKey);
  if (cached) return cached;
  const paging = { limit: query.limit, offset: (query.page - 1) * query.limit };
  let total = totals.get(atVersion);
  let rows;
  if (total !== undefined) {
    rows = await listProductRows(db, where, paging);
  } else {
    const lastTotal = totalHints.get(key);
    const countedWithPage = lastTotal !== undefined && lastTotal < COUNTED_WITH_PAGE ? COUNTED_WITH_PAGE : undefined;
    ({ rows, total } = await listProductPage(db, where, paging, countedWithPage));
    totalHints.remember(key, total);
    totals.remember(atVersion, total);
  }
  const identifiers = await selectIdentifiers(db, opts.organizationId, rows.map((row) => row.id));
  const answer = { products: rows.map((row) => toProduct(row, identifiers.get(row.id))), total, page: query.page, limit: query.limit };
  if (query.limit <= LARGEST_KEPT_PAGE) answers.remember(answerKey, answer);
  return answer;
}
