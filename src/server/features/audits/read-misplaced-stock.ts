/**
 * Reading an audit's misplaced stock (DESIGN.md section 13 "Misplaced stock";
 * contracts/misplaced-stock.ts; the rules in src/domain/misplaced-stock.ts): for a completed
 * product audit scoped to location A, its Not Expected products whose catalogue location is
 * another location B, each with B's latest completed audit in the organisation and, where that
 * audit shows the product short, the move 'Move N from A to B'.
 *
 * Worked out when asked, not stored: a home audit completed after this one still proposes its
 * moves, and a recount of B (which changes B's final figures) is taken into account
 * (docs/decisions/0140).
 */
import type { Db } from '../../db/client.js';
import type { MisplacedStock } from '../../../contracts/misplaced-stock.js';
import {
  auditLocationScope,
  foundElsewhere,
  locationKey,
  proposeMoves,
  shortageOf,
  type FoundElsewhere,
  type HomeAuditShortages,
  type HomeShortage,
} from '../../../domain/misplaced-stock.js';
import { AppError } from '../../errors.js';
import type { AuditRow } from './repo.js';
import { listLocationAudits, readNotExpectedLines, readShortLines } from './misplaced-stock-repo.js';

/**
 * The misplaced stock of `audit` (any audit of the caller's organisation). An audit that is not
 * scoped to one location answers `location` null and no items.
 *
 * @throws AppError 409 AUDIT_NOT_COMPLETE when the audit has no results yet.
 */
export async function readMisplacedStock(db: Db, audit: AuditRow): Promise<MisplacedStock> {
  if (audit.status !== 'complete') throw new AppError('AUDIT_NOT_COMPLETE', 'Only a finished audit has misplaced stock to show.', 409);
  const location = auditLocationScope(audit);
  if (location === null) return { location: null, items: [], moves: 0, unitsToMove: 0 };
  const found = foundElsewhere(location, await readNotExpectedLines(db, audit.organizationId, audit.id));
  const homes = await homeAudits(db, audit, found);
  return proposeMoves(location, found, (key) => homes.get(key));
}

/** For each home location of `found`, its latest completed audit and the shortages it shows of those products. */
async function homeAudits(db: Db, audit: AuditRow, found: readonly FoundElsewhere[]): Promise<Map<string, HomeAuditShortages>> {
  const productsByHome = new Map<string, string[]>();
  for (const item of found) {
    const key = locationKey(item.belongsIn);
    const ids = productsByHome.get(key) ?? [];
    if (item.productId !== null) ids.push(item.productId);
    productsByHome.set(key, ids);
  }
  const homes = new Map<string, HomeAuditShortages>();
  if (productsByHome.size === 0) return homes;
  for (const row of await listLocationAudits(db, audit.organizationId, audit.id)) {
    const key = locationKey(auditLocationScope({ auditType: 'product-audit', filterExpression: row.filterExpression }));
    const productIds = productsByHome.get(key);
    if (productIds === undefined || homes.has(key)) continue;
    const shortages = new Map<string, HomeShortage>();
    for (const line of await readShortLines(db, audit.organizationId, row.id, productIds)) {
      const shortage = shortageOf(line.category, line.difference);
      if (shortage !== null && line.productId !== null) shortages.set(line.productId, shortage);
    }
    homes.set(key, { audit: { id: row.id, name: row.name, completedAt: row.completedAt?.toISOString() ?? null }, shortages });
    if (homes.size === productsByHome.size) break;
  }
  return homes;
}
