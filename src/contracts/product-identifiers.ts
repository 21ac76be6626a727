import { z } from 'zod';
import { enteredQuantitySchema } from './quantity.js';

/**
 * A product's alternate identifier (DESIGN.md section 5 rule 1, "Identifiers"): a barcode (a
 * second supplier's EAN, a case or pack barcode) matched with the UPC, or an alias matched with
 * the other identifier; `units` is what one read counts (1, 24 for a case of 24, 0.25 for a
 * 250 g pack of a product counted in kg), a quantity > 0 of at most 3 decimals.
 */
export const IDENTIFIER_KINDS = ['barcode', 'alias'] as const;
export const identifierKindSchema = z.enum(IDENTIFIER_KINDS);
export type IdentifierKind = z.infer<typeof identifierKindSchema>;

export const productIdentifierSchema = z.object({
  value: z.string().trim().min(1, 'An identifier needs a value').max(200),
  kind: identifierKindSchema,
  units: enteredQuantitySchema.refine((units) => units > 0, { message: 'Units per read must be more than 0' }),
});
export type ProductIdentifier = z.infer<typeof productIdentifierSchema>;

/** Most alternate identifiers one product keeps. */
export const MAX_PRODUCT_IDENTIFIERS = 100;

export const productIdentifiersSchema = z.array(productIdentifierSchema).max(MAX_PRODUCT_IDENTIFIERS);
