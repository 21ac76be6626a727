/**
 * Repeated reads SQL (DESIGN.md section 5 rule 1): a serialised item read again after its first
 * read, stored with the audit's results in `audit_repeated_reads` and read back for the results
 * screen and the exports, in reading order.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditRepeatedReads } from '../../db/schema.js';
import type { RepeatedRead } from '../../../contracts/results.js';

/** Rows per INSERT statement (11 parameters each, well under PostgreSQL's 65,535). */
const ROWS_PER_INSERT = 1000;

/** Replaces the audit's repeated reads with `reads` (in order). Call inside the results' transaction. */
export async function storeRepeatedReads(tx: Db, auditId: string, reads: readonly RepeatedRead[]): Promise<void> {
  await tx.delete(auditRepeatedReads).where(eq(auditRepeatedReads.auditId, auditId));
  for (let start = 0; start < reads.length; start += ROWS_PER_INSERT) {
    await tx.insert(auditRepeatedReads).values(reads.slice(start, start + ROWS_PER_INSERT).map((read, i) => ({ auditId, position: start + i, ...read })));
  }
}

/**
 * The audit's repeated reads in reading order (file, then line), the first `limit` of them
 * (all without a limit), and how many there are in all.
 */
export async function readRepeatedReads(db: Db, auditId: string, limit?: number): Promise<{ reads: RepeatedRead[]; total: number }> {
  const query = db
    .select({
      fileName: auditRepeatedReads.fileName,
      line: auditRepeatedReads.line,
      scanValue: auditRepeatedReads.scanValue,
      sku: auditRepeatedReads.sku,
      productName: auditRepeatedReads.productName,
      gtin: auditRepeatedReads.gtin,
      serial: auditRepeatedReads.serial,
      firstFileName: auditRepeatedReads.firstFileName,
      firstLine: auditRepeatedReads.firstLine,
    })
    .from(auditRepeatedReads)
    .where(eq(auditRepeatedReads.auditId, auditId))
    .orderBy(asc(auditRepeatedReads.position));
  const reads = await (limit === undefined ? query : query.limit(limit));
  if (limit === undefined || reads.length < limit) return { reads, total: reads.length };
  const [row] = await db.select({ n: count() }).from(auditRepeatedReads).where(eq(auditRepeatedReads.auditId, auditId));
  return { reads, total: row?.n ?? reads.length };
}
