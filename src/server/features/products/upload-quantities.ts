/**
 * Quantity updates from a file (spec part 2 sections 4, 5, 7 `POST /api/products/upload-quantities`):
 * a column of SKUs and a column of counted quantities set `currentQuantity` of those products.
 *
 * The rows stream through the same interpretation as the catalogue import (DESIGN.md section 6
 * 'What real exports hold'; table-interpretation.ts, read row by row by catalogue-rows.ts): a row
 * without SKU takes the file's next identifier (barcode, the system's id, Handle + options); rows
 * without any (title, group, total, image rows) are skipped and listed with line and reason; rows
 * of one item (one per location, bin, serial or lot; a SKU listed twice) are summed, identical
 * repeated rows count once; `not stocked` reads 0; a row whose quantity is blank gave no figure:
 * it is skipped and listed, its product left as it was (docs/decisions/0135-quantity-upload-rows.md).
 *
 * All or nothing, in one transaction. A file is refused (400, nothing changed) when any row is
 * bad (a quantity that is not a number of at most 3 decimal places) or when any key matches no
 * product of the organisation: a stock count naming an unknown SKU is usually a typo or the wrong
 * file, and applying the rest would leave the catalogue half updated. The answer's `details` list
 * the bad lines (`errors`: line, field, message), the unknown SKUs (`unknownSkus`) and the skipped
 * rows (`skippedLines`), each list cut at 500 with the full counts beside (`errorCount`,
 * `unknownSkuCount`). Quantity uploads never add products, so the plan's product limit does not
 * apply.
 *
 * With `applyValidRows` (the dialog's 'update the matching rows, list the rest', asked after such
 * a refusal) the rows that are good and name a product are updated, in one transaction, and every
 * other row is answered in `rejected` with its reason, for the user to fix and upload again.
 */
import type { ImportRowError, QuantityUploadResponse, RejectedQuantityRow } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import type { RepeatedRows } from '../../../domain/table-interpretation.js';
import { catalogueReaderFor, type CatalogueRowReader, type SkippedLine } from './catalogue-rows.js';
import { updateQuantitiesBySku } from './repo.js';

const MAX_LISTED = 500;
/** Rejected rows answered by a partial update (the rest are counted). */
const MAX_REJECTED = 10_000;

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
 * @param opts.headerLine the file line of the header row when the user chose one (a report's
 *   title rows above it); by default the reader finds it.
 * @param opts.location the location (per-location columns or a store column) the quantities are
 *   for, or 'all' (summed); by default the interpretation's proposal.
 * @param opts.repeatedRows further rows of one item add their quantity ('sum', the default) or
 *   the first row's is kept ('first').
 * @throws AppError 400 QUANTITY_UPLOAD_INVALID (bad rows, maybe unknown SKUs too) or UNKNOWN_SKUS
 *   (only unknown SKUs), with `details` as the module comment says; NO_DATA_ROWS (no row to
 *   read); mapping errors; FileError for an unreadable file. Nothing is changed then.
 */
export async function uploadQuantities(
  db: Db,
  opts: {
    organizationId: string;
    filePath: string;
    fileName: string;
    mapping: Record<string, string>;
    applyValidRows?: boolean;
    headerLine?: number;
    location?: string;
    repeatedRows?: RepeatedRows;
  },
): Promise<QuantityUploadResponse> {
  const { fileName } = opts;
  const table = await openTable(opts.filePath, fileName, { header: 'yes', ...(opts.headerLine ? { headerLine: opts.headerLine } : {}) });
  const columns = resolveQuantityMapping(fileName, table.headers, opts.mapping);
  const skuHeader = table.headers[columns.sku]!;
  const quantityHeader = table.headers[columns.quantity]!;
  const readerFor = catalogueReaderFor(
    fileName,
    table.headers,
    {
      mapping: { [skuHeader]: 'sku', [quantityHeader]: 'currentQuantity' },
      ...(opts.location ? { location: opts.location } : {}),
      ...(opts.repeatedRows ? { repeatedRows: opts.repeatedRows } : {}),
    },
    { blankStock: 'skip', stockLabel: 'Quantity' },
  );
  let reader: CatalogueRowReader | null = null;
  /** First row of each key, in file order: the key (the product's SKU), its line, its quantity cell. */
  const firstRows: Array<{ sku: string; line: number; quantity: string; units: number }> = [];
  for await (const batch of table.batches()) {
    reader = readerFor(batch);
    for (const { line, cells } of batch) {
      const row = reader.read(line, cells);
      if (row !== null) firstRows.push({ sku: row.sku, line, quantity: (cells[columns.quantity] ?? '').trim(), units: row.currentQuantity as number });
    }
  }
  reader ??= readerFor([]);
  if (reader.totalRows === 0) throw new AppError('NO_DATA_ROWS', `${fileName}: the file has no data rows.`);
  const skus = firstRows.map((r) => r.sku);
  const quantities = firstRows.map((r) => {
    const extra = reader.extraStock.get(r.sku.toLowerCase());
    return extra === undefined ? r.units : (Math.round(r.units * 1000) + Math.round(extra.add * 1000)) / 1000;
  });
  const errors: ImportRowError[] = reader.errors.map((e) => ({ ...e, field: e.field === 'currentQuantity' ? 'quantity' : e.field }));
  const rejected: RejectedQuantityRow[] = reader.rejectedRows().map((r) => ({
    line: r.line,
    sku: (r.cells[columns.sku] ?? '').trim(),
    quantity: (r.cells[columns.quantity] ?? '').trim(),
    reason: r.problem,
  }));
  const { errorCount, totalRows } = reader;
  const read = readSummary(reader);

  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const matched = skus.length > 0 ? await updateQuantitiesBySku(tx, opts.organizationId, skus, quantities) : new Set<string>();
    const unknownSkus = skus.filter((s) => !matched.has(s));
    if (opts.applyValidRows) {
      const unknown = firstRows.flatMap((r) => (matched.has(r.sku) ? [] : [{ line: r.line, sku: r.sku, quantity: r.quantity, reason: `SKU "${r.sku}" matches no product` }]));
      const all = [...rejected, ...unknown.slice(0, Math.max(0, MAX_REJECTED - rejected.length))].sort((a, b) => a.line - b.line);
      return { updated: matched.size, totalRows, unknownSkus, rejected: all, rejectedCount: reader.rejectedCount + unknown.length, ...read };
    }
    if (errorCount > 0 || unknownSkus.length > 0) {
      // Thrown inside the transaction: the updates above roll back.
      throw refusal({ fileName, totalRows, errors, errorCount, unknownSkus, skippedLines: reader.skippedLines });
    }
    return { updated: matched.size, totalRows, unknownSkus: [], ...read };
  });
}

/** What the answer says of the rows read besides the updates: skipped rows (by reason and by line) and warnings; absent when none. */
function readSummary(reader: CatalogueRowReader): Partial<QuantityUploadResponse> {
  return {
    ...(reader.skippedCount > 0 ? { skipped: reader.skippedSummary() } : {}),
    ...(reader.skippedLines.length > 0 ? { skippedLines: reader.skippedLines } : {}),
    ...(reader.warningCount > 0 ? { warnings: reader.warnings, warningCount: reader.warningCount } : {}),
  };
}

function refusal(p: {
  fileName: string;
  totalRows: number;
  errors: ImportRowError[];
  errorCount: number;
  unknownSkus: string[];
  skippedLines: SkippedLine[];
}): AppError {
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
    skippedLines: p.skippedLines,
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
