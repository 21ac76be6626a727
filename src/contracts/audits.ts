/**
 * Audit calls (spec part 1 sections 3, 7; DESIGN.md sections 2, 5).
 */
import { z } from 'zod';
import { auditModeSchema, auditTypeSchema } from './results.js';

export const auditStatusSchema = z.enum(['draft', 'pending', 'processing', 'complete', 'error']);
export type AuditStatus = z.infer<typeof auditStatusSchema>;

export const scanFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  teamName: z.string().nullable(),
  scannerId: z.string().nullable(),
  scanColumn: z.string(),
  quantityColumn: z.string().nullable(),
  rowCount: z.number().int(),
  totalItems: z.number().int(),
  matchRate: z.number().nullable(),
  position: z.number().int(),
});
export type ScanFile = z.infer<typeof scanFileSchema>;

export const auditSchema = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string().nullable(),
  description: z.string().nullable(),
  auditType: auditTypeSchema,
  mode: auditModeSchema,
  status: auditStatusSchema,
  /** Why processing failed (status error). */
  errorMessage: z.string().nullable(),
  filterExpression: z.unknown().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  userId: z.string(),
  /** 0-100 while processing, 100 when complete. */
  progress: z.number().int(),
  itemsScanned: z.number().int().nullable(),
  productsMatched: z.number().int().nullable(),
  totalScannedProducts: z.number().int().nullable(),
  quantityOff: z.number().int().nullable(),
  productsNotMatched: z.number().int().nullable(),
  matchRate: z.number().nullable(),
  scanFiles: z.array(scanFileSchema),
});
export type Audit = z.infer<typeof auditSchema>;

/** `POST /api/audits` body (cycle count; spec part 1 section 7). */
export const createAuditBodySchema = z.object({
  name: z.string().trim().min(1, 'Audit name is required').max(200),
  section: z.string().trim().max(200).optional().nullable(),
  description: z.string().trim().max(2000).optional().nullable(),
  auditType: auditTypeSchema.optional().default('cycle-count'),
  mode: auditModeSchema.optional().default('standard'),
});
export type CreateAuditBody = z.infer<typeof createAuditBodySchema>;

/** `POST /api/audits/{id}/upload-multiple` answer. */
export const processResultSchema = z.object({
  audit: auditSchema,
  counts: z.record(z.string(), z.number().int()),
  totalScanned: z.number().int(),
  matchRate: z.number(),
  processingTime: z.number(),
});
export type ProcessResult = z.infer<typeof processResultSchema>;
