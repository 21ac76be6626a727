/**
 * The Define Filters step's conditions (spec part 1 sections 3 "Filter expression", 5 "A filter
 * is previewed only when it has at least one condition and every condition has field, operator
 * and a non-blank value").
 *
 * Field and operator lists are repeated here rather than imported from the zod contract, so the
 * wizard chunk stays free of zod; `filter-conditions.test.ts` checks they match the contract.
 */
import type { FilterExpression, FilterField, FilterLogic, FilterOperator } from '../../../../contracts/filters';

export const FILTER_FIELD_LABELS: Record<FilterField, string> = {
  manufacturer: 'Manufacturer',
  category: 'Category',
  distributor: 'Distributor',
  location: 'Location',
  name: 'Product Name',
  sku: 'SKU',
  tags: 'Tags',
};

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  equals: 'Equals',
  not_equals: 'Not equals',
  contains: 'Contains',
  not_contains: 'Does not contain',
};

export const FIELDS = Object.keys(FILTER_FIELD_LABELS) as FilterField[];
export const OPERATORS = Object.keys(FILTER_OPERATOR_LABELS) as FilterOperator[];

/** A condition being edited: field and operator may still be unchosen (''). */
export interface DraftCondition {
  id: string;
  field: FilterField | '';
  operator: FilterOperator | '';
  value: string;
}

export interface DraftFilter {
  logic: FilterLogic;
  conditions: DraftCondition[];
}

let nextId = 0;

export function newCondition(): DraftCondition {
  nextId += 1;
  return { id: `condition-${Date.now().toString(36)}-${nextId}`, field: '', operator: 'equals', value: '' };
}

export function isConditionComplete(c: DraftCondition): c is DraftCondition & { field: FilterField; operator: FilterOperator } {
  return c.field !== '' && c.operator !== '' && c.value.trim() !== '';
}

/**
 * The filter expression to preview and send, or null while the filter is incomplete (no condition,
 * or a condition without field, operator or non-blank value). Values are sent trimmed.
 */
export function toFilterExpression(draft: DraftFilter): FilterExpression | null {
  if (draft.conditions.length === 0) return null;
  const conditions: FilterExpression['conditions'] = [];
  for (const c of draft.conditions) {
    if (!isConditionComplete(c)) return null;
    conditions.push({ id: c.id, field: c.field, operator: c.operator, value: c.value.trim() });
  }
  return { logic: draft.logic, conditions };
}

/** A stored filter expression (the audit's `filterExpression`, typed unknown) as a draft, or null. */
export function draftFromStored(stored: unknown): DraftFilter | null {
  if (!stored || typeof stored !== 'object') return null;
  const o = stored as { logic?: unknown; conditions?: unknown };
  if (!Array.isArray(o.conditions)) return null;
  const conditions: DraftCondition[] = [];
  for (const raw of o.conditions as unknown[]) {
    if (!raw || typeof raw !== 'object') return null;
    const c = raw as Record<string, unknown>;
    if (!FIELDS.includes(c.field as FilterField) || !OPERATORS.includes(c.operator as FilterOperator) || typeof c.value !== 'string') return null;
    conditions.push({ id: typeof c.id === 'string' ? c.id : newCondition().id, field: c.field as FilterField, operator: c.operator as FilterOperator, value: c.value });
  }
  return { logic: o.logic === 'OR' ? 'OR' : 'AND', conditions };
}

