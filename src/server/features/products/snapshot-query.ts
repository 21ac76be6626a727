/**
 * The products list's quick search and Advanced Filters evaluated on a catalogue snapshot
 * (catalogue-snapshot.ts, docs/decisions/0143), with the semantics of product-filters-sql.ts
 * exactly (src/contracts/product-filters.ts, docs/decisions/0011): text compared in the
 * database's lower case, `%` and `_` plain characters, a blank field matching only `ne` and
 * `not_contains`, numbers compared exactly as numeric, AND binding tighter than OR. The property
 * test (snapshot-query.property.test.ts) holds both to the same answers.
 */
import type { NumericOperator, ProductFilterCondition, TextOperator } from '../../../contracts/product-filters.js';
import { compareDecimalText } from '../../../domain/decimal-order.js';
import type { Db } from '../../db/client.js';
import type { CatalogueSnapshot, CodedTextField, NumberField, RowTextField } from './catalogue-snapshot.js';
import { lowerAsDatabase } from './database-lower.js';
import type { PackedTexts } from './packed-texts.js';
import { andGroups } from './product-filters-sql.js';

/** A list query with its search and filter values in the database's lower case. */
export interface LoweredQuery {
  /** The quick search, lower case; undefined or '' for none. */
  search: string | undefined;
  filters: ReadonlyArray<{ condition: ProductFilterCondition; lowered: string }>;
}

/** `search` and the filters' values lowered as the database lowers them (database-lower.ts). */
export async function lowerQuery(
  db: Db,
  search: string | undefined,
  filters: readonly ProductFilterCondition[] | undefined,
): Promise<LoweredQuery> {
  const conditions = filters ?? [];
  const lowered = await lowerAsDatabase(db, [search ?? '', ...conditions.map((c) => c.value)]);
  return { search: search ? lowered[0] : undefined, filters: conditions.map((condition, i) => ({ condition, lowered: lowered[i + 1]! })) };
}

/**
 * Keeps the rows of `rows[0..n)` that pass, in order, writing them to the front of `rows`;
 * returns how many. Each kind of test is its own tight loop (no call per row through a closure
 * for the coded and numeric fields).
 */
type RowFilter = (rows: Int32Array, n: number) => number;

const ROW_TEXT: Record<string, RowTextField> = { sku: 'sku', name: 'name', upc: 'upc', otherIdentifier: 'otherIdentifier' };

/** A text operator on a lower-case value (null: blank) against the lower-case filter value `v`. */
function textTest(operator: TextOperator, v: string): (s: string | null) => boolean {
  switch (operator) {
    case 'contains':
      return (s) => s !== null && s.includes(v);
    case 'starts_with':
      return (s) => s !== null && s.startsWith(v);
    case 'ends_with':
      return (s) => s !== null && s.endsWith(v);
    case 'eq':
      return (s) => s === v;
    case 'not_contains':
      return (s) => s === null || !s.includes(v);
    case 'ne':
      return (s) => s === null || s !== v;
  }
}

/** A test on coded values, decided once per distinct value, then one table look-up a row. */
function codedFilter<T>(values: readonly T[], codes: Int32Array, test: (value: T | null) => boolean): RowFilter {
  const table = new Uint8Array(values.length + 1);
  values.forEach((value, code) => {
    table[code + 1] = test(value) ? 1 : 0;
  });
  table[0] = test(null) ? 1 : 0; // code -1: blank
  return (rows, n) => {
    let kept = 0;
    for (let i = 0; i < n; i += 1) {
      const row = rows[i]!;
      if (table[codes[row]! + 1] === 1) rows[kept++] = row;
    }
    return kept;
  };
}

/**
 * A text operator on a packed lower-case column (packed-texts.ts) against the lower-case filter
 * value `v`, read in place: the same answers as textTest on each row's text.
 */
function rowTextFilter(column: PackedTexts, operator: TextOperator, v: string): RowFilter {
  if (operator === 'contains' || operator === 'not_contains') return (rows, n) => keepContaining([column], v, operator === 'contains', rows, n);
  // starts_with, ends_with, eq; ne is not eq (a blank row is not equal, so it is kept).
  const test = operator === 'starts_with' ? column.startsWith : operator === 'ends_with' ? column.endsWith : column.equals;
  const wanted = operator !== 'ne';
  return (rows, n) => {
    let kept = 0;
    for (let i = 0; i < n; i += 1) {
      const row = rows[i]!;
      if (test.call(column, row, v) === wanted) rows[kept++] = row;
    }
    return kept;
  };
}

/**
 * Keeps the rows of rows[0..n) for which "some text of `columns` holds `v`" is `wanted` (a blank
 * text holds nothing), as RowFilter does. One scan of each packed text when the rows are many,
 * else row by row (a search's trigram candidates).
 */
function keepContaining(columns: readonly PackedTexts[], v: string, wanted: boolean, rows: Int32Array, n: number): number {
  let kept = 0;
  const size = columns[0]!.size;
  if (n * SCAN_FRACTION >= size) {
    const marks = (scratchMarks = scratchMarks.length >= size ? scratchMarks : new Uint8Array(size));
    for (const column of columns) column.markIncludes(v, marks);
    for (let i = 0; i < n; i += 1) {
      const row = rows[i]!;
      if ((marks[row] === 1) === wanted) rows[kept++] = row;
    }
    marks.fill(0, 0, size);
    return kept;
  }
  for (let i = 0; i < n; i += 1) {
    const row = rows[i]!;
    if (columns.some((column) => column.includes(row, v)) === wanted) rows[kept++] = row;
  }
  return kept;
}

