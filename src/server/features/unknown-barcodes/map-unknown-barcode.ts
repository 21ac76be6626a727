/**
 * Resolving an unknown barcode (DESIGN.md section 13 'Unknown barcodes', section 5 rule 1
 * 'Identifiers'; docs/decisions/0139). Mapping a value to a product stores it as one of the
 * product's alternate identifiers (a barcode when it is a digit code, so that it matches as
 * GTIN-14 like the engine keyed it; else an alias) counting `units` per read, and asks for a
 * recompute of every complete audit where it was unknown, in one transaction; the recomputes are
 * queued once it committed. Asking again (a double click) changes nothing more: the identifier is
 * there already and a waiting recompute is not queued twice. A product made from the value (the
 * product form, `POST /api/products`) is followed by `recomputeUnknownBarcode`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { MapUnknownBarcodeBody, UnknownBarcodeAction } from '../../../contracts/unknown-barcodes.js';
import { isUuid } from '../audits/repo.js';
import { requestRecompute, sendRecomputes } from '../audits/recompute-job.js';
import { storeAlternateIdentifiers } from '../products/store-identifiers.js';
import { auditsWithUnknown, matchKeyOf } from './repo.js';

/** The identifier kind a value is stored as: a barcode for digit codes (GTIN-14 matching), else an alias. */
export function identifierKindOf(value: string): 'barcode' | 'alias' {
  return /^[0-9]{14}$/.test(matchKeyOf(value)) ? 'barcode' : 'alias';
}

/**
 * Maps `body.value` to product `body.productId` and recomputes the audits it was unknown in.
 * @throws AppError 404 when the product is not the organisation's or the value was never unknown
 *   in its complete audits; 409 VALUE_MAPPED when the value is already an identifier of another
 *   product (mapping it twice would make it ambiguous); 400 for bad units.
 */
export async function mapUnknownBarcode(db: Db, jobs: JobQueue, organizationId: string, body: MapUnknownBarcodeBody): Promise<UnknownBarcodeAction> {
  const key = matchKeyOf(body.value);
  const answer = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!isUuid(body.productId)) throw notFound('Product');
    const [product] = await tx
      .select({ id: products.id, sku: products.sku, name: products.name })
      .from(products)
      .where(and(eq(products.id, body.productId), eq(products.organizationId, organizationId)))
      .for('update');
    if (!product) throw notFound('Product');
    const affected = await auditsWithUnknown(tx, organizationId, key);
    if (affected.length === 0) throw notFound('Unknown barcode');
    const holders = (await tx.execute(sql`
      select distinct p.id, p.sku from product_identifiers i join products p on p.id = i.product_id
      where i.organization_id = ${organizationId}::uuid and lower(i.value) = lower(${body.value})`)) as unknown as { rows: Array<{ id: string; sku: string }> };
    const other = holders.rows.find((h) => h.id !== product.id);
    if (other) throw new AppError('VALUE_MAPPED', `"${body.value}" is already an identifier of ${other.sku}.`, 409);
    if (holders.rows.length === 0) {
      await storeAlternateIdentifiers(tx, {
        organizationId,
        bySku: [{ sku: product.sku, identifiers: [{ value: body.value, kind: identifierKindOf(body.value), units: body.units }] }],
        mode: 'add',
      });
    }
    const requested = await requestRecompute(tx, organizationId, affected.map((a) => a.id));
    return { product, affected, requested };
  });
  await sendRecomputes(jobs, answer.requested.marked);
  return { key, product: answer.product, audits: statuses(answer.affected) };
}

/**
 * Recomputes the audits where `value` was unknown (after a product was made from it).
 * @throws AppError 404 when the value was never unknown in the organisation's complete audits.
 */
export async function recomputeUnknownBarcode(db: Db, jobs: JobQueue, organizationId: string, value: string): Promise<UnknownBarcodeAction> {
  const key = matchKeyOf(value);
  const answer = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const affected = await auditsWithUnknown(tx, organizationId, key);
    if (affected.length === 0) throw notFound('Unknown barcode');
    return { affected, requested: await requestRecompute(tx, organizationId, affected.map((a) => a.id)) };
  });
  await sendRecomputes(jobs, answer.requested.marked);
  return { key, product: null, audits: statuses(answer.affected) };
}

function statuses(affected: Array<{ id: string; name: string; kept: boolean }>): UnknownBarcodeAction['audits'] {
  return affected.map((a) => ({ id: a.id, name: a.name, recompute: a.kept ? 'queued' : 'not-kept' }));
}
