/**
 * Billing SQL: the organisation's tier and its usage. Scoped by organization_id.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditCreations, organizations, products, stripeEvents, users } from '../../db/schema.js';

export async function organizationTier(db: Db, organizationId: string): Promise<string | null> {
  const [row] = await db.select({ tier: organizations.subscriptionTier }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.tier ?? null;
}

export async function countProducts(db: Db, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

/**
 * Audits that first ran at or after `since`, deleted ones included (audit_creations; the monthly
 * audit quota, DESIGN.md section 4, docs/decisions/0118).
 */
export async function countAuditsSince(db: Db, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditCreations)
    .where(and(eq(auditCreations.organizationId, organizationId), gte(auditCreations.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** The organisation's billing columns; undefined when it does not exist. */
export async function readBillingAccount(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      tier: organizations.subscriptionTier,
      stripeCustomerId: organizations.stripeCustomerId,
      stripeSubscriptionId: organizations.stripeSubscriptionId,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}
export type BillingAccount = NonNullable<Awaited<ReturnType<typeof readBillingAccount>>>;

/** The organisation whose provider customer is `customerId`; undefined for an unknown customer. */
export async function billingAccountOfCustomer(db: Db, customerId: string): Promise<BillingAccount | undefined> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.stripeCustomerId, customerId));
  return row ? readBillingAccount(db, row.id) : undefined;
}

/** Remembers the provider customer created for the organisation. */
export async function saveCustomerId(db: Db, organizationId: string, customerId: string): Promise<void> {
  await db.update(organizations).set({ stripeCustomerId: customerId }).where(eq(organizations.id, organizationId));
}

/** Sets the organisation's tier and the subscription it was read from (null on free). */
export async function saveTier(db: Db, organizationId: string, tier: string, subscriptionId: string | null): Promise<void> {
  await db.update(organizations).set({ subscriptionTier: tier, stripeSubscriptionId: subscriptionId }).where(eq(organizations.id, organizationId));
}

/**
 * Records a provider event as applied.
 * @returns false when the event id was applied before (a replay), true the first time.
 */
export async function recordProviderEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** True when the provider event `id` was applied already. */
export async function providerEventApplied(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/** The organisation of the account with `email` (trimmed, lower-cased); undefined when none. */
export async function organizationOfEmail(db: Db, email: string): Promise<{ organizationId: string; tier: string } | undefined> {
  const [row] = await db
    .select({ organizationId: users.organizationId, tier: organizations.subscriptionTier })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

/** Sets the organisation's tier only (the operator command). */
export async function saveTierOnly(db: Db, organizationId: string, tier: string): Promise<void> {
  await db.update(organizations).set({ subscriptionTier: tier }).where(eq(organizations.id, organizationId));
}
