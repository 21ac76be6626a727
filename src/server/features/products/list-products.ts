/**
 * The products list (spec part 2 sections 2, 7 `GET /api/products`): one page with the total, or
 * with `getAllIds` every matching id (select all matching filters). Quick search and Advanced
 * Filters narrow both the same way (product-filters-sql.ts). A query whose last total was under
 * COUNTED_WITH_PAGE has its page and total read by one statement (total-hints.ts,
 * docs/decisions/0085-list-total-with-the-page.md); the page's alternate identifiers by one more.
 * Answers and totals are kept by catalogue version (docs/decisions/0131), which writes to products
 * and to their alternate identifiers both move; pages and totals are read from an in-memory
 * snapshot of the catalogue at that version (docs/decisions/0143), by SQL while it is built.
 * Answers are kept as the JSON bytes sent, by the query text as sent (docs/decisions/0154).
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
 * Answers of recent list requests as the JSON bytes sent (docs/decisions/0131, 0154), keyed by
 * organisation, catalogue version and the request's query text as sent: any write to the
 * organisation's products moves its version, so an entry is only found while the catalogue is as
 * it was, and a query text found again is answered without being parsed or serialised again.
 * Bounded by ANSWER_BYTES in all (Buffers, outside the JavaScript heap), least recently used
 * dropped first; an answer over LARGEST_KEPT_ANSWER (a page of thousands of products, every id
 * of a broad query) is not kept.
 */
export const ANSWER_BYTES = 32 * 1024 * 1024;
const LARGEST_KEPT_ANSWER = 1024 * 1024;
const answers = new RecentMap<Buffer>(100_000, { maxBytes: ANSWER_BYTES, bytesOf: (answer) => answer.length + 200 });
/** Exact totals of recent queries by catalogue version, for the SQL path's next page. */
const totals = new RecentMap<number>(5000);

/**
 * Catalogue snapshots by organisation (docs/decisions/0143): pages are cut from the rows a query
 * matches in memory. The SQL path answers while a large catalogue's snapshot is being built.
 */
const snapshots = new CatalogueSnapshots();
/**
 * The rows recent queries matched, under the catalogue version (the next page of a query, or the
 * same query at another page size, reads no row again): up to 2,000 queries within 16 MB in all
 * (a search's few thousand rows take a few KB, a broad filter's 100,000 rows 400 KB).
 */
const matches = new RecentMap<Int32Array>(2000, { maxBytes: 16 * 1024 * 1024, bytesOf: (rows) => rows.byteLength + 200 });

/**
 * GET /api/products as the bytes of its JSON answer: one page with its total, or every matching
 * id. From the answers cache when the same query text was answered at this catalogue version;
 * else `parse()` reads the query (its ZodError is the caller's 400) and the answer is cut from the
 * version's catalogue snapshot, or (snapshot not ready, or too large to hold) read by SQL.
 * @param catalogueVersion the organisation's version, read with the session (decision 0154);
 *   read here when absent.
 * @param queryText the request's query string as sent (the cache key).
 */
export async function listProductsAnswer(
  db: Db,
  opts: { organizationId: string; catalogueVersion?: number; queryText: string; parse: () => ProductListQuery },
): Promise<Buffer> {
  const { organizationId } = opts;
  listedAt.remember(organizationId, Date.now());
  const version = opts.catalogueVersion ?? (await readCatalogueVersion(db, organizationId));
  const answerKey = `${organizationId} ${version} ${opts.queryText}`;
  const cached = answers.get(answerKey);
  if (cached) return cached;
  const answer = Buffer.from(await answerText(db, organizationId, version, opts.parse()));
  if (answer.length <= LARGEST_KEPT_ANSWER) answers.remember(answerKey, answer);
  return answer;
}

/** GET /api/products's answer as values (JSON.parse of the text the route sends). */
export async function listProducts(
  db: Db,
  opts: { organizationId: string; query: ProductListQuery },
): Promise<ProductListResponse | ProductIdsResponse> {
  const version = await readCatalogueVersion(db, opts.organizationId);
  return JSON.parse(await answerText(db, opts.organizationId, version, opts.query)) as ProductListResponse | ProductIdsResponse;
}

/** The JSON text of the answer to `query` at catalogue `version` (see listProductsAnswer). */
async function answerText(db: Db, organizationId: string, version: number, query: ProductListQuery): Promise<string> {
  const snapshot = await snapshots.at(db, organizationId, version);
  const atVersion = `${version} ${totalHintKey({ organizationId, search: query.search, filters: query.filters })}`;
  if (query.getAllIds === 'true') {
    if (snapshot) return JSON.stringify({ productIds: Array.from(await rowsMatching(db, snapshot, query, atVersion), (row) => snapshot.idOf(row)) });
    const where = productListWhere({ organizationId, search: query.search, filters: query.filters });
    return JSON.stringify({ productIds: await listProductIds(db, where) });
  }
  return snapshot ? pageFromSnapshot(db, snapshot, query, atVersion) : JSON.stringify(await pageFromSql(db, organizationId, query, atVersion));
}

/** The snapshot builds started after imports, by organisation (the latest one's), recent ones only. */
const preparing = new RecentMap<Promise<void>>(100);

/** When each organisation's product list was last asked for (ms since the epoch), recent ones only. */
const listedAt = new RecentMap<number>(1000);

/** An import builds the snapshot ahead only for a catalogue whose list was asked for this lately (ms). */
export const LISTED_LATELY_MS = 15 * 60 * 1000;

/**
 * Starts building the organisation's catalogue snapshot at its current version without waiting
 * (called once an import has committed), so that the first list after it finds it ready rather
 * than answering by SQL while it builds. Only for an organisation whose list was asked for in the
 * last LISTED_LATELY_MS: a catalogue nobody is looking at (an import by the API or the CLI, a
 * bulk onboarding) costs the server no build, and its first list builds it as before. Errors are
 * left to the next list request, which builds it again.
 */
export function prepareCatalogueSnapshot(db: Db, organizationId: string): void {
  const listed = listedAt.get(organizationId);
  if (listed === undefined || Date.now() - listed > LISTED_LATELY_MS) return;
  const done: Promise<void> = readCatalogueVersion(db, organizationId)
    .then((version) => snapshots.at(db, organizationId, version))
    .then(
      () => undefined,
      () => undefined,
    );
  preparing.remember(organizationId, done);
}

/**
 * Settles when the snapshot build the last `prepareCatalogueSnapshot` of the organisation started
 * is done (a catalogue of up to 20,000 products: built; a larger one: started in the background);
 * undefined when none was started lately. For tests.
 */
export function catalogueSnapshotPrepared(organizationId: string): Promise<void> | undefined {
  return preparing.get(organizationId);
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
 * One page of the list from the catalogue snapshot (docs/decisions/0143) as JSON text, written by
 * hand (CatalogueSnapshot.productJson): the text of `pageFromSql`'s answer
 * (snapshot-query.property.test.ts).
 */
export async function pageFromSnapshot(db: Db, snapshot: CatalogueSnapshot, query: ProductListQuery, atVersion: string): Promise<string> {
  const start = (query.page - 1) * query.limit;
  const rows = !query.search && (query.filters ?? []).length === 0 ? undefined : await rowsMatching(db, snapshot, query, atVersion);
  const total = rows ? rows.length : snapshot.size;
  const end = Math.min(total, start + query.limit);
  let products = '';
  for (let i = start; i < end; i += 1) products += (i === start ? '' : ',') + snapshot.productJson(rows ? rows[i]! : i);
  return `{"products":[${products}],"total":${total},"page":${query.page},"limit":${query.limit}}`;
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
