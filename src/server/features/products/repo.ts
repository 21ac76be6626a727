/**
 * Products SQL (DESIGN.md section 2): every statement is scoped by organization_id.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import type { Product, ProductImportField } from '../../../contracts/products.js';

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
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
    costPrice: row.costPrice,
    price: row.price,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * List order: SKU, case-insensitively. lower(sku) is unique in an organisation, so the order is
 * total, and the unique index (organization_id, lower(sku)) serves it: a broad filter's page
 * walks the index and stops after one page.
 */
const LIST_ORDER = sql`lower(${products.sku})`;

/** One page of products matching `where`, in list order, and how many match in all. */
export async function listProductPage(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(products).where(where).orderBy(LIST_ORDER).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0) };
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

/** A product row to upsert: only the mapped fields are present (the rest stay as they are on update). */
export type ProductUpsert = { sku: string } & Partial<Record<Exclude<ProductImportField, 'sku'>, unknown>>;

const COLUMN: Record<ProductImportField, string> = {
  sku: 'sku',
  name: 'name',
  upc: 'upc',
  otherIdentifier: 'other_identifier',
  description: 'description',
  distributor: 'distributor',
  manufacturer: 'manufacturer',
  currentQuantity: 'current_quantity',
  category: 'category',
  location: 'location',
  costPrice: 'cost_price',
  price: 'price',
  tags: 'tags',
};

const BATCH = 1000;

/**
 * A PostgreSQL array literal ('{"a","b"}') for a text[] parameter: drizzle's sql template would
 * spread a JS array into a list of parameters instead.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * Inserts or updates products by SKU (case-insensitive) within the organisation, in multi-row
 * statements of 1,000. Must run inside the caller's transaction (all-or-nothing import).
 * @param fields the mapped fields; every row carries exactly these.
 * @returns how many rows were inserted and how many updated.
 */
export async function upsertProducts(
  tx: Db,
  organizationId: string,
  fields: ProductImportField[],
  rows: ProductUpsert[],
): Promise<{ inserted: number; updated: number }> {
  const cols = ['sku', ...fields.filter((f) => f !== 'sku')] as ProductImportField[];
  const updates = cols
    .filter((f) => f !== 'sku')
    .map((f) => sql.raw(`${COLUMN[f]} = excluded.${COLUMN[f]}`));
  updates.push(sql.raw('sku = excluded.sku'), sql.raw('updated_at = now()'));
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const values = sql.join(
      batch.map(
        (row) =>
          sql`(${organizationId}::uuid, ${sql.join(
            cols.map((f) => (f === 'tags' ? sql`${textArrayLiteral((row.tags as string[] | undefined) ?? [])}::text[]` : sql`${(row as Record<string, unknown>)[f] ?? null}`)),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    const result = (await tx.execute(sql`
      INSERT INTO products (organization_id, ${sql.raw(cols.map((f) => COLUMN[f]).join(', '))})
      VALUES ${values}
      ON CONFLICT (organization_id, lower(sku)) DO UPDATE SET ${sql.join(updates, sql`, `)}
      RETURNING (xmax = 0) AS inserted`)) as unknown as { rows: Array<{ inserted: boolean }> };
    for (const r of result.rows) {
      if (r.inserted) inserted += 1;
      else updated += 1;
    }
  }
  return { inserted, updated };
}
