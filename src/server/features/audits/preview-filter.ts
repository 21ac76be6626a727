/**
 * `POST /api/products/filter-preview` (spec part 1 section 5 "Define Filters": 'Filter matches N
 * products'): how many of the organisation's products the filter puts in a product audit's scope,
 * by the same rules processing uses (filter-sql.ts).
 */
import type { FilterPreview } from '../../../contracts/audits.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import type { Db } from '../../db/client.js';
import { countMatchingProducts } from './filter-repo.js';

export async function previewFilter(opts: { db: Db; organizationId: string; filterExpression: FilterExpression }): Promise<FilterPreview> {
  return { count: await countMatchingProducts(opts.db, opts.organizationId, opts.filterExpression) };
}
