/**
 * The exports' reading of stored lines (stream-lines.ts, docs/decisions/0078): every category
 * reads back, in position order and across page boundaries, exactly as the rows of
 * audit_result_lines and audit_not_found_lines read one by one through Drizzle.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES, type ResultCategory, type ResultItem } from '../../../contracts/results.js';
import { copyCsvText } from '../../db/bulk-copy.js';
import type { Database, Db } from '../../db/client.js';
import { auditNotFoundLines, auditResultLines } from '../../db/schema.js';
import { SAMPLE_LINES } from '../../reports/report-input.fixture.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { toNotFoundItem, toResultItem } from './repo.js';
import { csvChunksOf, NOT_FOUND_LINE_COLUMNS, notFoundLineRows, RESULT_LINE_COLUMNS, resultLineRows } from './result-lines.js';
import { streamLines } from './stream-lines.js';

/** The sample lines, and more Below lines than a few pages hold, with doubles that JSON must keep exact. */
const LINES: Record<ResultCategory, readonly ResultItem[]> = {
  ...SAMPLE_LINES,
  quantityBelow: [
    ...SAMPLE_LINES.quantityBelow,
    ...Array.from({ length: 9 }, (_, i): ResultItem => ({
      ...SAMPLE_LINES.quantityBelow[1]!,
      sku: `SKU-9${i}`,
      percentageDifference: (-1 / (i + 3)) * 100,
      costPrice: `${i}.0${i}`,
      varianceValue: `-${i * 3}.1${i}`,
    })),
  ],
};

async function collect(items: AsyncIterable<ResultItem>): Promise<ResultItem[]> {
  const all: ResultItem[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe.each(DATABASE_KINDS)('streamLines on %s', (kind) => {
  let database: Database;
  const auditId = randomUUID();
  const otherAuditId = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Stored as processing stores them (COPY, which wants one connection: a transaction).
    await database.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      for (const id of [auditId, otherAuditId]) {
        const owner = { organizationId: randomUUID(), auditId: id };
        await copyCsvText(tx, 'audit_result_lines', RESULT_LINE_COLUMNS, csvChunksOf(resultLineRows(owner, (c) => LINES[c], new Map())));
        await copyCsvText(tx, 'audit_not_found_lines', NOT_FOUND_LINE_COLUMNS, csvChunksOf(notFoundLineRows(id, LINES.notFound)));
      }
    });
  });
  afterAll(async () => database?.close());

  /** The category's lines as Drizzle reads its rows one by one, in position order. */
  async function rowByRow(category: ResultCategory): Promise<ResultItem[]> {
    const { db } = database;
    if (category === 'notFound') {
      const rows = await db.select().from(auditNotFoundLines).where(eq(auditNotFoundLines.auditId, auditId)).orderBy(asc(auditNotFoundLines.position));
      return rows.map(toNotFoundItem);
    }
    const rows = await db
      .select()
      .from(auditResultLines)
      .where(eq(auditResultLines.auditId, auditId))
      .orderBy(asc(auditResultLines.position));
    return rows.filter((row) => row.category === category).map(toResultItem);
  }

  it.each([2, 3, 5000])('reads every category as Drizzle reads its rows, in pages of %i', async (pageSize) => {
    for (const category of RESULT_CATEGORIES) {
      const expected = await rowByRow(category);
      expect(expected).toHaveLength(LINES[category].length);
      expect(await collect(streamLines(database.db, auditId, category, pageSize)), category).toEqual(expected);
    }
  });

  it('gives back the stored values: text as scanned, money as decimal text, exact doubles, shelf context and file counts', async () => {
    const below = await collect(streamLines(database.db, auditId, 'quantityBelow', 4));
    expect(below.map((item) => item.percentageDifference)).toEqual(LINES.quantityBelow.map((item) => item.percentageDifference));
    expect(below.map((item) => [item.costPrice, item.varianceValue])).toEqual(LINES.quantityBelow.map((item) => [item.costPrice, item.varianceValue]));
    const cross = await collect(streamLines(database.db, auditId, 'crossFileDiscrepancies', 1));
    expect(cross.map((item) => item.fileCounts)).toEqual(LINES.crossFileDiscrepancies.map((item) => item.fileCounts));
    const notFound = await collect(streamLines(database.db, auditId, 'notFound', 2));
    expect(notFound.map((item) => [item.sku, item.scannedBefore, item.scannedAfterName, item.reason, item.scanFiles])).toEqual(
      LINES.notFound.map((item) => [item.sku, item.scannedBefore, item.scannedAfterName, item.reason, item.scanFiles]),
    );
  });

  it('reads a page at a time as the lines are consumed: a line stored after the first pages were read comes too', async () => {
    // Keyed pages read on demand see a line stored beyond the pages read so far; a reading of the
    // whole category at once (the audit held in memory) would end without it, and so would
    // paging that stopped early.
    const stream = streamLines(database.db, auditId, 'quantityBelow', 2);
    const first = await stream.next();
    expect(first.done).toBe(false);
    const columns = RESULT_LINE_COLUMNS.map((column) => (column === 'position' ? '1000' : column === 'sku' ? "'SKU-LATE'" : column)).join(', ');
    await database.db.execute(
      sql.raw(
        `INSERT INTO audit_result_lines (${RESULT_LINE_COLUMNS.join(', ')}) SELECT ${columns} FROM audit_result_lines ` +
          `WHERE audit_id = '${auditId}' AND category = 'quantityBelow' AND position = 0`,
      ),
    );
    try {
      const rest = await collect({ [Symbol.asyncIterator]: () => stream });
      expect([first.value as ResultItem, ...rest].map((item) => item.sku)).toEqual([...LINES.quantityBelow.map((item) => item.sku), 'SKU-LATE']);
    } finally {
      await database.db.execute(sql.raw(`DELETE FROM audit_result_lines WHERE audit_id = '${auditId}' AND position = 1000`));
    }
  });

  it('reads nothing for an audit without lines', async () => {
    expect(await collect(streamLines(database.db, randomUUID(), 'quantityCorrect'))).toEqual([]);
    expect(await collect(streamLines(database.db, randomUUID(), 'notFound'))).toEqual([]);
  });
});
