/**
 * Deleting products (spec part 2 sections 2, 7): one product (`DELETE /api/products/{id}`) or the
 * whole selection in one statement (`POST /api/products/bulk-delete`). Finished audits keep their
 * result lines with SKU and name (they hold no foreign key to products); new audits no longer see
 * the product.
 */
import type { BulkDeleteResponse } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { deleteProducts as deleteProductRows } from './repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @throws AppError 404 for a missing product, another organisation's, or an id that is not one. */
export async function deleteProduct(db: Db, opts: { organizationId: string; id: string }): Promise<void> {
  if (!UUID.test(opts.id)) throw notFound('Product');
  const deleted = await deleteProductRows(db, opts.organizationId, [opts.id]);
  if (deleted === 0) throw notFound('Product');
}

/** Deletes the organisation's products among `productIds`; others' ids are ignored. */
export async function deleteProducts(db: Db, opts: { organizationId: string; productIds: readonly string[] }): Promise<BulkDeleteResponse> {
  return { deleted: await deleteProductRows(db, opts.organizationId, opts.productIds) };
}
