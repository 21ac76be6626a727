/**
 * Reading every line of an audit's category for the exports (spec part 1 section 7
 * `GET /api/audits/{id}/export`, `/export-xlsx`; DESIGN.md section 7), from
 * `audit_result_lines` and `audit_not_found_lines` (docs/decisions/0065, 0075), a page at a time
 * in position order, keyed by position (never OFFSET).
 *
 * Each page is one JSON text made by the database: an array of rows, each an array of the
 * fields a report needs (docs/decisions/0078). The drivers then decode one field per page
 * instead of twenty per row, which was most of an export's time on PGlite.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ResultCategory, ResultItem } from '../../../contracts/results.js';
import type { Db } from '../../db/client.js';
import { auditNotFoundLines as nf, auditResultLines as l } from '../../db/schema.js';
import { toNotFoundItem, toResultItem } from './repo.js';

/** Lines per page: one query and one JSON text of ~0.6 MB. */
const PAGE_LINES = 2000;

/**
 * One page as the database writes it: `[position, ...fields]` per line, in position order.
 * Money columns come as their decimal text (as Drizzle reads numeric), `context` as JSON.
 */
type PageRow = [number, ...unknown[]];

async function readPage(db: Db, query: SQL): Promise<PageRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ page: string | null }> };
  const page = result.rows[0]?.page;
  return page ? (JSON.parse(page) as PageRow[]) : [];
}

/** The query of the page of product lines after `after` (a position). */
function resultLinesPage(auditId: string, category: ResultCategory, after: number, limit: number): SQL {
  return sql`
    SELECT json_agg(json_build_array(
      ${l.position}, ${l.productId}, ${l.sku}, ${l.scanValue}, ${l.matchedSku}, ${l.productName},
      ${l.expectedQuantity}, ${l.scannedQuantity}, ${l.difference}, ${l.percentageDifference}, ${l.costPrice}::text,
      ${l.varianceValue}::text, ${l.actualCategory}, ${l.location}, ${l.scanFiles}, ${l.reason}, ${l.badCheckDigit}, ${l.context}
    ) ORDER BY ${l.position})::text AS page
    FROM (
      SELECT * FROM ${l}
      WHERE ${l.auditId} = ${auditId} AND ${l.category} = ${category} AND ${l.position} > ${after}
      ORDER BY ${l.position} LIMIT ${limit}
    ) AS ${l}`;
}

/** The query of the page of notFound lines after `after` (a position). */
function notFoundLinesPage(auditId: string, after: number, limit: number): SQL {
  return sql`
    SELECT json_agg(json_build_array(
      ${nf.position}, ${nf.value}, ${nf.scannedQuantity}, ${nf.scanFiles}, ${nf.reason}, ${nf.context}
    ) ORDER BY ${nf.position})::text AS page
    FROM (
      SELECT * FROM ${nf} WHERE ${nf.auditId} = ${auditId} AND ${nf.position} > ${after}
      ORDER BY ${nf.position} LIMIT ${limit}
    ) AS ${nf}`;
}

/** JSON writes a double that is not finite as a string ("NaN"); Drizzle would have read a number. */
function double(value: unknown): number | null {
  return typeof value === 'string' ? Number(value) : (value as number | null);
}

function productLine(row: PageRow): ResultItem {
  const [, productId, sku, scanValue, matchedSku, productName, expectedQuantity, scannedQuantity, difference, percentageDifference, costPrice] = row;
  const [varianceValue, actualCategory, location, scanFiles, reason, badCheckDigit, context] = row.slice(11);
  return toResultItem({
    productId: productId as string | null,
    sku: sku as string,
    scanValue: scanValue as string | null,
    matchedSku: matchedSku as string | null,
    productName: productName as string | null,
    expectedQuantity: expectedQuantity as number | null,
    scannedQuantity: scannedQuantity as number,
    difference: difference as number | null,
    percentageDifference: double(percentageDifference),
    costPrice: costPrice as string | null,
    varianceValue: varianceValue as string | null,
    actualCategory: actualCategory as string | null,
    location: location as string | null,
    scanFiles: scanFiles as string[],
    reason: reason as string | null,
    badCheckDigit: badCheckDigit as boolean,
    context,
  });
}

function notFoundLine(row: PageRow): ResultItem {
  const [, value, scannedQuantity, scanFiles, reason, context] = row;
  return toNotFoundItem({
    value: value as string,
    scannedQuantity: scannedQuantity as number,
    scanFiles: scanFiles as string[],
    reason: reason as string | null,
    context,
  });
}

/**
 * Streams `category`'s lines of the audit in position order, as the results screen has them.
 * While the lines of one page are consumed, the next page is already being read (on the
 * PostgreSQL server, that work runs beside the report's).
 *
 * @param pageSize lines per query (tests use small pages to cross page boundaries).
 * @throws the database's error, from the page being read.
 */
export async function* streamLines(db: Db, auditId: string, category: ResultCategory, pageSize = PAGE_LINES): AsyncGenerator<ResultItem> {
  const notFound = category === 'notFound';
  const pageAfter = (after: number) =>
    readPage(db, notFound ? notFoundLinesPage(auditId, after, pageSize) : resultLinesPage(auditId, category, after, pageSize));
  const toItem = notFound ? notFoundLine : productLine;
  let page = await pageAfter(-1);
  while (page.length > 0) {
    const next = page.length < pageSize ? undefined : pageAfter(page[page.length - 1]![0]);
    // A failed read ahead is thrown when awaited below; until then it must not count as unhandled.
    next?.catch(() => undefined);
    for (const row of page) yield toItem(row);
    if (next === undefined) return;
    page = await next;
  }
}
