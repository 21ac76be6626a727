/**
 * The products list's quick search and Advanced Filters as one SQL condition (spec part 2
 * sections 5 and 7; semantics in src/contracts/product-filters.ts and
 * docs/decisions/0011-product-filter-semantics.md). Every value is a bound parameter; LIKE
 * wildcards in values are escaped, so `50%` finds the text "50%".
 *
 * Text tests are `lower(column) LIKE lower(pattern)`: the trigram indexes on lower(sku) and
 * lower(name) (drizzle/0001_products_list_indexes.sql) serve contains, starts with and ends with.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  NumericFilterField,
  NumericOperator,
  ProductFilterCondition,
  TextFilterField,
  TextOperator,
} from '../../../contracts/product-filters.js';
import { products } from '../../db/schema.js';

const TEXT_COLUMNS: Record<TextFilterField, AnyPgColumn> = {
  sku: products.sku,
  name: products.name,
  upc: products.upc,
  otherIdentifier: products.otherIdentifier,
  distributor: products.distributor,
  manufacturer: products.manufacturer,
  category: products.category,
  location: products.location,
};

const NUMERIC_COLUMNS: Record<NumericFilterField, AnyPgColumn> = {
  currentQuantity: products.currentQuantity,
  costPrice: products.costPrice,
  price: products.price,
};

/** Escapes LIKE's wildcards with a backslash, PostgreSQL's default LIKE escape character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likeLower(column: AnyPgColumn, pattern: string): SQL {
  return sql`lower(${column}) LIKE lower(${pattern})`;
}

function textCondition(column: AnyPgColumn, operator: TextOperator, value: string): SQL {
  const escaped = escapeLike(value);
  switch (operator) {
    case 'contains':
      return likeLower(column, `%${escaped}%`);
    case 'starts_with':
      return likeLower(column, `${escaped}%`);
    case 'ends_with':
      return likeLower(column, `%${escaped}`);
    case 'eq':
      return sql`lower(${column}) = lower(${value})`;
    // A blank field does not contain and does not equal the value.
    case 'not_contains':
      return sql`(${column} IS NULL OR lower(${column}) NOT LIKE lower(${`%${escaped}%`}))`;
    case 'ne':
      return sql`(${column} IS NULL OR lower(${column}) <> lower(${value}))`;
  }
}

/** `value` is decimal text (checked by the contract); compared as numeric, so 0.1 is exact. */
function numericCondition(column: AnyPgColumn, operator: NumericOperator, value: string): SQL {
  const number = sql`${value}::numeric`;
  switch (operator) {
    case 'eq':
      return sql`${column} = ${number}`;
    case 'gt':
      return sql`${column} > ${number}`;
    case 'lt':
      return sql`${column} < ${number}`;
    case 'gte':
      return sql`${column} >= ${number}`;
    case 'lte':
      return sql`${column} <= ${number}`;
    // A blank price is not equal to any number.
    case 'ne':
      return sql`${column} IS DISTINCT FROM ${number}`;
  }
}

function tagCondition(operator: 'contains' | 'not_contains', value: string): SQL {
  const someTag = sql`EXISTS (SELECT 1 FROM unnest(${products.tags}) AS t(tag) WHERE lower(t.tag) LIKE lower(${`%${escapeLike(value)}%`}))`;
  return operator === 'contains' ? someTag : sql`NOT ${someTag}`;
}

/** One validated filter row as SQL. */
export function conditionSql(condition: ProductFilterCondition): SQL {
  switch (condition.field) {
    case 'tags':
      return tagCondition(condition.operator, condition.value);
    case 'currentQuantity':
    case 'costPrice':
    case 'price':
      return numericCondition(NUMERIC_COLUMNS[condition.field], condition.operator, condition.value);
    default:
      return textCondition(TEXT_COLUMNS[condition.field], condition.operator, condition.value);
  }
}

/**
 * Splits the rows into AND-groups at every OR (AND binds tighter): `A AND B OR C` ->
 * `[[A, B], [C]]`. The first row's logical operator is ignored.
 */
export function andGroups<T extends { logicalOperator: 'AND' | 'OR' }>(conditions: readonly T[]): T[][] {
  const groups: T[][] = [];
  conditions.forEach((c, i) => {
    if (i === 0 || c.logicalOperator === 'OR') groups.push([c]);
    else groups[groups.length - 1]!.push(c);
  });
  return groups;
}

/** The filter rows as one condition (OR of AND-groups), or undefined when there are none. */
export function filtersSql(conditions: readonly ProductFilterCondition[]): SQL | undefined {
  if (conditions.length === 0) return undefined;
  const groups = andGroups(conditions).map((group) => and(...group.map(conditionSql))!);
  return groups.length === 1 ? groups[0] : or(...groups);
}

/** Quick search: SKU or name contains `search`, case-insensitively (spec part 2 section 2). */
export function searchSql(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return or(likeLower(products.sku, pattern), likeLower(products.name, pattern))!;
}

/** The WHERE of a list query: the organisation, the quick search and the filters. */
export function productListWhere(opts: {
  organizationId: string;
  search?: string | undefined;
  filters?: readonly ProductFilterCondition[] | undefined;
}): SQL {
  return and(
    eq(products.organizationId, opts.organizationId),
    opts.search ? searchSql(opts.search) : undefined,
    filtersSql(opts.filters ?? []),
  )!;
}
