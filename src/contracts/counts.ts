/**
 * Counting on the floor (DESIGN.md section 14; docs/decisions/0125): a counter's count session
 * on a draft or pending audit, its reads appended in batches and kept idempotent by the read ids
 * the counting device makes (UUIDv7), and the catalogue the count screen names reads with.
 */
import { z } from 'zod';
import { auditStatusSchema } from './audits.js';

/** Most reads one append call takes (a phone back online after a long shift sends several). */
export const MAX_READS_PER_BATCH = 5000;

/** Longest scan value kept (GS1 element strings stay well under it). */
export const MAX_SCAN_VALUE_LENGTH = 500;

/**
 * A count quantity on the wire: a decimal string of at most 3 places, at most 2,147,483,647 in
 * magnitude (DESIGN.md sections 2 and 5 rule 4). Negative for a correction ('-').
 */
export const countQuantitySchema = z
  .string()
  .regex(/^-?\d{1,10}(\.\d{1,3})?$/, 'a quantity is a number with at most 3 decimal places')
  .refine((q) => Math.abs(Number(q)) <= 2_147_483_647, 'a quantity is at most 2147483647');

const readIdSchema = z.uuid();

/** A scanned (or typed) value with its quantity; `location` is the label scanned before it. */
export const countReadInputSchema = z.object({
  id: readIdSchema,
  kind: z.literal('read'),
  value: z.string().min(1).max(MAX_SCAN_VALUE_LENGTH),
  quantity: countQuantitySchema,
  location: z.string().max(MAX_SCAN_VALUE_LENGTH).nullable().optional(),
  /** When the device made the read (ISO 8601). */
  readAt: z.iso.datetime({ offset: true }),
});

/** An undo: a read of its own that takes back the read `cancels` of the same session. */
export const countUndoInputSchema = z.object({
  id: readIdSchema,
  kind: z.literal('undo'),
  cancels: readIdSchema,
  readAt: z.iso.datetime({ offset: true }),
});

export const countReadSchema = z.discriminatedUnion('kind', [countReadInputSchema, countUndoInputSchema]);
export type CountRead = z.infer<typeof countReadSchema>;

/** `POST /api/count-sessions/{id}/reads`. */
export const appendReadsBodySchema = z.object({
  reads: z.array(countReadSchema).min(1).max(MAX_READS_PER_BATCH),
});
export type AppendReadsBody = z.infer<typeof appendReadsBodySchema>;

export const appendReadsResultSchema = z.object({
  /** Reads of the batch stored now. */
  stored: z.number().int(),
  /** Reads of the batch the session already held (a batch sent again): nothing changed for them. */
  alreadyStored: z.number().int(),
  /** The session's reads that count (undos and the reads they cancel left out). */
  readCount: z.number().int(),
});
export type AppendReadsResult = z.infer<typeof appendReadsResultSchema>;

/** A count session (`POST /api/audits/{id}/count-session`, `GET /api/count-sessions/{id}`). */
export const countSessionSchema = z.object({
  id: z.string(),
  auditId: z.string(),
  auditName: z.string(),
  auditStatus: auditStatusSchema,
  /** The scan file's team: the counter's name. */
  teamName: z.string(),
  /** Blind count: the screen shows no expected quantities (DESIGN.md section 14). */
  blind: z.boolean(),
  /** The session's reads that count. */
  readCount: z.number().int(),
  createdAt: z.string(),
});
export type CountSession = z.infer<typeof countSessionSchema>;

/** The session with every read it holds, undos included, in read order. */
export const countSessionReadsSchema = z.object({
  session: countSessionSchema,
  reads: z.array(countReadSchema),
});
export type CountSessionReads = z.infer<typeof countSessionReadsSchema>;

/**
 * The catalogue the count screen names reads with (`GET /api/audits/{id}/count-catalogue`),
 * kept by the browser for counting without signal. `expectedQuantity` is null in a blind count.
 */
export const countCatalogueItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  upc: z.string().nullable(),
  otherIdentifier: z.string().nullable(),
  name: z.string().nullable(),
  location: z.string().nullable(),
  inScope: z.boolean(),
  expectedQuantity: z.number().nullable(),
  /** More barcodes and aliases, each with the units one read counts (1, 24, 0.25); absent when none. */
  alternates: z.array(z.object({ value: z.string(), kind: z.enum(['barcode', 'alias']), units: z.number() })).optional(),
});
export type CountCatalogueItem = z.infer<typeof countCatalogueItemSchema>;

export const countCatalogueSchema = z.object({
  auditId: z.string(),
  blind: z.boolean(),
  products: z.array(countCatalogueItemSchema),
});
export type CountCatalogue = z.infer<typeof countCatalogueSchema>;