/**
 * Scratch arrays of the matching, which runs to its end without waiting (so one at a time), grown
 * to the largest catalogue asked: a query's work allocates no array of a catalogue's size but
 * its answer (docs/decisions/0169). `scratchMarks` is all zeros between uses.
 */
let scratchMarks = new Uint8Array(0);
let scratchRows = new Int32Array(0);

/** Rows are tested in one scan of the packed column when at least 1/SCAN_FRACTION of them are. */
const SCAN_FRACTION = 8;

/** Whether each operator keeps a value below, equal to and above the filter's. */
const KEEPS: Record<NumericOperator, [boolean, boolean, boolean]> = {
  eq: [false, true, false],
  gt: [false, false, true],
  lt: [true, false, false],
  gte: [false, true, true],
  lte: [true, true, false],
  ne: [true, false, true],
};

/** A numeric operator; a blank value passes `ne` only (IS DISTINCT FROM). */
function numericFilter(snapshot: CatalogueSnapshot, field: NumberField, operator: NumericOperator, value: string): RowFilter {
  const values = snapshot.numbers[field].values;
  const target = Number(value);
  const [below, equal, above] = KEEPS[operator];
  const blank = operator === 'ne';
  return (rows, n) => {
    let kept = 0;
    for (let i = 0; i < n; i += 1) {
      const row = rows[i]!;
      const v = values[row]!;
      let keep: boolean;
      if (v < target) keep = below;
      else if (v > target) keep = above;
      else if (Number.isNaN(v)) keep = blank;
      else {
        // Equal doubles: the decimals may still differ (a double holds about 15 digits).
        const order = compareDecimalText(snapshot.exactNumber(field, row), value);
        keep = order < 0 ? below : order > 0 ? above : equal;
      }
      if (keep) rows[kept++] = row;
    }
    return kept;
  };
}

function conditionFilter(snapshot: CatalogueSnapshot, condition: ProductFilterCondition, lowered: string): RowFilter {
  switch (condition.field) {
    case 'tags': {
      const some = (list: string[] | null) => list !== null && list.some((tag) => tag.includes(lowered));
      const test = condition.operator === 'contains' ? some : (list: string[] | null) => !some(list);
      return codedFilter(snapshot.tags.lowered, snapshot.tags.codes, test);
    }
    case 'currentQuantity':
    case 'costPrice':
    case 'price':
      return numericFilter(snapshot, condition.field, condition.operator, condition.value);
    default: {
      const rowField = ROW_TEXT[condition.field];
      if (rowField !== undefined) return rowTextFilter(snapshot.rowText[rowField].lowered, condition.operator, lowered);
      const coded = snapshot.coded[condition.field as CodedTextField];
      return codedFilter(coded.lowered, coded.codes, textTest(condition.operator, lowered));
    }
  }
}

/** The rows of both ascending lists, ascending, without repeats. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[n++] = a[i++]!;
    else if (i >= a.length || b[j]! < a[i]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j += 1;
    }
  }
  return out.subarray(0, n);
}

/**
 * The rows of `snapshot` that match `query`, ascending (so in list order). A search of three or
 * more characters reads only the rows its trigrams name; a shorter one reads every row. Each
 * AND-group narrows the rows condition after condition; the groups' rows are merged (OR).
 */
export function matchingRows(snapshot: CatalogueSnapshot, query: LoweredQuery): Int32Array {
  const search = query.search;
  const candidates = search ? snapshot.search.candidates(search) : null;
  if (scratchRows.length < snapshot.size) scratchRows = new Int32Array(snapshot.size);
  let rows: Int32Array;
  if (candidates !== null) {
    rows = scratchRows.subarray(0, candidates.length);
    rows.set(candidates);
  } else {
    rows = scratchRows.subarray(0, snapshot.size);
    for (let row = 0; row < rows.length; row += 1) rows[row] = row;
  }
  let n = rows.length;
  // A search of exactly three code units is one trigram: its candidates all hold it (the index
  // is of each text alone), so only a longer or shorter one is checked row by row.
  if (search && search.length !== 3) {
    n = keepContaining([snapshot.rowText.sku.lowered, snapshot.rowText.name.lowered], search, true, rows, n);
  }
  // Copies, so that a cached answer holds its own rows, not the whole scratch list.
  if (query.filters.length === 0) return rows.slice(0, n);
  const groups = andGroups(query.filters.map((f) => ({ ...f, logicalOperator: f.condition.logicalOperator })));
  let result: Int32Array | null = null;
  for (const group of groups) {
    const mine = groups.length === 1 ? rows : rows.slice(0, n);
    let m = n;
    for (const f of group) {
      if (m === 0) break;
      m = conditionFilter(snapshot, f.condition, f.lowered)(mine, m);
    }
    result = result === null ? mine.subarray(0, m) : union(result, mine.subarray(0, m));
  }
  return result!.buffer === rows.buffer ? result!.slice() : result!;
}
