/**
 * Products SQL (DESIGN.md section 2): every statement is scoped by organization_id. Lists of
 * ids, SKUs or values travel as one array parameter each (pg-array.ts), whatever their length.
 */
import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogueVersions, organizations, products } from '../../db/schema.js';
import type { ProductIdentifier } from '../../../contracts/product-identifiers.js';
import type { Product, ProductImportField } from '../../../contracts/products.js';
import { moneyText } from '../../../domain/product-values.js';
import { copyTextRows } from '../../db/bulk-copy.js';
import { CopyTextRows } from '../../db/copy-text.js';
import { isAscii } from '../../../domain/ascii-fold-table.js';
import { arrayLiteral } from './pg-array.js';

type ProductRow = typeof products.$inferSelect;

/** A products row as the API answers it, with the product's alternate identifiers (identifiers-repo.ts). */
export function toProduct(row: ProductRow, alternateIdentifiers: ProductIdentifier[] = []): Product {
  return {
    id: row.id,
    sku: row.sku,
    upc: row.upc,
    otherIdentifier: row.otherIdentifier,
    name: row.name,
    description: row.description,
    distributor: row.distributor,
    manufacturer: row.manufacturer,
    category: row.category,
    location: row.location,
    currentQuantity: row.currentQuantity,
    alternateIdentifiers,
    costPrice: moneyText(row.costPrice),
    price: moneyText(row.price),
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const idIn = (ids: readonly string[]): SQL => sql`${products.id} = ANY(${arrayLiteral(ids)}::uuid[])`;

/**
 * List order: SKU, case-insensitively. lower(sku) is unique in an organisation, so the order is
 * total, and the unique index (organization_id, lower(sku)) serves it: a broad filter's page
 * walks the index and stops after one page.
 */
const LIST_ORDER = sql.raw('lower(sku)');

/**
 * How many matching rows the page statement counts itself: up to the first 20 pages of 50
 * (docs/decisions/0085-list-total-with-the-page.md).
 */
export const COUNTED_WITH_PAGE = 1000;

/**
 * The list's statements are written as SQL text around the WHERE, not built by Drizzle's select
 * builder, and their rows mapped by the columns' own decoders (productRowOf): the same rows for
 * a fraction of the CPU each request spends in the app server (docs/decisions/0087).
 */
const PRODUCT_COLUMNS = Object.entries(getTableColumns(products));
const PRODUCT_SELECT_LIST = sql.raw(PRODUCT_COLUMNS.map(([, column]) => `"${column.name}"`).join(', '));

/**
 * A products row as the driver answers a statement selecting PRODUCT_SELECT_LIST (keys are column
 * names, timestamps as text) -> the schema's row, decoded by each column as Drizzle's select does.
 */
function productRowOf(raw: Record<string, unknown>): ProductRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of PRODUCT_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ProductRow;
}

async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The page statement: one page of products matching `where`, in list order. */
export function pageQuery(where: SQL, page: { limit: number; offset: number }): SQL {
  return sql`SELECT ${PRODUCT_SELECT_LIST} FROM products WHERE ${where} ORDER BY ${LIST_ORDER} LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** The count statement: how many products match `where` (`n`). */
export function countQuery(where: SQL): SQL {
  return sql`SELECT count(*)::int AS n FROM products WHERE ${where}`;
}

/**
 * The page statement that counts too: each row of the page with `n`, how many of the first `cap`
 * matches in list order there are (so min(matches, cap); no row past the end).
 * These three are exported for the SQL reference of bench/products.ts.
 */
export function countedPageQuery(where: SQL, page: { limit: number; offset: number }, cap = COUNTED_WITH_PAGE): SQL {
  return sql`SELECT *, count(*) OVER ()::int AS n FROM (
      SELECT ${PRODUCT_SELECT_LIST} FROM products WHERE ${where} ORDER BY ${LIST_ORDER} LIMIT ${cap}
    ) AS first_matches ORDER BY ${LIST_ORDER} LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/**
 * One page of products matching `where`, in list order, and how many match in all (exact).
 *
 * With `countedWithPage` (the caller expects fewer matches than that, list-products.ts) and a
 * page within the first `countedWithPage` matches, one statement reads the page and counts
 * (countedPageQuery); the count is the total when it is under the cap, or when the page is
 * short. Otherwise, or without it: the page statement, then a count when the page does not tell
 * it (a short page is the last one). The page statement alone keeps the planner's cheapest way to
 * one page of a broad query (walking the SKU index), which the counted statement's cap would turn
 * into reading up to `countedWithPage` rows.
 * @param page limit (rows per page, >= 1) and offset (rows skipped, >= 0).
 * @param countedWithPage the cap of the counted statement (COUNTED_WITH_PAGE; tests set it low).
 */
export async function listProductPage(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
  countedWithPage?: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  let rows: ProductRow[];
  if (countedWithPage !== undefined && page.offset + page.limit <= countedWithPage) {
    const counted = await rowsOf<Record<string, unknown> & { n: number }>(db, countedPageQuery(where, page, countedWithPage));
    rows = counted.map(productRowOf);
    const n = counted[0]?.n;
    if (n !== undefined && n < countedWithPage) return { rows, total: Number(n) };
  } else {
    rows = await listProductRows(db, where, page);
  }
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { rows, total: page.offset + rows.length };
  }
  const [totalRow] = await rowsOf<{ n: number }>(db, countQuery(where));
  return { rows, total: Number(totalRow?.n ?? 0) };
}

/** One page of products matching `where`, in list order, without counting (the total is known). */
export async function listProductRows(db: Db, where: SQL, page: { limit: number; offset: number }): Promise<ProductRow[]> {
  return (await rowsOf<Record<string, unknown>>(db, pageQuery(where, page))).map(productRowOf);
}

/**
 * One product as `productsInListOrder` reads it: id, sku, upc, other identifier, name,
 * description, distributor, manufacturer, category, location, quantity, cost price and price as
 * decimal text, tags, created and updated as the driver's timestamp text.
 */
export type ProductTuple = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  Array<string | null>,
  string,
  string,
];

