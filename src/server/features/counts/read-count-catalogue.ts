/**
 * `GET /api/audits/{id}/count-catalogue` (DESIGN.md section 14): the organisation's products as
 * the count screen names reads with them, kept by the browser so that names show without signal.
 * `inScope` says whether a product belongs to the audit (every product of a cycle count, the
 * filter's products of a product audit); in a blind count the expected quantities are left out
 * (null), not merely hidden. Alternate identifiers come with their units, so that a case barcode
 * counts its units on the screen as the engine counts them.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { CountCatalogue, CountCatalogueItem } from '../../../contracts/counts.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import { isBlindCount } from '../../../domain/blind-count.js';
import type { Db } from '../../db/client.js';
import { productIdentifiers, products } from '../../db/schema.js';
import { filterSql } from '../audits/filter-sql.js';
import type { AuditRow } from '../audits/repo.js';

/** Answers the catalogue for counting `audit`, ordered by location then SKU. */
export async function readCountCatalogue(opts: { db: Db; user: CurrentUser; audit: AuditRow }): Promise<CountCatalogue> {
  const { db, user, audit } = opts;
  const blind = isBlindCount(audit.countBlind, user.role);
  const filter = audit.auditType === 'product-audit' ? (audit.filterExpression as FilterExpression | null) : null;
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      upc: products.upc,
      otherIdentifier: products.otherIdentifier,
      name: products.name,
      location: products.location,
      currentQuantity: products.currentQuantity,
      inScope: filter ? sql<boolean>`${filterSql(filter)}` : sql<boolean>`true`,
    })
    .from(products)
    .where(eq(products.organizationId, audit.organizationId))
    .orderBy(asc(products.location), asc(products.sku));
  const identifiers = await db
    .select({ productId: productIdentifiers.productId, value: productIdentifiers.value, kind: productIdentifiers.kind, units: productIdentifiers.units })
    .from(productIdentifiers)
    .where(eq(productIdentifiers.organizationId, audit.organizationId))
    .orderBy(asc(productIdentifiers.productId), asc(productIdentifiers.position));
  const alternates = new Map<string, NonNullable<CountCatalogueItem['alternates']>>();
  for (const { productId, value, kind, units } of identifiers) {
    const list = alternates.get(productId) ?? [];
    list.push({ value, kind: kind === 'alias' ? 'alias' : 'barcode', units: Number(units) });
    alternates.set(productId, list);
  }
  return {
    auditId: audit.id,
    blind,
    products: rows.map(({ currentQuantity, inScope, ...p }) => ({
      ...p,
      inScope: Boolean(inScope),
      expectedQuantity: blind ? null : Number(currentQuantity),
      ...(alternates.has(p.id) ? { alternates: alternates.get(p.id)! } : {}),
    })),
  };
}
