/**
 * Misplaced stock (DESIGN.md section 13 "Misplaced stock"; contracts/misplaced-stock.ts): which
 * products a location's audit found that belong elsewhere, and the moves that would settle them.
 *
 * The engine already names such a product: a scanned product outside the audit's scope is a
 * `scannedNotExpected` line carrying its catalogue location (DESIGN.md section 5 rule 4). This
 * module reads those lines when the audit is scoped to one location:
 * - `locationScopeOf(filter)`: the one location a product audit's filter keeps, or null.
 * - `foundElsewhere(location, lines)`: the Not Expected lines whose home is another location
 *   ('found in A, belongs in B'); a product without a location, or whose location is A itself
 *   (left out by another condition of the filter), is not misplaced.
 * - `proposeMoves(location, found, homeOf)`: each found product with B's latest audit and, where
 *   that audit shows it short (a Below or Zero Sheet line), the move of min(found in A, short in
 *   B) units. Nothing is proposed for a count of 0 or less in A.
 * Locations compare as the filter compares text (`foldFilterText`: trimmed, NFC, case-folded).
 * Pure: same inputs, same answer. Quantities are units with at most 3 decimals; sums are exact.
 */
import { filterExpressionSchema, type FilterExpression } from '../contracts/filters.js';
import type { HomeAudit, MisplacedItem, MisplacedStock } from '../contracts/misplaced-stock.js';
import { foldFilterText } from './filters.js';
import { formatQuantity, fromThousandths, THOUSANDTHS } from './quantity-thousandths.js';

/**
 * The location a product audit's filter confines it to: the value of its `location equals`
 * condition(s) when every product in scope must have that location (under AND, any number of
 * such conditions naming the same location, beside any other conditions; under OR, only such
 * conditions). Null for any other filter (no location, two different locations, `contains`,
 * an OR with another field) and for no filter (a cycle count, a recount's product list).
 * The value is answered trimmed, as the first such condition writes it.
 */
export function locationScopeOf(filter: FilterExpression | null | undefined): string | null {
  if (!filter || filter.conditions.length === 0) return null;
  const isLocation = (c: FilterExpression['conditions'][number]) => c.field === 'location' && c.operator === 'equals';
  const locations = filter.conditions.filter(isLocation);
  if (locations.length === 0) return null;
  if (filter.logic === 'OR' && locations.length !== filter.conditions.length) return null;
  const key = foldFilterText(locations[0]!.value);
  if (key === '' || locations.some((c) => foldFilterText(c.value) !== key)) return null;
  return locations[0]!.value.trim();
}

/**
 * The location an audit is scoped to: `locationScopeOf` of a product audit's stored filter (any
 * JSON, validated here); null for a cycle count, an audit without a filter or an unreadable one.
 */
export function auditLocationScope(audit: { auditType: string; filterExpression: unknown }): string | null {
  if (audit.auditType !== 'product-audit') return null;
  const parsed = filterExpressionSchema.safeParse(audit.filterExpression);
  return parsed.success ? locationScopeOf(parsed.data) : null;
}

/** The key two locations compare by (`foldFilterText`); '' for none. */
export function locationKey(location: string | null | undefined): string {
  return foldFilterText(location);
}

/** What a Not Expected line of the audit says about the product (contracts/results.ts ResultItem). */
export interface NotExpectedLine {
  productId: string | null;
  sku: string;
  productName: string | null;
  /** The product's catalogue location when the audit ran. */
  location: string | null;
  scannedQuantity: number;
}

/** A product found in the audited location whose home is another (`belongsIn`, trimmed). */
export interface FoundElsewhere extends NotExpectedLine {
  belongsIn: string;
}

/** The Not Expected lines of an audit of `location` that belong in another location, in their order. */
export function foundElsewhere(location: string, lines: Iterable<NotExpectedLine>): FoundElsewhere[] {
  const here = locationKey(location);
  const found: FoundElsewhere[] = [];
  for (const line of lines) {
    const home = locationKey(line.location);
    if (home === '' || home === here) continue;
    found.push({ ...line, belongsIn: line.location!.trim() });
  }
  return found;
}

/** How the home location's audit shows a product short: units short (> 0) and its category. */
export interface HomeShortage {
  quantity: number;
  category: 'quantityBelow' | 'zeroSheetItems';
}

/** The latest completed audit of a home location, with its shortages by product id. */
export interface HomeAuditShortages {
  audit: HomeAudit;
  shortages: ReadonlyMap<string, HomeShortage>;
}

/**
 * The shortage a Below or Zero Sheet line means: expected - counted when that is above 0, else
 * null (a Zero Sheet line of negative stock is not short). `difference` is counted - expected.
 */
export function shortageOf(category: string, difference: number | null): HomeShortage | null {
  if (category !== 'quantityBelow' && category !== 'zeroSheetItems') return null;
  if (difference === null || !(difference < 0)) return null;
  return { quantity: -difference, category };
}

/**
 * The misplaced items of an audit of `location`: `found` (from `foundElsewhere`) each with its
 * home's latest audit (`homeOf(locationKey(belongsIn))`, undefined when the home has none) and
 * the proposed move where that audit shows the product short. Totals: items with a move and the
 * units they move (exact).
 */
export function proposeMoves(
  location: string,
  found: readonly FoundElsewhere[],
  homeOf: (key: string) => HomeAuditShortages | undefined,
): MisplacedStock {
  let moves = 0;
  let thousandths = 0;
  const items = found.map((line): MisplacedItem => {
    const home = homeOf(locationKey(line.belongsIn));
    const shortage = home && line.productId !== null ? (home.shortages.get(line.productId) ?? null) : null;
    const moveQuantity = shortage !== null && line.scannedQuantity > 0 ? Math.min(line.scannedQuantity, shortage.quantity) : null;
    if (moveQuantity !== null) {
      moves++;
      thousandths += Math.round(moveQuantity * THOUSANDTHS);
    }
    return {
      productId: line.productId,
      sku: line.sku,
      productName: line.productName,
      foundIn: location,
      foundQuantity: line.scannedQuantity,
      belongsIn: line.belongsIn,
      homeAudit: home?.audit ?? null,
      homeCategory: shortage?.category ?? null,
      shortInHome: shortage?.quantity ?? null,
      moveQuantity,
    };
  });
  return { location, items, moves, unitsToMove: fromThousandths(thousandths) };
}

/** 'found in A, belongs in B' (DESIGN.md section 13), as the results and the exports write it. */
export function misplacedText(item: Pick<MisplacedItem, 'foundIn' | 'belongsIn'>): string {
  return `found in ${item.foundIn}, belongs in ${item.belongsIn}`;
}

/** 'Move N from A to B' for an item with a proposed move; null without one. */
export function moveText(item: Pick<MisplacedItem, 'foundIn' | 'belongsIn' | 'moveQuantity'>): string | null {
  if (item.moveQuantity === null) return null;
  return `Move ${formatQuantity(item.moveQuantity)} from ${item.foundIn} to ${item.belongsIn}`;
}

/**
 * Why no move is proposed for an item, in words: B has no completed audit, or B's audit does not
 * show the product short, or nothing (a count of 0 or less) was found in A. Null when a move is proposed.
 */
export function noMoveReason(item: MisplacedItem): string | null {
  if (item.moveQuantity !== null) return null;
  if (item.homeAudit === null) return `No completed audit of ${item.belongsIn}`;
  if (item.shortInHome === null) return `Not short in ${item.homeAudit.name}`;
  return `Nothing counted in ${item.foundIn} to move`;
}