/**
 * Every product of the organisation in list order (lower(sku), the order the database's collation
 * gives): the rows of the in-memory catalogue (catalogue-snapshot.ts, docs/decisions/0143). One
 * JSON text parsed at once, which for 100,000 rows costs a fraction of decoding them field by field.
 */
export async function productsInListOrder(db: Db, organizationId: string): Promise<ProductTuple[]> {
  const [row] = await rowsOf<{ rows: string | null }>(
    db,
    sql`SELECT json_agg(json_build_array(id, sku, upc, other_identifier, name, description, distributor, manufacturer,
        category, location, current_quantity::text, cost_price::text, price::text, tags, created_at::text, updated_at::text)
      ORDER BY ${LIST_ORDER})::text AS rows
      FROM products WHERE organization_id = ${organizationId}::uuid`,
  );
  return row?.rows ? (JSON.parse(row.rows) as ProductTuple[]) : [];
}

/**
 * The catalogue version read of every list request, built once per database and prepared under
 * one name, as the session lookup is (docs/decisions/0087): each pooled connection of the
 * PostgreSQL server parses and plans it once. Keyed by the Db object.
 */
const versionReads = new WeakMap<Db, ReturnType<typeof prepareVersionRead>>();

function prepareVersionRead(db: Db) {
  return db
    .select({ version: catalogueVersions.version })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.organizationId, sql.placeholder('organizationId')))
    .prepare('stocktally_catalogue_version');
}

/** The organisation's catalogue version (docs/decisions/0131): 0 before its first product. */
export async function readCatalogueVersion(db: Db, organizationId: string): Promise<number> {
  let read = versionReads.get(db);
  if (!read) versionReads.set(db, (read = prepareVersionRead(db)));
  const [row] = await read.execute({ organizationId });
  return row ? Number(row.version) : 0;
}

/** The id of every product matching `where`, in list order. */
export async function listProductIds(db: Db, where: SQL): Promise<string[]> {
  const rows = await db.select({ id: products.id }).from(products).where(where).orderBy(LIST_ORDER);
  return rows.map((r) => r.id);
}

export async function countProducts(db: Db, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/**
 * The organisation's subscription tier, its row locked (FOR NO KEY UPDATE) until the transaction
 * ends: imports of one organisation then count and add products one after the other, while
 * inserts elsewhere that only reference the organisation (FOR KEY SHARE) are not held up.
 */
export async function lockOrganizationTier(tx: Db, organizationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ tier: organizations.subscriptionTier })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
  return row?.tier ?? null;
}

