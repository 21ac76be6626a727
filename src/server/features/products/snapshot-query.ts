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

type RowTest = (row: number) => boolean;

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

/** A test on coded values, decided once per distinct value. */
function codedTest<T>(values: readonly T[], codes: Int32Array, test: (value: T | null) => boolean): RowTest {
  const table = new Uint8Array(values.length);
  values.forEach((value, code) => {
    table[code] = test(value) ? 1 : 0;
  });
  const blank = test(null);
  return (row) => {
    const code = codes[row]!;
    return code < 0 ? blank : table[code] === 1;
  };
}

function numericTest(snapshot: CatalogueSnapshot, field: NumberField, operator: NumericOperator, value: string): RowTest {
  const values = snapshot.numbers[field].values;
  const target = Number(value);
  const order = (row: number): number => {
    const v = values[row]!;
    // A double that differs orders as its decimal does; equal doubles are compared exactly.
    return v < target ? -1 : v > target ? 1 : compareDecimalText(snapshot.exactNumber(field, row), value);
  };
  const has = (row: number) => !Number.isNaN(values[row]!);
  switch (operator) {
    case 'eq':
      return (row) => has(row) && order(row) === 0;
    case 'gt':
      return (row) => has(row) && order(row) > 0;
    case 'lt':
      return (row) => has(row) && order(row) < 0;
    case 'gte':
      return (row) => has(row) && order(row) >= 0;
    case 'lte':
      return (row) => has(row) && order(row) <= 0;
    case 'ne':
      return (row) => !has(row) || order(row) !== 0;
  }
}

function conditionTest(snapshot: CatalogueSnapshot, condition: ProductFilterCondition, lowered: string): RowTest {
  switch (condition.field) {
    case 'tags': {
      const some = (list: string[] | null) => list !== null && list.some((tag) => tag.includes(lowered));
      const test = condition.operator === 'contains' ? some : (list: string[] | null) => !some(list);
      return codedTest(snapshot.tags.lowered, snapshot.tags.codes, test);
    }
    case 'currentQuantity':
    case 'costPrice':
    case 'price':
      return numericTest(snapshot, condition.field, condition.operator, condition.value);
    default: {
      const test = textTest(condition.operator, lowered);
      const rowField = ROW_TEXT[condition.field];
      if (rowField !== undefined) {
        const column = snapshot.rowText[rowField].lowered;
        return (row) => test(column[row]!);
      }
      const coded = snapshot.coded[condition.field as CodedTextField];
      return codedTest(coded.lowered, coded.codes, test);
    }
  }
}

/** The filters as one test (OR of AND-groups), or null when there are none. */
function filtersTest(snapshot: CatalogueSnapshot, filters: LoweredQuery['filters']): RowTest | null {
  if (filters.length === 0) return null;
  const groups = andGroups(filters.map((f) => ({ ...f, logicalOperator: f.condition.logicalOperator }))).map((group) =>
    group.map((f) => conditionTest(snapshot, f.condition, f.lowered)),
  );
  return (row) => groups.some((group) => group.every((test) => test(row)));
}

/**
 * The rows of `snapshot` that match `query`, ascending (so in list order). A search of three or
 * more characters reads only the rows its trigrams name; a shorter one reads every row.
 */
export function matchingRows(snapshot: CatalogueSnapshot, query: LoweredQuery): Int32Array {
  const filter = filtersTest(snapshot, query.filters);
  const search = query.search;
  if (!search && filter === null) {
    const all = new Int32Array(snapshot.size);
    for (let row = 0; row < all.length; row += 1) all[row] = row;
    return all;
  }
  const sku = snapshot.rowText.sku.lowered;
  const name = snapshot.rowText.name.lowered;
  const found = (row: number) => !search || sku[row]!.includes(search) || (name[row] ?? '').includes(search);
  const candidates = search ? snapshot.search.candidates(search) : null;
  const out: number[] = [];
  if (candidates === null) {
    for (let row = 0; row < snapshot.size; row += 1) if (found(row) && (filter === null || filter(row))) out.push(row);
  } else {
    for (const row of candidates) if (found(row) && (filter === null || filter(row))) out.push(row);
  }
  return Int32Array.from(out);
}
