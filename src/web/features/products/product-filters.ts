/**
 * The Advanced Filters of the products list (spec part 2 sections 3 "Product filter" and 5
 * "Filter operators by field"): which operators each field allows, their labels, and how the
 * rows the user is editing become the `filters` JSON of `GET /api/products`.
 *
 * Types come from the contract (src/contracts/product-filters.ts). Its tables are repeated here
 * as plain data so that the page chunk does not load zod; product-filters.test.ts holds them
 * equal to the contract's.
 */
import type {
  LogicalOperator,
  NumericFilterField,
  NumericOperator,
  ProductFilterField,
  ProductFilterInput,
  ProductFilterOperator,
  TagOperator,
  TextFilterField,
  TextOperator,
} from '../../../contracts/product-filters';

export type { LogicalOperator, ProductFilterField, ProductFilterOperator };

export const NUMERIC_FILTER_FIELDS = ['currentQuantity', 'costPrice', 'price'] as const satisfies readonly NumericFilterField[];
export const TEXT_FILTER_FIELDS = [
  'sku',
  'name',
  'upc',
  'otherIdentifier',
  'distributor',
  'manufacturer',
  'category',
  'location',
] as const satisfies readonly TextFilterField[];

/** Every filterable field, in the order the field select lists them (the table's column order). */
export const PRODUCT_FILTER_FIELDS = [
  'sku',
  'upc',
  'otherIdentifier',
  'name',
  'distributor',
  'manufacturer',
  'category',
  'currentQuantity',
  'costPrice',
  'price',
  'location',
  'tags',
] as const satisfies readonly ProductFilterField[];

export const NUMERIC_OPERATORS = ['eq', 'gt', 'lt', 'gte', 'lte', 'ne'] as const satisfies readonly NumericOperator[];
export const TAG_OPERATORS = ['contains', 'not_contains'] as const satisfies readonly TagOperator[];
export const TEXT_OPERATORS = [
  'contains',
  'eq',
  'starts_with',
  'ends_with',
  'not_contains',
  'ne',
] as const satisfies readonly TextOperator[];

/** One row of the Advanced Filters panel; `logicalOperator` joins it to the row before. */
export interface ProductFilter extends ProductFilterInput {
  id: string;
  field: ProductFilterField;
  operator: ProductFilterOperator;
  value: string;
  logicalOperator?: LogicalOperator;
}

export const FILTER_FIELD_LABELS: Record<ProductFilterField, string> = {
  sku: 'SKU',
  upc: 'UPC',
  otherIdentifier: 'Other ID',
  name: 'Name',
  distributor: 'Distributor',
  manufacturer: 'Manufacturer',
  category: 'Category',
  currentQuantity: 'Current Stock',
  costPrice: 'Cost Price',
  price: 'Selling Price',
  location: 'Location',
  tags: 'Tags',
};

/** Operator names as the select shows them, by kind of field. */
const NUMERIC_OPERATOR_LABELS: Record<NumericOperator, string> = {
  eq: 'equals',
  gt: 'greater than',
  lt: 'less than',
  gte: 'greater than or equal to',
  lte: 'less than or equal to',
  ne: 'does not equal',
};
const TEXT_OPERATOR_LABELS: Record<TextOperator, string> = {
  contains: 'contains',
  eq: 'equals',
  starts_with: 'starts with',
  ends_with: 'ends with',
  not_contains: 'does not contain',
  ne: 'does not equal',
};
const TAG_OPERATOR_LABELS: Record<TagOperator, string> = {
  contains: 'contains',
  not_contains: 'does not contain',
};

export function isNumericFilterField(field: ProductFilterField): field is NumericFilterField {
  return (NUMERIC_FILTER_FIELDS as readonly string[]).includes(field);
}

/** The operators `field` allows, the first being the one a new or re-fielded row starts with. */
export function operatorsFor(field: ProductFilterField): readonly ProductFilterOperator[] {
  if (isNumericFilterField(field)) return NUMERIC_OPERATORS;
  if (field === 'tags') return TAG_OPERATORS;
  return TEXT_OPERATORS;
}

export function operatorLabel(field: ProductFilterField, operator: ProductFilterOperator): string {
  const labels: Partial<Record<ProductFilterOperator, string>> = isNumericFilterField(field)
    ? NUMERIC_OPERATOR_LABELS
    : field === 'tags'
      ? TAG_OPERATOR_LABELS
      : TEXT_OPERATOR_LABELS;
  return labels[operator] ?? operator;
}

let nextId = 0;
function newFilterId(): string {
  nextId += 1;
  return `filter-${Date.now().toString(36)}-${nextId}`;
}

/** A new row: the first field, its first operator, no value; AND unless it is the first row. */
export function newFilter(existing: readonly ProductFilter[]): ProductFilter {
  const field: ProductFilterField = PRODUCT_FILTER_FIELDS[0];
  const filter: ProductFilter = { id: newFilterId(), field, operator: operatorsFor(field)[0]!, value: '' };
  if (existing.length > 0) filter.logicalOperator = 'AND';
  return filter;
}

/**
 * Changing the field resets the operator to the field's first allowed one (spec part 2
 * section 5). A value typed for a text field means nothing for a number field, and the other
 * way round, so it is cleared when the kind of field changes.
 */
export function withField(filter: ProductFilter, field: ProductFilterField): ProductFilter {
  const sameKind = isNumericFilterField(filter.field) === isNumericFilterField(field);
  return { ...filter, field, operator: operatorsFor(field)[0]!, value: sameKind ? filter.value : '' };
}

/** Removes a row; the row that becomes first loses its logical operator. */
export function withoutFilter(filters: readonly ProductFilter[], id: string): ProductFilter[] {
  return firstWithoutLogic(filters.filter((f) => f.id !== id));
}

function firstWithoutLogic(filters: ProductFilter[]): ProductFilter[] {
  return filters.map((f, i) => {
    if (i === 0) {
      const { logicalOperator: _drop, ...first } = f;
      return first;
    }
    return f.logicalOperator ? f : { ...f, logicalOperator: 'AND' };
  });
}

/** A row the server can apply: a value, and a finite number for a numeric field. */
export function isCompleteFilter(filter: ProductFilter): boolean {
  const value = filter.value.trim();
  if (value === '') return false;
  if (isNumericFilterField(filter.field)) return Number.isFinite(Number(value));
  return true;
}

/**
 * The rows to send: complete ones only, values trimmed, the first without a logical operator
 * (the spec's shape: `logicalOperator` is absent on the first).
 */
export function filtersToApply(filters: readonly ProductFilter[]): ProductFilter[] {
  return firstWithoutLogic(filters.filter(isCompleteFilter).map((f) => ({ ...f, value: f.value.trim() })));
}

/** The `filters` query parameter: a JSON list, or undefined when no row is complete. */
export function filtersParam(filters: readonly ProductFilter[]): string | undefined {
  const applied = filtersToApply(filters);
  if (applied.length === 0) return undefined;
  return JSON.stringify(
    applied.map(({ id, field, operator, value, logicalOperator }) =>
      logicalOperator ? { id, field, operator, value, logicalOperator } : { id, field, operator, value },
    ),
  );
}
