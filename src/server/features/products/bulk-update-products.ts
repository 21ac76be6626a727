/**
 * Bulk Edit (spec part 2 sections 2, 5, 7 `PATCH /api/products/bulk-update`): sets the chosen
 * fields on every selected product of the organisation in one statement. Ids of another
 * organisation, or of products deleted meanwhile, change nothing and are not counted.
 */
import type { BulkUpdateBody, BulkUpdateResponse, BulkUpdates } from '../../../contracts/products.js';
import { parseMoney } from '../../../domain/product-values.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { updateProducts, type ProductChanges } from './repo.js';

const LABEL = { costPrice: 'Cost Price', price: 'Selling Price' } as const;

function money(field: 'costPrice' | 'price', value: number | string | null, prefix: string): string | null {
  if (value === null) return null;
  const parsed = parseMoney(String(value));
  if (!parsed.ok) throw new AppError('INVALID_FIELD', `${prefix}${field}: ${LABEL[field]} ${parsed.message}`);
  // A price typed in the bulk edit has cents at most; only imports keep an ERP's 4 decimals.
  if (parsed.value !== null && /\.\d{3}/.test(parsed.value)) {
    throw new AppError('INVALID_FIELD', `${prefix}${field}: ${LABEL[field]} "${String(value)}" has more than 2 decimal places`);
  }
  return parsed.value;
}

/**
 * The column values of `updates`: text trimmed (blank clears), prices exact decimals (at most 2
 * places, not negative), tags trimmed with blanks and case-insensitive duplicates dropped.
 * `prefix` starts the field's name in an error ('updates.' for the bulk edit's body).
 * @throws AppError 400 INVALID_FIELD naming the field for a bad price.
 */
export function productChanges(updates: Omit<BulkUpdates, 'addTags'>, prefix = 'updates.'): ProductChanges {
  const changes: ProductChanges = {};
  for (const field of ['distributor', 'manufacturer', 'category', 'location'] as const) {
    if (updates[field] !== undefined) changes[field] = updates[field];
  }
  if (updates.currentQuantity !== undefined) changes.currentQuantity = updates.currentQuantity;
  if (updates.costPrice !== undefined) changes.costPrice = money('costPrice', updates.costPrice, prefix);
  if (updates.price !== undefined) changes.price = money('price', updates.price, prefix);
  if (updates.tags !== undefined) changes.tags = uniqueTags(updates.tags);
  return changes;
}

/** Trimmed, blanks dropped, the first of case-insensitive duplicates kept (as imports do). */
function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

export async function bulkUpdateProducts(
  db: Db,
  opts: { organizationId: string } & BulkUpdateBody,
): Promise<BulkUpdateResponse> {
  const changes = productChanges(opts.updates);
  const addTags = opts.updates.addTags ? uniqueTags(opts.updates.addTags) : [];
  return { updated: await updateProducts(db, opts.organizationId, opts.productIds, changes, addTags) };
}
