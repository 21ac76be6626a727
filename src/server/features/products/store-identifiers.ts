/**
 * Storing a product's alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers"): from
 * the product form (the whole list, replaced), and from imports (a catalogue's extra barcode
 * columns, a POS barcode table with several rows per item code), by SKU.
 */
import { productIdentifierSchema, MAX_PRODUCT_IDENTIFIERS, type ProductIdentifier } from '../../../contracts/product-identifiers.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { productIdsBySku, replaceIdentifiers, selectIdentifiers } from './identifiers-repo.js';

/**
 * `identifiers` validated, in order, without repeats: the same kind and value (case-insensitive)
 * given twice is kept once (the first). An identifier equal to the product's own UPC (barcodes)
 * or other identifier (aliases) could only repeat it, so `own` leaves it out.
 * @throws AppError 400 INVALID_FIELD naming the bad identifier; 400 when more than 100.
 */
export function cleanIdentifiers(identifiers: readonly unknown[], own: { upc?: string | null; otherIdentifier?: string | null } = {}): ProductIdentifier[] {
  const seen = new Set<string>();
  const out: ProductIdentifier[] = [];
  for (const raw of identifiers) {
    const parsed = productIdentifierSchema.safeParse(raw);
    if (!parsed.success) {
      throw new AppError('INVALID_FIELD', `Alternate identifier ${JSON.stringify((raw as { value?: unknown })?.value ?? raw)}: ${parsed.error.issues[0]!.message}`, 400);
    }
    const identifier = parsed.data;
    const key = `${identifier.kind}:${identifier.value.toLowerCase()}`;
    const ownValue = identifier.kind === 'barcode' ? own.upc : own.otherIdentifier;
    if (seen.has(key) || (identifier.units === 1 && ownValue?.trim().toLowerCase() === identifier.value.toLowerCase())) continue;
    seen.add(key);
    out.push(identifier);
  }
  if (out.length > MAX_PRODUCT_IDENTIFIERS) {
    throw new AppError('INVALID_FIELD', `A product keeps at most ${MAX_PRODUCT_IDENTIFIERS} alternate identifiers.`, 400);
  }
  return out;
}

/** What `storeAlternateIdentifiers` did. */
export interface StoredIdentifiers {
  /** Products whose identifiers were written. */
  products: number;
  /** SKUs given that match no product of the organisation (nothing stored for them), as given. */
  unknownSkus: string[];
}

/**
 * Stores alternate identifiers by SKU (case-insensitive) for the organisation's products: the
 * call an import makes once its rows are in (a barcode table, extra barcode columns).
 * `mode` 'add' keeps what a product has and appends the new ones (repeats dropped, as
 * `cleanIdentifiers`); 'replace' sets exactly the given lists. In the caller's transaction when
 * `db` is one. A SKU listed twice has its lists joined.
 * @throws AppError 400 INVALID_FIELD for a bad identifier (nothing is stored).
 */
export async function storeAlternateIdentifiers(
  db: Db,
  opts: { organizationId: string; bySku: Iterable<{ sku: string; identifiers: readonly ProductIdentifier[] }>; mode: 'add' | 'replace' },
): Promise<StoredIdentifiers> {
  const wanted = new Map<string, { sku: string; identifiers: ProductIdentifier[] }>();
  for (const entry of opts.bySku) {
    const key = entry.sku.trim().toLowerCase();
    if (key === '') continue;
    const current = wanted.get(key);
    if (current) current.identifiers.push(...entry.identifiers);
    else wanted.set(key, { sku: entry.sku, identifiers: [...entry.identifiers] });
  }
  const ids = await productIdsBySku(db, opts.organizationId, [...wanted.keys()]);
  const unknownSkus = [...wanted.entries()].filter(([key]) => !ids.has(key)).map(([, entry]) => entry.sku);
  const productIds: string[] = [];
  const lists: ProductIdentifier[][] = [];
  for (const [key, entry] of wanted) {
    const id = ids.get(key);
    if (id === undefined) continue;
    productIds.push(id);
    lists.push(entry.identifiers);
  }
  if (opts.mode === 'add') {
    const existing = await selectIdentifiers(db, opts.organizationId, productIds);
    productIds.forEach((id, i) => (lists[i] = [...(existing.get(id) ?? []), ...lists[i]!]));
  }
  await replaceIdentifiers(db, opts.organizationId, productIds, lists.map((list) => cleanIdentifiers(list)));
  return { products: productIds.length, unknownSkus };
}
