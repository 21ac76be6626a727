/**
 * Filter expressions as SQL over `products` (spec part 1 section 5 "Define Filters": the preview
 * count; the product audit's "matches > 0" check). The semantics are exactly those of
 * `matchesFilter` in src/domain/filters.ts, which decides the scope when the audit is processed;
 * filter-sql.test.ts holds the two to the same counts on the fixture catalogue.
 *
 * The domain folds text as trim -> NFC -> toLowerCase. The condition's value is folded here in
 * JavaScript with the domain's own `foldFilterText` and sent as a parameter; the column is folded
 * in SQL as `lower(normalize(btrim(col, <JS whitespace>), NFC) COLLATE "und-x-icu")`:
 * - btrim with every character JavaScript's trim() removes (the default btrim trims spaces only);
 * - ICU's root-locale lower case, which, like JavaScript (and unlike the database's default C
 *   locale), lower-cases non-ASCII letters, Σ at a word's end to ς and İ to i + dot; only letters
 *   added in Unicode versions newer than the database's ICU can differ;
 * - ASCII text (as many bytes as characters) takes a short cut with the same answer: trim the
 *   six ASCII characters trim() removes and lower-case A-Z (about 3x faster on 100k products);
 * - a null column is the empty string, tags are tested one by one (`unnest`).
 * Comparisons use strpos (no LIKE pattern, so % and _ in values are plain text).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FilterCondition, FilterExpression } from '../../../contracts/filters.js';
import { foldFilterText } from '../../../domain/filters.js';
import { products } from '../../db/schema.js';

/** Every UTF-16 unit JavaScript's String.prototype.trim() removes (WhiteSpace and LineTerminator). */
const JS_WHITESPACE = (() => {
  let chars = '';
  for (let unit = 0; unit <= 0xffff; unit++) {
    const c = String.fromCharCode(unit);
    if (c.trim() === '' && !(unit >= 0xd800 && unit <= 0xdfff)) chars += c;
  }
  return chars;
})();

/** The ASCII characters among them (tab, line feed, vertical tab, form feed, carriage return, space). */
const ASCII_WHITESPACE = [...JS_WHITESPACE].filter((c) => c < '\u0080').join('');

/**
 * The fold of `text` (a SQL text expression) as the domain's foldFilterText computes it, under
 * the "C" collation (byte-wise equality; both branches must agree on one collation).
 */
export function foldSql(text: SQL): SQL {
  const value = sql`coalesce(${text}, '')`;
  return sql`(case when octet_length(${value}) = char_length(${value})
    then lower(btrim(${value}, ${ASCII_WHITESPACE}::text) collate "C")
    else lower(normalize(btrim(${value}, ${JS_WHITESPACE}::text), NFC) collate "und-x-icu") collate "C" end)`;
}

const COLUMNS = {
  manufacturer: products.manufacturer,
  category: products.category,
  distributor: products.distributor,
  location: products.location,
  name: products.name,
  sku: products.sku,
} as const;

function conditionSql(condition: FilterCondition): SQL {
  const wanted = foldFilterText(condition.value);
  const exact = condition.operator === 'equals' || condition.operator === 'not_equals';
  const negate = condition.operator === 'not_equals' || condition.operator === 'not_contains';
  const test = (folded: SQL): SQL => (exact ? sql`${folded} = ${wanted}` : sql`strpos(${folded}, ${wanted}) > 0`);
  if (condition.field === 'tags') {
    const some = sql`exists (select 1 from unnest(${products.tags}) as tag(value) where ${test(foldSql(sql`tag.value`))})`;
    return negate ? sql`not ${some}` : some;
  }
  const matches = test(foldSql(sql`${COLUMNS[condition.field]}`));
  return negate ? sql`not (${matches})` : matches;
}

/**
 * A boolean SQL expression over `products` that is true exactly when matchesFilter(product,
 * expression) is. Every value is a bound parameter. An expression without conditions is true.
 */
export function filterSql(expression: FilterExpression): SQL {
  if (expression.conditions.length === 0) return sql`true`;
  const parts = expression.conditions.map((c) => sql`(${conditionSql(c)})`);
  // Parenthesised as a whole: callers combine it with `and(...)`, which does not add them.
  return sql`(${sql.join(parts, expression.logic === 'OR' ? sql` or ` : sql` and `)})`;
}