/**
 * Notes, for the plan-limit message, the SKUs of a batch read after an import passed the plan's
 * limit (rows not written): in a temporary table of the transaction (dropped at its end), one row
 * per SKU (case-insensitive) that no product of the organisation has, so that a file of a million
 * new SKUs is counted by the database batch by batch instead of being held in the server's memory.
 * Call inside the import's transaction; `countSkusPastLimit` reads the count.
 */
export async function noteSkusPastLimit(tx: Db, organizationId: string, batch: ProductRowBatch): Promise<void> {
  await stageProductRows(tx, batch);
  await tx.execute(sql`CREATE TEMPORARY TABLE IF NOT EXISTS import_skus_past_limit (sku text PRIMARY KEY) ON COMMIT DROP`);
  await tx.execute(sql`
    INSERT INTO import_skus_past_limit (sku)
    SELECT DISTINCT lower(f.sku) FROM ${sql.raw(STAGING_TABLE)} AS f
    WHERE NOT EXISTS (
      SELECT 1 FROM products p WHERE p.organization_id = ${organizationId}::uuid AND lower(p.sku) = lower(f.sku)
    )
    ON CONFLICT (sku) DO NOTHING`);
}

/** How many distinct new SKUs `noteSkusPastLimit` noted in this transaction (call only after it did). */
export async function countSkusPastLimit(tx: Db): Promise<number> {
  const result = (await tx.execute(sql`SELECT count(*)::int AS n FROM import_skus_past_limit`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]!.n);
}

/** Column values of one product typed in by hand, already validated (money as decimal text). */
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;

/** The id of the organisation's product with this SKU (case-insensitive), or null. */
export async function findProductIdBySku(db: Db, organizationId: string, sku: string): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), sql`lower(${products.sku}) = lower(${sku})`));
  return row?.id ?? null;
}

/** Whether the organisation has a product with this id (an id that is not a uuid: false). */
export async function productExists(db: Db, organizationId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), sql`${products.id}::text = ${id}`));
  return row !== undefined;
}

export async function insertProduct(db: Db, organizationId: string, values: ProductValues): Promise<Product> {
  const [row] = await db.insert(products).values({ ...values, organizationId }).returning();
  return toProduct(row!);
}

/** Sets `values` on the organisation's product `id`; null when it has no such product. */
export async function updateProduct(db: Db, organizationId: string, id: string, values: Partial<ProductValues>): Promise<Product | null> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning();
  return row ? toProduct(row) : null;
}

/** Column values of a bulk update, already validated (money as decimal text). */
export type ProductChanges = Partial<
  Pick<typeof products.$inferInsert, 'distributor' | 'manufacturer' | 'category' | 'location' | 'currentQuantity' | 'costPrice' | 'price' | 'tags'>
>;

/**
 * Sets `changes` on the organisation's products among `ids` (others' ids match nothing); `addTags`
 * are appended to each product's tags, skipping those it has already (case-insensitively).
 * @returns rows changed.
 */
export async function updateProducts(
  db: Db,
  organizationId: string,
  ids: readonly string[],
  changes: ProductChanges,
  addTags: readonly string[] = [],
): Promise<number> {
  const appended =
    addTags.length > 0
      ? sql`${products.tags} || coalesce((SELECT array_agg(n.t ORDER BY n.i) FROM unnest(${arrayLiteral(addTags)}::text[]) WITH ORDINALITY AS n(t, i)
          WHERE lower(n.t) <> ALL (SELECT lower(x) FROM unnest(${products.tags}) AS x)), '{}'::text[])`
      : undefined;
  const rows = await db
    .update(products)
    .set({ ...changes, ...(appended ? { tags: appended } : {}), updatedAt: sql`now()` })
    .where(and(eq(products.organizationId, organizationId), idIn(ids)))
    .returning({ id: products.id });
  return rows.length;
}

/**
 * Deletes the organisation's products among `ids` in one statement (others' ids match nothing).
 * Finished audits keep their result lines: audit_result_lines has no foreign key to products and
 * holds the SKU and name itself. @returns rows deleted.
 */
export async function deleteProducts(db: Db, organizationId: string, ids: readonly string[]): Promise<number> {
  const rows = await db
    .delete(products)
    .where(and(eq(products.organizationId, organizationId), idIn(ids)))
    .returning({ id: products.id });
  return rows.length;
}

