/**
 * `GET /api/products/{id}/history` (DESIGN.md section 13): the product's stock adjustments,
 * newest first, each with its audit, who and why (contracts/stock.ts `productHistorySchema`).
 */
import type { ProductHistory } from '../../../contracts/stock.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../audits/repo.js';
import { findProductStock, listProductAdjustments } from './repo.js';

/** @throws AppError 404 for a missing product or another organisation's. */
export async function readProductHistory(db: Db, organizationId: string, productId: string): Promise<ProductHistory> {
  const product = isUuid(productId) ? await findProductStock(db, organizationId, productId) : null;
  if (!product) throw notFound('Product');
  return { product, adjustments: await listProductAdjustments(db, organizationId, productId) };
}
