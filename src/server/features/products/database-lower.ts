/**
 * Lower case exactly as the database's lower() gives it (docs/decisions/0143): the product list
 * compares `lower(column)` with `lower(value)`, and lower() of text beyond ASCII depends on the
 * database's locale (C.UTF-8 on the server, another on PGlite), so JavaScript's toLowerCase is
 * used only for ASCII text, where every locale but Turkish agrees, and the rest is asked of
 * the database in one statement.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { arrayLiteral } from './pg-array.js';
import { RecentMap } from './total-hints.js';

/** No code unit above U+007F (a regular expression over control characters is linted out). */
const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
};

/** Lowered non-ASCII values asked before (search words and filter values repeat). */
const asked = new RecentMap<string>(2000);

/**
 * `texts` in lower case as `lower()` of the database `db` gives them, in the same order.
 * One statement when some text is not ASCII (none otherwise).
 */
export async function lowerAsDatabase(db: Db, texts: readonly string[]): Promise<string[]> {
  const out = new Array<string>(texts.length);
  const missing: number[] = [];
  texts.forEach((text, i) => {
    if (isAscii(text)) out[i] = text.toLowerCase();
    else {
      const known = texts.length <= 50 ? asked.get(text) : undefined;
      if (known === undefined) missing.push(i);
      else out[i] = known;
    }
  });
  if (missing.length === 0) return out;
  const result = (await db.execute(
    sql`SELECT lower(t) AS lowered FROM unnest(${arrayLiteral(missing.map((i) => texts[i]!))}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
  )) as unknown as { rows: Array<{ lowered: string }> };
  missing.forEach((i, k) => {
    out[i] = result.rows[k]!.lowered;
    if (texts.length <= 50) asked.remember(texts[i]!, out[i]);
  });
  return out;
}
