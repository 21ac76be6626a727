import { z } from 'zod';
import { enteredQuantitySchema } from './quantity.js';

/**
 * Unknown barcodes (DESIGN.md section 13; issue 27 item 3): one list across the organisation's
 * complete audits of the values that matched no product ('not found' with the usual reason), one
 * row per match key (digit codes as GTIN-14, text case-folded; section 5 rule 4), shown in its
 * latest spelling. Quantities are units as scanned (sums of the rows' quantities).
 */
export const unknownBarcodeAuditSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO time the audit completed. */
  completedAt: z.string().nullable(),
  /** Units of the value scanned in this audit. */
  units: z.number(),
  /** Whether its scan files were kept, so that a mapping recomputes it (docs/decisions/0138). */
  canRecompute: z.boolean(),
  recomputeState: z.enum(['queued', 'running']).nullable(),
});
export type UnknownBarcodeAudit = z.infer<typeof unknownBarcodeAuditSchema>;

export const unknownBarcodeSchema = z.object({
  /** The match key (GTIN-14 for digit codes, else lower case). */
  key: z.string(),
  /** The value as last scanned. */
  value: z.string(),
  /** Units scanned over all its audits. */
  units: z.number(),
  /** How many scan files it was read in, over all its audits. */
  scanFiles: z.number().int(),
  /** The audits it was not found in, latest first (at most 20; `auditCount` is all of them). */
  audits: z.array(unknownBarcodeAuditSchema),
  auditCount: z.number().int(),
  /** ISO times of the first and the latest audit it was found in (their completion). */
  firstSeen: z.string().nullable(),
  lastSeen: z.string().nullable(),
});
export type UnknownBarcode = z.infer<typeof unknownBarcodeSchema>;

export const UNKNOWN_BARCODES_PAGE_SIZE = 50;

export const unknownBarcodeListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type UnknownBarcodeListQuery = z.infer<typeof unknownBarcodeListQuerySchema>;

export const unknownBarcodePageSchema = z.object({
  items: z.array(unknownBarcodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type UnknownBarcodePage = z.infer<typeof unknownBarcodePageSchema>;

/** `POST /api/unknown-barcodes/map`: the value becomes an identifier of the product, counting `units` per read. */
export const mapUnknownBarcodeBodySchema = z.object({
  value: z.string().trim().min(1, 'Give the scanned value').max(200),
  productId: z.string().min(1, 'Choose a product'),
  units: enteredQuantitySchema.refine((units) => units > 0, { message: 'Units per read must be more than 0' }).default(1),
});
export type MapUnknownBarcodeBody = z.infer<typeof mapUnknownBarcodeBodySchema>;

/** `POST /api/unknown-barcodes/recompute`: recompute the audits the value was not found in (after a product was made from it). */
export const recomputeUnknownBarcodeBodySchema = z.object({
  value: z.string().trim().min(1, 'Give the scanned value').max(200),
});

/** What a mapping or a recompute request answers: the audits and what happens to each. */
export const unknownBarcodeActionSchema = z.object({
  key: z.string(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string().nullable() }).nullable(),
  audits: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** 'queued': it will be recomputed; 'not-kept': its scan files were not kept, it cannot be. */
      recompute: z.enum(['queued', 'not-kept']),
    }),
  ),
});
export type UnknownBarcodeAction = z.infer<typeof unknownBarcodeActionSchema>;
