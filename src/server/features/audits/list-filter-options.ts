/**
 * `GET /api/products/filter-options` (spec part 1 section 3 "Filter options", section 9: cached
 * 5 minutes by the client): suggested values per filter field.
 */
import { FILTER_OPTIONS_LIMIT, type FilterOptions } from '../../../contracts/audits.js';
import type { Db } from '../../db/client.js';
import { filterOptionValues } from './filter-repo.js';

/** Distinct non-blank values of the organisation's products per field, sorted, capped. */
export async function listFilterOptions(opts: { db: Db; organizationId: string }): Promise<FilterOptions> {
  return filterOptionValues(opts.db, opts.organizationId, FILTER_OPTIONS_LIMIT);
}
