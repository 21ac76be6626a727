/**
 * copyRows: values that CSV and PostgreSQL's literals treat specially arrive exactly as sent, on
 * both databases, and a bad row rolls the whole transaction back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, openTestDatabase } from '../test-support/databases.js';
import type { Database } from './client.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyCsvFile, copyCsvFileInSlices, copyRows, csvChunks, csvField } from './bulk-copy.js';

describe('csvField', () => {
  it('writes NULL as an empty field and the empty string quoted', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
    expect(csvField('a"b')).toBe('"a""b"');
    expect(csvField(true)).toBe('t');
    expect(csvField(['x', 'y"z'])).toBe('"{""x"",""y\\""z""}"');
  });
});

describe.each(DATABASE_KINDS)('copyRows on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(
      sql.raw('create table copy_probe (n integer, t text, d double precision, b boolean, a text[], j jsonb)'),
    );
  });
  afterAll(async () => database.close());

  const tricky = ['', 'plain', 'comma, "quote"', 'line\nbreak\r\nand CRLF', 'back\\slash', 'Café ✓', '\\N', 'NULL'];

  it('stores every value exactly, nulls as NULL', async () => {
    const rows = tricky.map((t, i) => [i, t, i / 3, i % 2 === 0, [t, 'b,c', '"q"'], { t, n: [i] }] as const);
    await database.db.transaction(async (tx) => {
      await copyRows(tx as never, 'copy_probe', ['n', 't', 'd', 'b', 'a', 'j'], [...rows, [99, null, null, null, [], null]]);
    });
    const result = await database.db.execute(sql.raw('select n, t, d, b, a, j from copy_probe order by n'));
    const got = (result as unknown as { rows: unknown[] }).rows;
    expect(got).toEqual([
      ...rows.map(([n, t, d, b, a, j]) => ({ n, t, d, b, a, j })),
      { n: 99, t: null, d: null, b: null, a: [], j: null },
    ]);
  });

  it('writes nothing when one row is bad (the transaction rolls back)', async () => {
    await database.db.execute(sql.raw('truncate copy_probe'));
    await expect(
      database.db.transaction(async (tx) => {
        await copyRows(tx as never, 'copy_probe', ['n', 't'], [[1, 'a'], ['not a number', 'b']]);
      }),
    ).rejects.toThrow();
    const result = await database.db.execute(sql.raw('select count(*)::int as n from copy_probe'));
    expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('copyCsvFile stores the rows of a CSV file written by csvChunks exactly as copyRows does', async () => {
    await database.db.execute(sql.raw('truncate copy_probe'));
    // More rows than one CSV chunk, so the file is read in several pieces.
    const rows = Array.from({ length: 12_000 }, (_, i) => [i, tricky[i % tricky.length]!, i / 7, i % 3 === 0, [tricky[i % tricky.length]!], i % 5 === 0 ? null : { i }] as const);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'copy-probe-'));
    try {
      const file = path.join(dir, 'rows.csv');
      writeFileSync(file, [...csvChunks(rows)].join(''));
      await database.db.transaction(async (tx) => {
        await copyCsvFile(tx as never, 'copy_probe', ['n', 't', 'd', 'b', 'a', 'j'], file);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const result = await database.db.execute(sql.raw('select n, t, d, b, a, j from copy_probe order by n'));
    expect((result as unknown as { rows: unknown[] }).rows).toEqual(rows.map(([n, t, d, b, a, j]) => ({ n, t, d, b, a, j })));
  });
});

describe.each(DATABASE_KINDS)('copyCsvFileInSlices on %s', (kind) => {
  let database: Database;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-slices-'));
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(sql.raw('create table slice_probe (n integer, t text)'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Quoted line breaks and quotes, and characters of 2-4 bytes, over many 256 KB read chunks.
  const rows = Array.from({ length: 40_000 }, (_, i) => [i, i % 7 === 0 ? `line\nbreak "${i}"\r\nCafé ✓ 𝄞` : `row ${i} ${'é'.repeat(i % 13)}`] as const);
  const file = path.join(dir, 'rows.csv');

  it('writes every row exactly, in many short transactions', async () => {
    writeFileSync(file, [...csvChunks(rows)].join(''));
    let transactions = 0;
    const done = await copyCsvFileInSlices(database.db, 'slice_probe', ['n', 't'], file, async () => ++transactions > 0, 64 * 1024);
    expect(done).toBe(true);
    expect(transactions).toBeGreaterThan(10);
    const stored = (await database.db.execute(sql.raw('select n, t from slice_probe order by n'))) as unknown as { rows: Array<{ n: number; t: string }> };
    expect(stored.rows.map((r) => [r.n, r.t])).toEqual(rows.map((r) => [...r]));
  });

  it('stops when told to, keeping the slices written before', async () => {
    await database.db.execute(sql.raw('delete from slice_probe'));
    let transactions = 0;
    const done = await copyCsvFileInSlices(database.db, 'slice_probe', ['n', 't'], file, async () => ++transactions <= 2, 64 * 1024);
    expect(done).toBe(false);
    expect(transactions).toBe(3);
    const count = (await database.db.execute(sql.raw('select count(*)::int as n, max(n) as top from slice_probe'))) as unknown as { rows: Array<{ n: number; top: number }> };
    expect(count.rows[0]!.n).toBeGreaterThan(0);
    expect(count.rows[0]!.n).toBe(count.rows[0]!.top + 1);
    expect(count.rows[0]!.n).toBeLessThan(rows.length);
  });
});
