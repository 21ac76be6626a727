/**
 * Dashboard calls (spec part 1 sections 2 "Dashboard", 3 "User stats" and "Results summary", 7).
 * Figures cover the signed-in user's organisation.
 */
import { z } from 'zod';
import { quantitySchema } from './quantity.js';

/**
 * `GET /api/user/stats`. activeAudits: status other than complete. avgAccuracy: mean over
 * complete audits of their accuracy (in-scope products counted correctly / counted, DESIGN.md
 * section 5 step 6) as a percentage 0-100 with one decimal; 0 when no complete audit has one.
 */
export const userStatsSchema = z.object({
  totalAudits: z.number().int(),
  activeAudits: z.number().int(),
  completedAudits: z.number().int(),
  avgAccuracy: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * One entry of `GET /api/results-summaries` (complete audits, newest first). itemsScanned in
 * units; the other three count result lines: quantityDiscrepancies = above + below + cross-file,
 * missingItems = zero sheet, unrecognizedItems = not found.
 */
export const auditResultsSummarySchema = z.object({
  auditId: z.string(),
  itemsScanned: quantitySchema,
  quantityDiscrepancies: z.number().int(),
  missingItems: z.number().int(),
  unrecognizedItems: z.number().int(),
  section: z.string().nullable(),
});
export type AuditResultsSummary = z.infer<typeof auditResultsSummarySchema>;
export const auditResultsSummariesSchema = z.array(auditResultsSummarySchema);
