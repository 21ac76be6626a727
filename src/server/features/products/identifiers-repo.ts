/**
 * Product identifiers SQL (DESIGN.md section 5 rule 1, "Identifiers"; table product_identifiers):
 * every statement is scoped by organization_id. Lists travel as one array parameter each.
 */
import { sql } from 'drizzle-orm';
import type { ProductIdentifier } from '../../../contracts/product-identifiers.js';
import type { Db } from '../../db/client.js';
import { arrayLiteral } from './pg-array.js';

/** The alternate identifiers of `productIds` (the organisation's), in their order, by product id. */
export async function selectIdentifiers(db: Db, organizationId: string, productIds: readonly string[]): Promise<Map<string, ProductIdentifier[]>> {
  const byProduct = new Map<string, ProductIdentifier[]>();
  if (productIds.length === 0) return byProduct;
  const result = (await db.execute(sql`
    SELECT product_id::text AS product_id, value, kind, units::float8 AS units FROM product_identifiers
    WHERE organization_id = ${organizationId}::uuid AND product_id = ANY(${arrayLiteral(productIds)}::uuid[])
    ORDER BY product_id, position`)) as unknown as { rows: Array<{ product_id: string; value: string; kind: ProductIdentifier['kind']; units: number }> };
  for (const row of result.rows) {
    let list = byProduct.get(row.product_id);
    if (list === undefined) byProduct.set(row.product_id, (list = []));
    list.push({ value: row.value, kind: row.kind, units: Number(row.units) });
  }
  return byProduct;
}

/** Every alternate identifier of the organisation's products, in their order, by product id. */
export async function identifiersOfOrganization(db: Db, organizationId: string): Promise<Map<string, ProductIdentifier[]>> {
  const byProduct = new Map<string, ProductIdentifier[]>();
  const result = (await db.execute(sql`
    SELECT product_id::text AS product_id, value, kind, units::float8 AS units FROM product_identifiers
    WHERE organization_id = ${organizationId}::uuid
    ORDER BY product_id, position`)) as unknown as { rows: Array<{ product_id: string; value: string; kind: ProductIdentifier['kind']; units: number }> };
  for (const row of result.rows) {
    let list = byProduct.get(row.product_id);
    if (list === undefined) byProduct.set(row.product_id, (list = []));
    list.push({ value: row.value, kind: row.kind, units: Number(row.units) });
  }
  return byProduct;
}

/**
 * Replaces the alternate identifiers of the organisation's products: `productIds[i]` gets
 * `identifiers[i]` (an empty list removes them all). Two statements whatever the number.
 */
export async function replaceIdentifiers(
  tx: Db,
  organizationId: string,
  productIds: readonly string[],
  identifiers: readonly (readonly ProductIdentifier[])[],
): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    DELETE FROM product_identifiers
    WHERE organization_id = ${organizationId}::uuid AND product_id = ANY(${arrayLiteral(productIds)}::uuid[])`);
  const ids: string[] = [];
  const positions: number[] = [];
  const values: string[] = [];
  const kinds: string[] = [];
  const units: number[] = [];
  productIds.forEach((id, i) => {
    identifiers[i]!.forEach((identifier, position) => {
      ids.push(id);
      positions.push(position);
      values.push(identifier.value);
      kinds.push(identifier.kind);
      units.push(identifier.units);
    });
  });
  if (ids.length === 0) return;
  await tx.execute(sql`
    INSERT INTO product_identifiers (organization_id, product_id, position, value, kind, units)
    SELECT ${organizationId}::uuid, p.id, f.position, f.value, f.kind, f.units
    FROM unnest(${arrayLiteral(ids)}::uuid[], ${arrayLiteral(positions)}::int4[], ${arrayLiteral(values)}::text[],
      ${arrayLiteral(kinds)}::text[], ${arrayLiteral(units)}::numeric(18,3)[]) AS f(product_id, position, value, kind, units)
    JOIN products AS p ON p.id = f.product_id AND p.organization_id = ${organizationId}::uuid`);
}

/** The ids of the organisation's products with these SKUs (case-insensitive), by lower-case SKU. */
export async function productIdsBySku(db: Db, organizationId: string, skus: readonly string[]): Promise<Map<string, string>> {
  const result = (await db.execute(sql`
    SELECT lower(sku) AS sku, id::text AS id FROM products
    WHERE organization_id = ${organizationId}::uuid AND lower(sku) = ANY(${arrayLiteral(skus.map((s) => s.toLowerCase()))}::text[])`)) as unknown as {
    rows: Array<{ sku: string; id: string }>;
  };
  return new Map(result.rows.map((r) => [r.sku, r.id]));
}