/**
 * Sets current_quantity by SKU (case-insensitive) in one statement per call.
 * @returns the SKUs of `skus` (as given) that matched a product.
 */
export async function updateQuantitiesBySku(
  tx: Db,
  organizationId: string,
  skus: readonly string[],
  quantities: readonly number[],
): Promise<Set<string>> {
  const result = (await tx.execute(sql`
    UPDATE products AS p SET current_quantity = f.quantity, updated_at = now()
    FROM unnest(${arrayLiteral(skus)}::text[], ${arrayLiteral(quantities)}::numeric(18,3)[]) AS f(sku, quantity)
    WHERE p.organization_id = ${organizationId}::uuid AND lower(p.sku) = lower(f.sku)
    RETURNING f.sku AS sku`)) as unknown as { rows: Array<{ sku: string }> };
  return new Set(result.rows.map((r) => r.sku));
}

/**
 * Adds stock to products by SKU (case-insensitive): the further rows of an item in an import
 * (a stock list's rows per location, bin, serial or lot; DESIGN.md section 6), summed into the
 * product its first row wrote. `quantities` are in units, as `current_quantity` holds them.
 */
export async function addQuantitiesBySku(tx: Db, organizationId: string, skus: readonly string[], quantities: readonly number[]): Promise<void> {
  if (skus.length === 0) return;
  await tx.execute(sql`
    UPDATE products AS p SET current_quantity = p.current_quantity + f.quantity, updated_at = now()
    FROM unnest(${arrayLiteral(skus)}::text[], ${arrayLiteral(quantities)}::numeric(18,3)[]) AS f(sku, quantity)
    WHERE p.organization_id = ${organizationId}::uuid AND lower(p.sku) = lower(f.sku)`);
}

/** A product row to upsert: only the mapped fields are present (the rest stay as they are on update). */
export type ProductUpsert = { sku: string } & Partial<Record<Exclude<ProductImportField, 'sku'>, unknown>>;

const COLUMN: Record<ProductImportField, { name: string; type: string }> = {
  sku: { name: 'sku', type: 'text' },
  name: { name: 'name', type: 'text' },
  upc: { name: 'upc', type: 'text' },
  otherIdentifier: { name: 'other_identifier', type: 'text' },
  description: { name: 'description', type: 'text' },
  distributor: { name: 'distributor', type: 'text' },
  manufacturer: { name: 'manufacturer', type: 'text' },
  currentQuantity: { name: 'current_quantity', type: 'numeric(18,3)' },
  category: { name: 'category', type: 'text' },
  location: { name: 'location', type: 'text' },
  costPrice: { name: 'cost_price', type: 'numeric' },
  price: { name: 'price', type: 'numeric' },
  // Tags travel as an array literal (pg-array.ts), a text[] in the staging table.
  tags: { name: 'tags', type: 'text' },
};

/** Rows per write of an import: one COPY (and, into a catalogue with products, one upsert statement). */
export const UPSERT_BATCH = 5000;

/**
 * A batch of import rows as COPY text (copy-text.ts), each row written as soon as it is read:
 * rows of a 100,000-row import never wait in memory as objects for their batch's statement, so
 * they die young instead of surviving into the old generation
 * (docs/decisions/0152-catalogue-import-streams-rows-to-copy.md). Columns: id (a new random
 * UUID per row, so that COPY inserts the rows many at a time, docs/decisions/0170), organization_id,
 * then `sku` and the other mapped fields' columns. Reused batch after batch (`clear`).
 */
export class ProductRowBatch {
  /** The COPY's column names. */
  readonly columns: string[];
  /** The mapped fields after organization_id, in column order (sku first). */
  readonly fields: ProductImportField[];
  /** Whether every SKU added since the last `clear` is ASCII (see `writeProductRows`' allNew). */
  allSkusAscii = true;
  private readonly out = new CopyTextRows();

  constructor(
    private readonly organizationId: string,
    fields: readonly ProductImportField[],
  ) {
    this.fields = ['sku', ...fields.filter((f) => f !== 'sku')];
    this.columns = ['id', 'organization_id', ...this.fields.map((f) => COLUMN[f].name)];
  }

  /** Rows added since the last `clear`. */
  get count(): number {
    return this.out.rows;
  }

