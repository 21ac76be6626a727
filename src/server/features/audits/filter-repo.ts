/**
 * Product queries of the filter step (spec part 1 section 5 "Define Filters", section 7
 * filter-options and filter-preview). Scoped by organization_id like every query.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { FilterExpression } from '../../../contracts/filters.js';
import { FILTER_OPTION_FIELDS, type FilterOptions } from '../../../contracts/audits.js';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { filterSql } from './filter-sql.js';

/** Products of the organisation that match `expression` (same rules as the domain's matchesFilter). */
export async function countMatchingProducts(db: Db, organizationId: string, expression: FilterExpression): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), filterSql(expression)));
  return Number(row?.n ?? 0);
}

const OPTION_VALUES = {
  manufacturer: sql`${products.manufacturer}`,
  category: sql`${products.category}`,
  distributor: sql`${products.distributor}`,
  location: sql`${products.location}`,
  tags: sql`unnest(${products.tags})`,
} as const;

/**
 * Per field, the distinct trimmed non-blank values of the organisation's products, ordered
 * case-insensitively (ties by exact text, so the order is the same on every database), at most
 * `limit` each.
 */
export async function filterOptionValues(db: Db, organizationId: string, limit: number): Promise<FilterOptions> {
  const entries = await Promise.all(
    FILTER_OPTION_FIELDS.map(async (field) => {
      const result = (await db.execute(sql`
        select value from (
          select distinct btrim(v.value) as value
          from (select ${OPTION_VALUES[field]} as value from ${products} where ${products.organizationId} = ${organizationId}) as v
          where v.value is not null and btrim(v.value) <> ''
        ) as d
        order by lower(value) collate "C", value collate "C"
        limit ${limit}`)) as unknown as { rows: Array<{ value: string }> };
      return [field, result.rows.map((r) => r.value)] as const;
    }),
  );
  return Object.fromEntries(entries) as FilterOptions;
}

