/**
 * Misplaced stock (DESIGN.md section 13 "Misplaced stock"): the answer of
 * `GET /api/audits/{id}/misplaced-stock` and the rows of the exports' 'Misplaced Stock' part.
 *
 * In a product audit scoped by location (its filter keeps one location, `locationScopeOf` in
 * src/domain/misplaced-stock.ts), a product counted there whose catalogue location is another
 * one is 'found in A, belongs in B'. Where the latest completed audit of B shows that product
 * short (Below or Zero Sheet), the pair is a proposed move of min(found in A, short in B) units.
 * Quantities are units (decimals of at most 3 places); times are ISO 8601 strings.
 */
import { z } from 'zod';
import { quantitySchema } from './quantity.js';

/** The audit of the home location that was read for shortages. */
export const homeAuditSchema = z.object({
  id: z.string(),
  name: z.string(),
  completedAt: z.string().nullable(),
});
export type HomeAudit = z.infer<typeof homeAuditSchema>;

/** One product found in the audited location whose home is another. */
export const misplacedItemSchema = z.object({
  productId: z.string().nullable(),
  sku: z.string(),
  productName: z.string().nullable(),
  /** The audited location (A), as the audit's filter names it. */
  foundIn: z.string(),
  /** Units counted in A. */
  foundQuantity: quantitySchema,
  /** The product's catalogue location (B) when the audit ran. */
  belongsIn: z.string(),
  /** The latest completed audit of B in the organisation; null when B has none. */
  homeAudit: homeAuditSchema.nullable(),
  /** How B's audit shows the product short: its Below or Zero Sheet line; null when not short. */
  homeCategory: z.enum(['quantityBelow', 'zeroSheetItems']).nullable(),
  /** Units short in B (expected - counted, > 0); null when not short. */
  shortInHome: quantitySchema.nullable(),
  /** The proposed move, min(foundQuantity, shortInHome); null when no move is proposed. */
  moveQuantity: quantitySchema.nullable(),
});
export type MisplacedItem = z.infer<typeof misplacedItemSchema>;

/** `GET /api/audits/{id}/misplaced-stock`. */
export const misplacedStockSchema = z.object({
  /** The location the audit is scoped to; null when it is not scoped to one location (no items then). */
  location: z.string().nullable(),
  /** In the audit's order of Not Expected lines (by SKU). */
  items: z.array(misplacedItemSchema),
  /** Items with a proposed move, and the units those moves carry. */
  moves: z.number().int(),
  unitsToMove: quantitySchema,
});
export type MisplacedStock = z.infer<typeof misplacedStockSchema>;