  /** Adds a row: text fields as text (null: NULL), the quantity as a number, money as decimal text, tags as an array. */
  add(row: ProductUpsert): void {
    const out = this.out;
    out.randomUuid();
    out.text(this.organizationId);
    for (const f of this.fields) {
      const v = (row as Record<string, unknown>)[f];
      if (f === 'tags') out.text(arrayLiteral((v as string[] | undefined) ?? []));
      else if (typeof v === 'number') out.number(v);
      else out.text(v === null || v === undefined ? null : String(v));
    }
    out.endRow();
    if (this.allSkusAscii && !isAscii(row.sku)) this.allSkusAscii = false;
  }

  /** The rows as COPY text (a view, valid until the next `add` or `clear`). */
  bytes(): Buffer<ArrayBuffer> {
    return this.out.bytes();
  }

  /** Empties the batch for reuse (only once the write of its rows has ended). */
  clear(): void {
    this.out.clear();
    this.allSkusAscii = true;
  }
}

/** The staging table of an import's batch (temporary, dropped at the transaction's end): every import column. */
const STAGING_TABLE = 'import_product_rows';
const STAGING_COLUMNS = (Object.keys(COLUMN) as ProductImportField[])
  .map((f) => `${COLUMN[f].name} ${f === 'tags' ? 'text[]' : COLUMN[f].type}`)
  .join(', ');

/**
 * Copies `batch` into the transaction's staging table (made on first use, emptied first), for a
 * statement that reads it (`writeProductRows` into a catalogue with products, `noteSkusPastLimit`).
 */
async function stageProductRows(tx: Db, batch: ProductRowBatch): Promise<void> {
  await tx.execute(sql.raw(`CREATE TEMPORARY TABLE IF NOT EXISTS ${STAGING_TABLE} (id uuid, organization_id uuid, ${STAGING_COLUMNS}) ON COMMIT DROP`));
  await tx.execute(sql.raw(`TRUNCATE ${STAGING_TABLE}`));
  await copyTextRows(tx, STAGING_TABLE, batch.columns, batch.bytes());
}

/**
 * Writes `batch` by SKU (case-insensitive) within the organisation, in the caller's transaction
 * (all-or-nothing import). SKUs must be unique in the whole import. The batch may be cleared once
 * this resolves.
 * - `allNew: true`: COPY straight into products, for SKUs known to be new (an import into an
 *   empty catalogue while every SKU is ASCII, import-products.ts; docs/decisions/0097): the same
 *   work as the bench's reference COPY. A SKU already taken (lower(sku), in the organisation)
 *   fails the whole statement with the unique index's error (23505). Every row counts as inserted.
 * - `allNew: false`: COPY into the staging table, then `INSERT ... SELECT ... ON CONFLICT DO
 *   UPDATE` of the mapped columns only (the others, and the id, stay as they are; a new product
 *   takes the batch's id), inserted and updated counted from `xmax`.
 */
export async function writeProductRows(
  tx: Db,
  organizationId: string,
  batch: ProductRowBatch,
  opts: { allNew: boolean },
): Promise<{ inserted: number; updated: number }> {
  if (opts.allNew) {
    await copyTextRows(tx, 'products', batch.columns, batch.bytes());
    return { inserted: batch.count, updated: 0 };
  }
  await stageProductRows(tx, batch);
  const names = batch.fields.map((f) => COLUMN[f].name).join(', ');
  const updates = batch.fields.filter((f) => f !== 'sku').map((f) => `${COLUMN[f].name} = excluded.${COLUMN[f].name}`);
  updates.push('sku = excluded.sku', 'updated_at = now()');
  const result = (await tx.execute(sql`
    WITH changed AS (
      INSERT INTO products (id, organization_id, ${sql.raw(names)})
      SELECT id, ${organizationId}::uuid, ${sql.raw(names)} FROM ${sql.raw(STAGING_TABLE)}
      ON CONFLICT (organization_id, lower(sku)) DO UPDATE SET ${sql.raw(updates.join(', '))}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS total FROM changed`)) as unknown as {
    rows: Array<{ inserted: number; total: number }>;
  };
  const inserted = Number(result.rows[0]!.inserted);
  return { inserted, updated: Number(result.rows[0]!.total) - inserted };
}
