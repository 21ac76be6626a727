/**
 * Advanced Filters of the products list (spec part 2 section 3 "Product filter", section 5
 * "Filter operators by field", section 7 `GET /api/products` `filters`): the JSON list the client
 * sends, validated here; turned into SQL by src/server/features/products/product-filters-sql.ts.
 *
 * `[{ id?, field, operator, value, logicalOperator? }]`, `logicalOperator` ('AND' | 'OR') joining
 * a row to the rows before it; absent on the first (ignored there), 'AND' when absent later.
 *
 * Semantics (docs/decisions/0011-product-filter-semantics.md):
 * - AND binds tighter than OR, as in SQL: `A AND B OR C AND D` is `(A AND B) OR (C AND D)`.
 *   The rows joined by AND form a group; a product matches when it matches every row of at
 *   least one group.
 * - Text comparisons are case-insensitive; values are trimmed; `%` and `_` are plain characters.
 * - A blank field (NULL) never equals, contains, starts or ends with anything, so `ne` and
 *   `not_contains` match it: a product without a manufacturer is "not equal to Acme". The same
 *   for numbers: a product without a cost price matches `costPrice ne 5` and no other operator.
 * - `tags contains x`: some tag contains x; `tags not_contains x`: no tag does (no tags passes).
 * - A row whose value is blank is not applied (the panel sends only complete rows; an API
 *   caller's half-filled row must not turn into "matches nothing").
 */
import { z } from 'zod';

export const NUMERIC_FILTER_FIELDS = ['currentQuantity', 'costPrice', 'price'] as const;
export const TAG_FILTER_FIELDS = ['tags'] as const;
export const TEXT_FILTER_FIELDS = [
  'sku',
  'name',
  'upc',
  'otherIdentifier',
  'distributor',
  'manufacturer',
  'category',
  'location',
] as const;
export const PRODUCT_FILTER_FIELDS = [...TEXT_FILTER_FIELDS, ...NUMERIC_FILTER_FIELDS, ...TAG_FILTER_FIELDS] as const;

export type NumericFilterField = (typeof NUMERIC_FILTER_FIELDS)[number];
export type TextFilterField = (typeof TEXT_FILTER_FIELDS)[number];
export type ProductFilterField = (typeof PRODUCT_FILTER_FIELDS)[number];

/** Operators per kind of field, the first being the default (spec part 2 section 5). */
export const NUMERIC_OPERATORS = ['eq', 'gt', 'lt', 'gte', 'lte', 'ne'] as const;
export const TAG_OPERATORS = ['contains', 'not_contains'] as const;
export const TEXT_OPERATORS = ['contains', 'eq', 'starts_with', 'ends_with', 'not_contains', 'ne'] as const;

export type NumericOperator = (typeof NUMERIC_OPERATORS)[number];
export type TagOperator = (typeof TAG_OPERATORS)[number];
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type ProductFilterOperator = NumericOperator | TagOperator | TextOperator;

export const logicalOperatorSchema = z.enum(['AND', 'OR']);
export type LogicalOperator = z.infer<typeof logicalOperatorSchema>;

/** The operators `field` allows. */
export function operatorsFor(field: ProductFilterField): readonly ProductFilterOperator[] {
  if ((NUMERIC_FILTER_FIELDS as readonly string[]).includes(field)) return NUMERIC_OPERATORS;
  if (field === 'tags') return TAG_OPERATORS;
  return TEXT_OPERATORS;
}

/** Most rows one request may carry. */
export const MAX_PRODUCT_FILTERS = 50;
const MAX_VALUE_LENGTH = 500;

/** A decimal number as text: "12", "-3", "4.50", ".5", "1e3". */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;

/** A filter row after validation: field and operator fit together, value trimmed (numbers as decimal text). */
export type ProductFilterCondition =
  | { field: TextFilterField; operator: TextOperator; value: string; logicalOperator: LogicalOperator }
  | { field: 'tags'; operator: TagOperator; value: string; logicalOperator: LogicalOperator }
  | { field: NumericFilterField; operator: NumericOperator; value: string; logicalOperator: LogicalOperator };

const rowSchema = z.object({
  id: z.union([z.string().max(100), z.number()]).optional(),
  field: z.string().max(100),
  operator: z.string().max(100),
  value: z.union([z.string().max(MAX_VALUE_LENGTH), z.number(), z.null()]).optional(),
  logicalOperator: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(logicalOperatorSchema)
    .optional(),
});

/**
 * One filter row. Issues name the row's part: `field` (not a filterable field), `operator` (not
 * allowed for that field, listing the ones that are), `value` (not a number for a numeric field).
 * Output: the condition, or null for a row with a blank value (not applied).
 */
export const productFilterSchema = rowSchema.transform((row, ctx): ProductFilterCondition | null => {
  const field = row.field as ProductFilterField;
  if (!(PRODUCT_FILTER_FIELDS as readonly string[]).includes(field)) {
    ctx.addIssue({
      code: 'custom',
      path: ['field'],
      message: `"${row.field}" is not a filterable field (use ${PRODUCT_FILTER_FIELDS.join(', ')})`,
    });
    return z.NEVER;
  }
  const allowed = operatorsFor(field);
  if (!allowed.includes(row.operator as ProductFilterOperator)) {
    ctx.addIssue({
      code: 'custom',
      path: ['operator'],
      message: `"${row.operator}" is not an operator for ${field} (use ${allowed.join(', ')})`,
    });
    return z.NEVER;
  }
  const value = row.value === null || row.value === undefined ? '' : String(row.value).trim();
  if (value === '') return null;
  const logicalOperator = row.logicalOperator ?? 'AND';
  if ((NUMERIC_FILTER_FIELDS as readonly string[]).includes(field)) {
    if (!DECIMAL.test(value) || !Number.isFinite(Number(value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `"${value}" is not a number (${field} ${row.operator})` });
      return z.NEVER;
    }
  }
  return { field, operator: row.operator, value, logicalOperator } as ProductFilterCondition;
});

/** The filter list; rows with a blank value are dropped, the first row's logical operator ignored. */
export const productFiltersSchema = z
  .array(productFilterSchema)
  .max(MAX_PRODUCT_FILTERS, `at most ${MAX_PRODUCT_FILTERS} filters`)
  .transform((rows) => rows.filter((r): r is ProductFilterCondition => r !== null));

/**
 * The `filters` query parameter: the list as JSON text ('' = none). Issues carry the row's path,
 * e.g. `filters.1.operator: "gt" is not an operator for name (use contains, ...)`.
 */
export const productFiltersParamSchema = z
  .string()
  .max(50_000)
  .transform((text, ctx): unknown => {
    if (text.trim() === '') return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON (a list of {field, operator, value, logicalOperator})' });
      return z.NEVER;
    }
  })
  .pipe(productFiltersSchema);

/** A filter row as the client builds it (input type of one row). */
export type ProductFilterInput = z.input<typeof rowSchema>;
