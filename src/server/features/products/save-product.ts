/**
 * One product added or edited by hand (`POST /api/products`, `PATCH /api/products/{id}`; the
 * products screen's Add Product and Edit Product dialogs, issue 13 point 8). The same rules as
 * the bulk edit and imports: SKU unique in the organisation (case-insensitive), blank text is no
 * value, prices exact decimals with at most 2 places, tags trimmed without duplicates; adding
 * respects the plan's product limit (DESIGN.md section 4), editing is always allowed. The
 * alternate identifiers, when sent, replace the product's (store-identifiers.ts).
 */
import { productPatchSchema, type Product, type ProductInput, type ProductPatch } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, notFound } from '../../errors.js';
import { productChanges } from './bulk-update-products.js';
import { replaceIdentifiers, selectIdentifiers } from './identifiers-repo.js';
import { lockProductAllowance, oneProductLimitReached } from './product-limit.js';
import { cleanIdentifiers } from './store-identifiers.js';
import { findProductIdBySku, insertProduct, productExists, updateProduct as updateProductRow, type ProductValues } from './repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function skuTaken(sku: string): AppError {
  return new AppError('SKU_TAKEN', `A product with SKU "${sku}" already exists.`, 409);
}

/** Column values of the fields sent; @throws AppError 400 INVALID_FIELD for a bad price. */
function productValues(input: ProductPatch): Partial<ProductValues> {
  const values: Partial<ProductValues> = productChanges(input, '');
  if (input.sku !== undefined) values.sku = input.sku;
  for (const field of ['name', 'upc', 'otherIdentifier', 'description'] as const) {
    if (input[field] !== undefined) values[field] = input[field];
  }
  return values;
}

/**
 * Adds one product to the organisation.
 * @throws AppError 402 PRODUCT_LIMIT_REACHED (plan full), 409 SKU_TAKEN, 400 INVALID_FIELD.
 */
export async function createProduct(db: Db, opts: { organizationId: string; input: ProductInput }): Promise<Product> {
  const values = { currentQuantity: 0, tags: [], ...productValues(opts.input), sku: opts.input.sku };
  return db.transaction(async (tx) => {
    // Locks the organisation row: two adds cannot both take the plan's last place.
    const allowance = await lockProductAllowance(tx, { organizationId: opts.organizationId });
    if (allowance.room < 1) throw oneProductLimitReached(allowance);
    if (await findProductIdBySku(tx, opts.organizationId, values.sku)) throw skuTaken(values.sku);
    let product: Product;
    try {
      product = await insertProduct(tx, opts.organizationId, values);
    } catch (err) {
      if (isUniqueViolation(err)) throw skuTaken(values.sku);
      throw err;
    }
    return withIdentifiers(tx, opts.organizationId, product, opts.input.alternateIdentifiers);
  });
}

/**
 * `product` with its alternate identifiers: `given` (cleaned against its own UPC and other
 * identifier) stored in place of what it had, or what it has when nothing is given.
 */
async function withIdentifiers(tx: Db, organizationId: string, product: Product, given: readonly unknown[] | undefined): Promise<Product> {
  if (given === undefined) return { ...product, alternateIdentifiers: (await selectIdentifiers(tx, organizationId, [product.id])).get(product.id) ?? [] };
  const identifiers = cleanIdentifiers(given, product);
  await replaceIdentifiers(tx, organizationId, [product.id], [identifiers]);
  return { ...product, alternateIdentifiers: identifiers };
}

/**
 * Changes the fields sent on one product of the organisation. The product is looked up before
 * the body is read: another organisation's id answers 404 whatever is sent.
 * @throws AppError 404 (missing, another organisation's, not an id), 400 (body), 409 SKU_TAKEN.
 */
export async function updateProduct(db: Db, opts: { organizationId: string; id: string; body: unknown }): Promise<Product> {
  if (!UUID.test(opts.id) || !(await productExists(db, opts.organizationId, opts.id))) throw notFound('Product');
  const patch = productPatchSchema.parse(opts.body);
  const values = productValues(patch);
  if (values.sku !== undefined) {
    const owner = await findProductIdBySku(db, opts.organizationId, values.sku);
    if (owner && owner !== opts.id) throw skuTaken(values.sku);
  }
  try {
    return await db.transaction(async (tx) => {
      const product = await updateProductRow(tx, opts.organizationId, opts.id, values);
      if (!product) throw notFound('Product');
      return withIdentifiers(tx, opts.organizationId, product, patch.alternateIdentifiers);
    });
  } catch (err) {
    if (isUniqueViolation(err) && values.sku !== undefined) throw skuTaken(values.sku);
    throw err;
  }
}
