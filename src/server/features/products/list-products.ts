/**
 * The products list (spec part 2 sections 2, 7 `GET /api/products`): one page with the total, or
 * with `getAllIds` every matching id (select all matching filters). Quick search and Advanced
 * Filters narrow both the same way (product-filters-sql.ts). A query whose last total was under
 * COUNTED_WITH_PAGE has its page and total read by one statement (total-hints.ts,
 * docs/decisions/0085-list-total-with-the-page.md); the page's alternate identifiers by one more.
 * Answers and totals are kept by catalogue version (docs/decisions/0131), which writes to products
 * and to their alternate identifiers both move; pages and totals are read from an in-memory
 * snapshot of the catalogue at that version (docs/decisions/0143), by SQL while it is built.
 */
import type { ProductIdsResponse, ProductListQuery, ProductListResponse } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { productListWhere } from './product-filters-sql.js';
import { selectIdentifiers } from './identifiers-repo.js';
import { COUNTED_WITH_PAGE, listProductIds, listProductPage, listProductRows, readCatalogueVersion, toProduct } from './repo.js';
import { RecentMap, TotalHints, totalHintKey } from './total-hints.js';
import type { CatalogueSnapshot } from './catalogue-snapshot.js';
import { CatalogueSnapshots } from './catalogue-snapshots.js';
import { lowerQuery, matchingRows } from './snapshot-query.js';

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
 * Catalogue snapshots by organisation (docs/decisions/0143): pages are cut from the rows a query
 * matches in memory. The SQL path answers while a large catalogue's snapshot is being built.
 */
const snapshots = new CatalogueSnapshots();
/**
 * The rows recent queries matched, under the catalogue version (the next page of a query reads
 * no row again): 64 of them, at most 400 KB each (100,000 rows), bound the memory.
 */
const matches = new RecentMap<Int32Array>(64);

/**
 * GET /api/products: one page with its total, or every matching id. Reads the organisation's
 * catalogue version (one primary-key read), then answers from the answers cache when the same
 * query and page were answered at this version, else from the version's catalogue snapshot, else
 * (snapshot not ready, or too large to hold) by SQL.
 */
export async function listProducts(
  db: Db,
  opts: { organizationId: string; query: ProductListQuery },
): Promise<ProductListResponse | ProductIdsResponse> {
  const { query, organizationId } = opts;
  const version = await readCatalogueVersion(db, organizationId);
  const snapshot = await snapshots.at(db, organizationId, version);
  const key = totalHintKey({ organizationId, search: query.search, filters: query.filters });
  const atVersion = `${version} ${key}`;
  if (query.getAllIds === 'true') {
    if (snapshot) return { productIds: Array.from(await rowsMatching(db, snapshot, query, atVersion), (row) => snapshot.ids[row]!) };
    const where = productListWhere({ organizationId, search: query.search, filters: query.filters });
    return { productIds: await listProductIds(db, where) };
  }
  const answerKey = `${atVersion} ${query.page} ${query.limit}`;
  const cached = answers.get(answerKey);
  if (cached) return cached;
  const answer = snapshot ? await pageFromSnapshot(db, snapshot, query, atVersion) : await pageFromSql(db, organizationId, query, atVersion);
  if (query.limit <= LARGEST_KEPT_PAGE) answers.remember(answerKey, answer);
  return answer;
}

/** The rows of `snapshot` matching the query's search and filters, ascending (list order). */
async function rowsMatching(db: Db, snapshot: CatalogueSnapshot, query: ProductListQuery, atVersion: string): Promise<Int32Array> {
  let rows = matches.get(atVersion);
  if (rows === undefined) {
    rows = matchingRows(snapshot, await lowerQuery(db, query.search, query.filters));
    matches.remember(atVersion, rows);
  }
  return rows;
}

/**
 * One page of the list from the catalogue snapshot (docs/decisions/0143): the same answer as
 * `pageFromSql` (snapshot-query.property.test.ts).
 */
export async function pageFromSnapshot(db: Db, snapshot: CatalogueSnapshot, query: ProductListQuery, atVersion: string): Promise<ProductListResponse> {
  const start = (query.page - 1) * query.limit;
  let total: number;
  let page: ArrayLike<number>;
  if (!query.search && (query.filters ?? []).length === 0) {
    total = snapshot.size;
    page = Array.from({ length: Math.max(0, Math.min(query.limit, total - start)) }, (_, i) => start + i);
  } else {
    const rows = await rowsMatching(db, snapshot, query, atVersion);
    total = rows.length;
    page = rows.subarray(start, start + query.limit);
  }
  return { products: Array.from(page, (row) => snapshot.product(row)), total, page: query.page, limit: query.limit };
}

/**
 * One page of the list by SQL (product-filters-sql.ts), its total taken from the totals cache
 * when known at this version (a count not recomputed per page).
 */
export async function pageFromSql(db: Db, organizationId: string, query: ProductListQuery, atVersion: string): Promise<ProductListResponse> {
  const where = productListWhere({ organizationId, search: query.search, filters: query.filters });
  const key = totalHintKey({ organizationId, search: query.search, filters: query.filters });
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
  const identifiers = await selectIdentifiers(db, organizationId, rows.map((row) => row.id));
  return { products: rows.map((row) => toProduct(row, identifiers.get(row.id))), total, page: query.page, limit: query.limit };
}
