/**
 * A product audit's scope as a sentence a manager can read (issue: "see the product audit's filter
 * as a readable sentence on the page and in the XLSX's Executive Summary"). The rules it states are
 * those of `src/domain/filters.ts` (spec part 1 section 3 "Filter expression"):
 *
 *   { logic: 'AND', conditions: [category equals Tools, tags contains fragile] }
 *   -> 'Products whose category is "Tools" and that have a tag containing "fragile"'
 *
 * Values are quoted as typed (trimmed); comparisons are case-insensitive, which the sentence does
 * not repeat. An expression without conditions reads 'All products'.
 */
import type { FilterCondition, FilterExpression } from '../contracts/filters.js';

const FIELD_NAMES: Record<Exclude<FilterCondition['field'], 'tags'>, string> = {
  manufacturer: 'manufacturer',
  category: 'category',
  distributor: 'distributor',
  location: 'location',
  name: 'name',
  sku: 'SKU',
};

function quote(value: string): string {
  return `"${value.trim()}"`;
}

/** One condition as a relative clause: 'whose category is "Tools"', 'that have no tag equal to "x"'. */
export function describeCondition(condition: FilterCondition): string {
  const value = quote(condition.value);
  if (condition.field === 'tags') {
    switch (condition.operator) {
      case 'equals':
        return `that have the tag ${value}`;
      case 'not_equals':
        return `that do not have the tag ${value}`;
      case 'contains':
        return `that have a tag containing ${value}`;
      case 'not_contains':
        return `that have no tag containing ${value}`;
    }
  }
  const field = FIELD_NAMES[condition.field];
  switch (condition.operator) {
    case 'equals':
      return `whose ${field} is ${value}`;
    case 'not_equals':
      return `whose ${field} is not ${value}`;
    case 'contains':
      return `whose ${field} contains ${value}`;
    case 'not_contains':
      return `whose ${field} does not contain ${value}`;
  }
}

/** The whole expression as one sentence (no final full stop). */
export function describeFilter(expression: FilterExpression): string {
  if (expression.conditions.length === 0) return 'All products';
  const joiner = expression.logic === 'OR' ? ' or ' : ' and ';
  return `Products ${expression.conditions.map(describeCondition).join(joiner)}`;
}
