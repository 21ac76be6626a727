/**
 * Approve and apply (DESIGN.md section 13): an audit's final counts written into current stock,
 * each change a stock adjustment that the product's history shows, reversed by one action.
 * Quantities are numbers of at most 3 decimal places (DESIGN.md section 2).
 */
import { z } from 'zod';

/** Why a product's stock changed: a counted line applied, a zero-sheet line set to 0, or an application reversed. */
export const stockAdjustmentReasonSchema = z.enum(['audit-applied', 'zero-sheet', 'application-reversed']);
export type StockAdjustmentReason = z.infer<typeof stockAdjustmentReasonSchema>;

/** One application of an audit's counts. reversedAt/reversedByName: null while it stands. */
export const auditApplicationSchema = z.object({
  id: z.string(),
  auditId: z.string(),
  appliedAt: z.string(),
  appliedByName: z.string(),
  /** Whether never-counted in-scope products (the zero sheet) were set to 0. */
  zeroSheet: z.boolean(),
  reversedAt: z.string().nullable(),
  reversedByName: z.string().nullable(),
  /** Products whose stock the application changed (difference != 0). */
  changedProducts: z.number().int(),
  /** Products counted whose stock already matched (a 0 adjustment, proof of the count). */
  unchangedProducts: z.number().int(),
});
export type AuditApplication = z.infer<typeof auditApplicationSchema>;

/**
 * A product whose current stock is not what the action expects: for an apply, stock changed since
 * the audit's snapshot; for a reversal, stock moved since the application. Confirm (set it
 * anyway) or skip (leave it) before the action runs.
 */
export const stockConflictSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  productName: z.string().nullable(),
  /** What the stock was expected to be (the snapshot, or the applied figure when reversing). */
  expectedQuantity: z.number(),
  currentQuantity: z.number(),
  /** What the action would set. */
  targetQuantity: z.number(),
  /** A zero-sheet line (set to 0 only with the zero-sheet choice). */
  zeroSheet: z.boolean(),
});
export type StockConflict = z.infer<typeof stockConflictSchema>;

/** The most conflicts one answer lists; `conflictCount` gives the total. */
export const MAX_LISTED_CONFLICTS = 1000;

/**
 * `GET /api/audits/{id}/application`: where the audit stands with the books. `applied` is the
 * standing application (null when none); `history` every application, newest first; `next` what
 * the next action (apply, or reverse the standing one) would do right now.
 */
export const applicationStateSchema = z.object({
  auditId: z.string(),
  /** Whether the audit can be applied (complete). */
  applicable: z.boolean(),
  applied: auditApplicationSchema.nullable(),
  history: z.array(auditApplicationSchema),
  next: z.object({
    action: z.enum(['apply', 'reverse']),
    /** Counted in-scope products (apply) or the application's changes (reverse). */
    countedProducts: z.number().int(),
    /** Of those, how many would change stock now. */
    changes: z.number().int(),
    /** Never-counted in-scope products with stock (the zero sheet); 0 for a reversal. */
    zeroSheetProducts: z.number().int(),
    /** Products whose files disagree (cross-validation): not applied until recounted. */
    unsettledProducts: z.number().int(),
    /** The zero-sheet choice offered by default (on for a cycle count). */
    zeroSheetDefault: z.boolean(),
    conflictCount: z.number().int(),
    conflicts: z.array(stockConflictSchema),
  }),
});
export type ApplicationState = z.infer<typeof applicationStateSchema>;

const productIdsSchema = z.array(z.string().uuid()).max(100_000).default([]);

/**
 * `POST /api/audits/{id}/apply` (owner, admin). zeroSheet: set never-counted in-scope products to
 * 0 (default: on for a cycle count, off for a product audit). confirmed / skipped: the conflicts'
 * product ids, set anyway / left as they are. A conflict in neither list answers 409
 * STOCK_CHANGED with the conflicts in `details`. An audit already applied answers its standing
 * application with `alreadyApplied: true` and changes nothing.
 */
export const applyAuditBodySchema = z.object({
  zeroSheet: z.boolean().optional(),
  confirmed: productIdsSchema,
  skipped: productIdsSchema,
});
export type ApplyAuditBody = z.infer<typeof applyAuditBodySchema>;

/**
 * `POST /api/audits/{id}/apply/reverse` (owner, admin): writes the reverse adjustments of the
 * application `applicationId`. Conflicts (stock moved since the application) as for apply. An
 * application already reversed answers it with `alreadyDone: true` and changes nothing.
 */
export const reverseApplicationBodySchema = z.object({
  applicationId: z.string().uuid(),
  confirmed: productIdsSchema,
  skipped: productIdsSchema,
});
export type ReverseApplicationBody = z.infer<typeof reverseApplicationBodySchema>;

/** Answer of apply and reverse. adjusted: stock rows changed; skipped: conflicts left alone. */
export const applicationResultSchema = z.object({
  application: auditApplicationSchema,
  alreadyDone: z.boolean(),
  adjusted: z.number().int(),
  skipped: z.number().int(),
});
export type ApplicationResult = z.infer<typeof applicationResultSchema>;

export const stockAdjustmentSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  reason: stockAdjustmentReasonSchema,
  quantityBefore: z.number(),
  quantityAfter: z.number(),
  difference: z.number(),
  /** The audit (null once deleted; auditName keeps its name). */
  auditId: z.string().nullable(),
  auditName: z.string().nullable(),
  applicationId: z.string().nullable(),
  userName: z.string(),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** `GET /api/products/{id}/history`: the product's stock adjustments, newest first (at most 500). */
export const productHistorySchema = z.object({
  product: z.object({ id: z.string(), sku: z.string(), name: z.string().nullable(), currentQuantity: z.number() }),
  adjustments: z.array(stockAdjustmentSchema),
});
export type ProductHistory = z.infer<typeof productHistorySchema>;

/**
 * Back to the books (DESIGN.md section 13): the final counts as a file the shop or ERP system
 * imports. shopify: Shopify's inventory CSV (On hand (new) per location row); woocommerce:
 * WooCommerce's product CSV (ID, Type, SKU, Name, In stock?, Stock); square: Square's item library
 * (New Quantity per location); odoo: Odoo's physical inventory (stock.quant) import; csv: SKU and
 * Quantity for anything else.
 */
export const booksFormatSchema = z.enum(['shopify', 'woocommerce', 'square', 'odoo', 'csv']);
export type BooksFormat = z.infer<typeof booksFormatSchema>;

/**
 * `GET /api/audits/{id}/export-books` query. zeroSheet: write never-counted in-scope products as
 * 0 (default: on for a cycle count). location: the location named where a product has none.
 */
export const booksExportQuerySchema = z.object({
  format: booksFormatSchema,
  zeroSheet: z.enum(['true', 'false']).optional(),
  location: z.string().trim().min(1).max(200).optional(),
});
export type BooksExportQuery = z.infer<typeof booksExportQuerySchema>;

/** `GET /api/audits/{id}/export-books/options`: the format preselected (from the layout recognised at the last catalogue import). */
export const booksOptionsSchema = z.object({
  format: booksFormatSchema,
  /** The layout recognised at the organisation's last catalogue import, or null. */
  layout: z.string().nullable(),
  zeroSheetDefault: z.boolean(),
});
export type BooksOptions = z.infer<typeof booksOptionsSchema>;
