/**
 * Filter expressions of product audits (spec part 1 section 3 "Filter expression", section 5
 * "A filter is previewed only when it has at least one condition and every condition has field,
 * operator and a non-blank value"). Evaluated by `src/domain/filters.ts`.
 *
 * `{ logic: 'AND' | 'OR', conditions: [{ id, field, operator, value }] }`
 */
import { z } from 'zod';

/** Product fields a condition can test, in the order the filter step offers them. */
export const FILTER_FIELDS = ['manufacturer', 'category', 'distributor', 'location', 'name', 'sku', 'tags'] as const;
export const filterFieldSchema = z.enum(FILTER_FIELDS);
export type FilterField = z.infer<typeof filterFieldSchema>;

export const FILTER_OPERATORS = ['equals', 'not_equals', 'contains', 'not_contains'] as const;
export const filterOperatorSchema = z.enum(FILTER_OPERATORS);
export type FilterOperator = z.infer<typeof filterOperatorSchema>;

export const filterLogicSchema = z.enum(['AND', 'OR']);
export type FilterLogic = z.infer<typeof filterLogicSchema>;

export const filterConditionSchema = z.object({
  id: z.string().min(1).max(100),
  field: filterFieldSchema,
  operator: filterOperatorSchema,
  /** Compared trimmed and case-insensitively; must not be blank. */
  value: z.string().trim().min(1, 'Filter value is required').max(500),
});
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export const filterExpressionSchema = z.object({
  logic: filterLogicSchema,
  conditions: z.array(filterConditionSchema).min(1, 'Add at least one filter condition').max(50),
});
export type FilterExpression = z.infer<typeof filterExpressionSchema>;

/**
 * A filter expression as the client sends it: an object, or the same object as a JSON string
 * (spec part 1 section 7: `POST /api/audits/product-audit` and `upload-multiple` send a string).
 */
export const filterExpressionInputSchema = z.union([
  filterExpressionSchema,
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filterExpression is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(filterExpressionSchema),
]);
