/**
 * Quantity updates from a file (spec part 2 sections 4, 5, 7 `POST /api/products/upload-quantities`):
 * a column of SKUs and a column of counted quantities set `currentQuantity` of those products.
 *
 * All or nothing, in one transaction. A file is refused (400, nothing changed) when any row is
 * bad (blank SKU, a quantity that is blank or not a number of at most 3 decimal places, a SKU listed twice) or when any
 * SKU matches no product of the organisation: a stock count naming an unknown SKU is usually a
 * typo or the wrong file, and applying the rest would leave the catalogue half updated. The
 * answer's `details` list the bad lines (`errors`: line, field, message) and the unknown SKUs
 * (`unknownSkus`), each list cut at 500 with the full counts beside (`errorCount`,
 * `unknownSkuCount`). Quantity uploads never add products, so the plan's product limit does not
 * apply.
 */
import type { ImportRowError, QuantityUploadResponse } from '../../../contracts/products.js';
import { parseQuantityCellText } from '../../../domain/product-values.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import { updateQuantitiesBySku } from './repo.js';

const MAX_LISTED = 500;

/**
 * The SKU and quantity columns of `mapping` (header -> 'sku' | 'quantity'; '' or 'skip' unused).
 * @throws AppError 400 UNKNOWN_FIELD, UNKNOWN_COLUMN, DUPLICATE_FIELD, MISSING_REQUIRED_COLUMNS.
 */
export function resolveQuantityMapping(
  fileName: string,
  headers: readonly string[],
  mapping: Record<string, string>,
): { sku: number; quantity: number } {
  const found: { sku?: number; quantity?: number } = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (!field || field === 'skip') continue;
    if (field !== 'sku' && field !== 'quantity') {
      throw new AppError('UNKNOWN_FIELD', `Column "${header}" is mapped to "${field}": map columns to sku or quantity.`);
    }
    const index = headers.indexOf(header);
    if (index < 0) throw new AppError('UNKNOWN_COLUMN', `${fileName}: there is no column "${header}". Columns: ${headers.join(', ')}.`);
    if (found[field] !== undefined) throw new AppError('DUPLICATE_FIELD', `${field === 'sku' ? 'SKU' : 'Quantity'} is mapped to more than one column.`);
    found[field] = index;
  }
  const missing = [found.sku === undefined ? 'SKU' : null, found.quantity === undefined ? 'Quantity' : null].filter(Boolean);
  if (missing.length > 0) {
    throw new AppError('MISSING_REQUIRED_COLUMNS', `Missing Required Columns: Please map the following required columns: ${missing.join(', ')}.`);
  }
  return { sku: found.sku!, quantity: found.quantity! };
}

/**
 * Sets the quantities of a file's SKUs for the organisation.
 * @throws AppError 400 QUANTITY_UPLOAD_INVALID (bad rows, maybe unknown SKUs too) or UNKNOWN_SKUS
 *   (only unknown SKUs), with `details` as the module comment says; mapping errors; FileError for
 *   an unreadable file. Nothing is changed then.
 */
export async function uploadQuantities(
  db: Db,
  opts: { organizationId: string; filePath: string; fileName: string; mapping: Record<string, string> },
): Promise<QuantityUploadResponse> {
  const { fileName } = opts;
  const table = await openTable(opts.filePath, fileName, { header: 'yes' });
  const columns = resolveQuantityMapping(fileName, table.headers, opts.mapping);
  const skus: string[] = [];
  const quantities: number[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let totalRows = 0;
  const firstLineOfSku = new Map<string, number>();
  const fail = (line: number, field: 'sku' | 'quantity', message: string) => {
    errorCount += 1;
    if (errors.length < MAX_LISTED) errors.push({ line, field, message: `${fileName} line ${line}: ${message}` });
  };

  for await (const batch of table.batches()) {
    for (const { line, cells } of batch) {
      totalRows += 1;
      const sku = (cells[columns.sku] ?? '').trim();
      const raw = (cells[columns.quantity] ?? '').trim();
      if (!sku) {
        fail(line, 'sku', 'SKU is empty');
        continue;
      }
      const seenAt = firstLineOfSku.get(sku.toLowerCase());
      if (seenAt !== undefined) {
        fail(line, 'sku', `SKU "${sku}" already appears on line ${seenAt}`);
        continue;
      }
      firstLineOfSku.set(sku.toLowerCase(), line);
      const quantity = parseQuantityCellText(raw, null);
      if (!quantity.ok) fail(line, 'quantity', `Quantity ${quantity.message}`);
      else if (quantity.value === null) fail(line, 'quantity', `Quantity is empty for SKU "${sku}"`);
      else {
        skus.push(sku);
        quantities.push(quantity.value);
      }
    }
  }

  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const matched = skus.length > 0 ? await updateQuantitiesBySku(tx, opts.organizationId, skus, quantities) : new Set<string>();
    const unknownSkus = skus.filter((sku) => !matched.has(sku));
    if (errorCount > 0 || unknownSkus.length > 0) {
      // Thrown inside the transaction: the updates above roll back.
      throw refusal({ fileName, totalRows, errors, errorCount, unknownSkus });
    }
    return { updated: matched.size, totalRows, unknownSkus: [] };
  });
}

function refusal(p: { fileName: string; totalRows: number; errors: ImportRowError[]; errorCount: number; unknownSkus: string[] }): AppError {
  const { errors, errorCount, unknownSkus } = p;
  const listed = unknownSkus.slice(0, 10).join(', ') + (unknownSkus.length > 10 ? ', ...' : '');
  const unknownText =
    unknownSkus.length === 0
      ? ''
      : unknownSkus.length === 1
        ? `SKU ${listed} matches no product`
        : `${unknownSkus.length} SKUs match no product: ${listed}`;
  const details = {
    totalRows: p.totalRows,
    errors,
    errorCount,
    unknownSkus: unknownSkus.slice(0, MAX_LISTED),
    unknownSkuCount: unknownSkus.length,
  };
  if (errorCount === 0) {
    return new AppError('UNKNOWN_SKUS', `Nothing was updated: ${p.fileName}: ${unknownText}.`, 400, details);
  }
  const first = errors[0]!.message;
  const rowsText = errorCount === 1 ? first : `${errorCount} problems. First: ${first}`;
  return new AppError(
    'QUANTITY_UPLOAD_INVALID',
    `Nothing was updated: ${rowsText}${unknownText ? `; and ${unknownText}` : ''}.`,
    400,
    details,
  );
}
