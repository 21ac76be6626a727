/**
 * Misplaced stock SQL (DESIGN.md section 13; src/domain/misplaced-stock.ts has the rules): an
 * audit's Not Expected lines, the organisation's completed audits scoped by location, and a home
 * audit's Below and Zero Sheet lines of given products. Every statement is scoped by
 * organization_id.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditResultLines, audits } from '../../db/schema.js';
import type { NotExpectedLine } from '../../../domain/misplaced-stock.js';
import { arrayLiteral } from '../products/pg-array.js';

/** The audit's Not Expected lines (products outside its scope), in result order. */
export async function readNotExpectedLines(db: Db, organizationId: string, auditId: string): Promise<NotExpectedLine[]> {
  const t = auditResultLines;
  return db
    .select({ productId: t.productId, sku: t.sku, productName: t.productName, location: t.location, scannedQuantity: t.scannedQuantity })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.auditId, auditId), eq(t.category, 'scannedNotExpected')))
    .orderBy(asc(t.position));
}

/** A completed product audit whose filter has a `location equals` condition. */
export interface LocationAuditRow {
  id: string;
  name: string;
  completedAt: Date | null;
  filterExpression: unknown;
}

/**
 * The organisation's completed product audits with a `location equals` condition, latest first
 * (completion time, then id), except `exceptId`. Recounts have no filter, so never appear.
 */
export async function listLocationAudits(db: Db, organizationId: string, exceptId: string): Promise<LocationAuditRow[]> {
  return db
    .select({ id: audits.id, name: audits.name, completedAt: audits.completedAt, filterExpression: audits.filterExpression })
    .from(audits)
    .where(
      and(
        eq(audits.organizationId, organizationId),
        eq(audits.status, 'complete'),
        eq(audits.auditType, 'product-audit'),
        ne(audits.id, exceptId),
        sql`${audits.filterExpression} @> '{"conditions":[{"field":"location","operator":"equals"}]}'::jsonb`,
      ),
    )
    .orderBy(sql`${audits.completedAt} desc nulls last`, desc(audits.id));
}

/** The Below and Zero Sheet lines of `productIds` in the audit `auditId` (final figures). */
export async function readShortLines(
  db: Db,
  organizationId: string,
  auditId: string,
  productIds: readonly string[],
): Promise<Array<{ productId: string | null; category: string; difference: number | null }>> {
  if (productIds.length === 0) return [];
  const t = auditResultLines;
  return db
    .select({ productId: t.productId, category: t.category, difference: t.difference })
    .from(t)
    .where(
      and(
        eq(t.organizationId, organizationId),
        eq(t.auditId, auditId),
        sql`${t.category} in ('quantityBelow', 'zeroSheetItems')`,
        // One array parameter: a home location may hold more products than a statement has parameters.
        sql`${t.productId} = any(${arrayLiteral(productIds)}::uuid[])`,
      ),
    );
}
