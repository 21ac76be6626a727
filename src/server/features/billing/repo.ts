/**
 * Billing SQL: the organisation's tier and its usage. Scoped by organization_id.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { audits, organizations, products } from '../../db/schema.js';

export async function organizationTier(db: Db, organizationId: string): Promise<string | null> {
  const [row] = await db.select({ tier: organizations.subscriptionTier }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.tier ?? null;
}

export async function countProducts(db: Db, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/** Audits created at or after `since` (deleted ones are gone and do not count). */
export async function countAuditsSince(db: Db, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(audits)
    .where(and(eq(audits.organizationId, organizationId), gte(audits.createdAt, since)));
  return Number(row?.n ?? 0);
}
