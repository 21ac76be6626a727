/**
 * Evaluation of product-audit filter expressions (spec part 1 section 3 "Filter expression";
 * DESIGN.md section 5 "the products matching the filter expression" form the in-scope catalogue).
 * Shape and validation: `src/contracts/filters.ts`.
 *
 * Comparisons are trimmed, case-insensitive and NFC-normalised on both sides; a missing field is
 * the empty string. Operators on a text field:
 *   equals       field equals value          not_equals    it does not
 *   contains     field contains value        not_contains  it does not
 * On `tags` (a list): equals = some tag equals the value, contains = some tag contains it;
 * not_equals / not_contains = no tag does (so a product without tags passes both).
 * `AND` needs every condition, `OR` any one. An expression without conditions matches every
 * product (the contract refuses one; this keeps the predicate total).
 */
import type { FilterCondition, FilterExpression, FilterField } from '../contracts/filters.js';

/** The product fields a filter reads. Catalogue rows and `Product` from the contracts fit. */
export interface FilterableProduct {
  sku: string;
  name: string | null;
  manufacturer: string | null;
  category: string | null;
  distributor: string | null;
  location: string | null;
  tags: readonly string[];
}

/** A compiled expression: a predicate over products. */
export type ProductPredicate = (product: FilterableProduct) => boolean;

/**
 * Compile `expression` once (condition values folded once) into a predicate; use this when
 * testing many products. Throws nothing; unknown fields or operators cannot pass the contract.
 */
export function compileFilter(expression: FilterExpression): ProductPredicate {
  const tests = expression.conditions.map(compileCondition);
  if (tests.length === 0) return () => true;
  if (expression.logic === 'OR') return (product) => tests.some((test) => test(product));
  return (product) => tests.every((test) => test(product));
}

const compiled = new WeakMap<FilterExpression, ProductPredicate>();

/**
 * True when `product` matches `expression` (see the module comment for the rules). The compiled
 * form is cached per expression object, so calling this for every product of a catalogue is
 * cheap as long as the expression is not mutated in between.
 */
export function matchesFilter(product: FilterableProduct, expression: FilterExpression): boolean {
  let predicate = compiled.get(expression);
  if (predicate === undefined) {
    predicate = compileFilter(expression);
    compiled.set(expression, predicate);
  }
  return predicate(product);
}

/** Fold text for comparison: trimmed, NFC, lower case. */
export function foldFilterText(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  // Only text beyond Latin (U+0300 on) can need NFC; the range starts at U+0000 on purpose.
  // eslint-disable-next-line no-control-regex
  return (/[^\u0000-\u02ff]/.test(trimmed) ? trimmed.normalize('NFC') : trimmed).toLowerCase();
}

function compileCondition(condition: FilterCondition): ProductPredicate {
  const wanted = foldFilterText(condition.value);
  const test =
    condition.operator === 'equals' || condition.operator === 'not_equals'
      ? (text: string) => text === wanted
      : (text: string) => text.includes(wanted);
  const negate = condition.operator === 'not_equals' || condition.operator === 'not_contains';
  if (condition.field === 'tags') {
    return (product) => product.tags.some((tag) => test(foldFilterText(tag))) !== negate;
  }
  const field: Exclude<FilterField, 'tags'> = condition.field;
  return (product) => test(foldFilterText(product[field])) !== negate;
}
