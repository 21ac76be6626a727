import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { arrayLiteral } from './pg-array.js';

const AWKWARD = ['plain', 'say "hi"', 'C:\\dir\\', 'NULL', '', '{a,b}', ' spaced ', 'comma, here', "it's", 'ünïcødé ✓', 'line\nbreak'];

describe('arrayLiteral', () => {
  it('quotes every text, escapes backslash and double quote, writes NULL and numbers bare', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a', null, undefined, 7, -2])).toBe('{"a",NULL,NULL,7,-2}');
    expect(arrayLiteral(['say "hi"', 'C:\\dir', 'NULL'])).toBe('{"say \\"hi\\"","C:\\\\dir","NULL"}');
  });
});

describe.each(DATABASE_KINDS)('arrayLiteral read back by %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('gives back every text as it was, nulls as NULL, and nested literals as arrays', async () => {
    const texts = (await database.db.execute(sql`SELECT unnest(${arrayLiteral([...AWKWARD, null])}::text[]) AS v`)) as unknown as { rows: Array<{ v: string | null }> };
    expect(texts.rows.map((r) => r.v)).toEqual([...AWKWARD, null]);
    const nested = (await database.db.execute(sql`SELECT (unnest(${arrayLiteral([arrayLiteral(AWKWARD), arrayLiteral([])])}::text[]))::text[] AS v`)) as unknown as {
      rows: Array<{ v: string[] }>;
    };
    expect(nested.rows.map((r) => r.v)).toEqual([AWKWARD, []]);
  });
});
