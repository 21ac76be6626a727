/**
 * Product import use case (spec part 2 sections 4-5 "Product import"; issue: all-or-nothing).
 * Parse -> validate every row -> report every bad row by line and field -> upsert by SKU in one
 * transaction. A file with any bad row imports nothing.
 */
import type { Db } from '../../db/client.js';
import {
  PRODUCT_IMPORT_FIELDS,
  productImportFieldSchema,
  type ImportResponse,
  type ImportRowError,
  type ProductImportField,
} from '../../../contracts/products.js';
import { parseMoney, parseTags, parseWholeNumber } from '../../../domain/product-values.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import { upsertProducts, type ProductUpsert } from './repo.js';

/** How many bad rows an answer lists at most (the count says how many there were). */
const MAX_LISTED_ERRORS = 500;

const TEXT_FIELDS = new Set<ProductImportField>([
  'name',
  'upc',
  'otherIdentifier',
  'description',
  'distributor',
  'manufacturer',
  'category',
  'location',
]);

const FIELD_LABEL: Record<ProductImportField, string> = {
  sku: 'SKU',
  name: 'Product Name',
  upc: 'UPC',
  otherIdentifier: 'Other ID',
  description: 'Description',
  distributor: 'Distributor',
  manufacturer: 'Manufacturer',
  currentQuantity: 'Current Stock',
  category: 'Category',
  location: 'Location',
  costPrice: 'Cost Price',
  price: 'Selling Price',
  tags: 'Tags',
};

/**
 * Validates a column mapping (file header -> field key) against the file's headers.
 * @returns field -> column index.
 * @throws AppError 400 MISSING_REQUIRED_COLUMNS (no SKU), UNKNOWN_COLUMN, UNKNOWN_FIELD, DUPLICATE_FIELD.
 */
export function resolveProductMapping(
  fileName: string,
  headers: string[],
  mapping: Record<string, string>,
): Map<ProductImportField, number> {
  const resolved = new Map<ProductImportField, number>();
  for (const [header, rawField] of Object.entries(mapping)) {
    if (!rawField || rawField === 'skip') continue;
    const field = productImportFieldSchema.safeParse(rawField);
    if (!field.success) {
      throw new AppError('UNKNOWN_FIELD', `Column "${header}" is mapped to "${rawField}", which is not a product field.`);
    }
    const index = headers.indexOf(header);
    if (index < 0) {
      throw new AppError('UNKNOWN_COLUMN', `${fileName}: there is no column "${header}". Columns: ${headers.join(', ')}.`);
    }
    if (resolved.has(field.data)) {
      throw new AppError('DUPLICATE_FIELD', `${FIELD_LABEL[field.data]} is mapped to more than one column.`);
    }
    resolved.set(field.data, index);
  }
  if (!resolved.has('sku')) {
    throw new AppError('MISSING_REQUIRED_COLUMNS', 'Missing Required Columns: Please map the following required columns: SKU.');
  }
  return resolved;
}

export interface ParsedCatalogue {
  /** Mapped fields in import order; every row carries exactly these. */
  fields: ProductImportField[];
  rows: ProductUpsert[];
  /** The first MAX_LISTED_ERRORS bad cells/rows, by line and field. */
  errors: ImportRowError[];
  /** How many problems there were in all. */
  errorCount: number;
  /** Data rows read. */
  totalRows: number;
}

/**
 * Reads and validates every row of a catalogue file under `mapping` (file header -> field key):
 * SKU present and unique in the file (case-insensitive), quantities whole numbers, prices money,
 * tags split on commas. Never throws for bad rows: they are collected by line and field.
 * @throws AppError for a bad mapping, FileError for an unreadable file.
 */
export async function parseCatalogue(filePath: string, fileName: string, mapping: Record<string, string>): Promise<ParsedCatalogue> {
  const table = await openTable(filePath, fileName, { header: 'yes' });
  const columns = resolveProductMapping(fileName, table.headers, mapping);
  const fields = PRODUCT_IMPORT_FIELDS.filter((f) => columns.has(f));
  const rows: ProductUpsert[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let totalRows = 0;
  const firstLineOfSku = new Map<string, number>();
  const fail = (line: number, field: ProductImportField | null, message: string) => {
    errorCount += 1;
    if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, field, message: `${fileName} line ${line}: ${message}` });
  };

  for await (const { line, cells } of table.rows()) {
    totalRows += 1;
    const cell = (f: ProductImportField) => (cells[columns.get(f)!] ?? '').trim();
    const sku = cell('sku');
    if (!sku) {
      fail(line, 'sku', 'SKU is empty');
      continue;
    }
    const key = sku.toLowerCase();
    const seenAt = firstLineOfSku.get(key);
    if (seenAt !== undefined) {
      fail(line, 'sku', `SKU "${sku}" already appears on line ${seenAt}`);
      continue;
    }
    firstLineOfSku.set(key, line);
    const row: ProductUpsert = { sku };
    let bad = false;
    for (const f of fields) {
      if (f === 'sku') continue;
      const raw = cell(f);
      if (TEXT_FIELDS.has(f)) {
        row[f] = raw === '' ? null : raw;
      } else if (f === 'tags') {
        row.tags = parseTags(raw);
      } else {
        const parsed = f === 'currentQuantity' ? parseWholeNumber(raw, 0) : parseMoney(raw);
        if (parsed.ok) row[f] = parsed.value;
        else {
          bad = true;
          fail(line, f, `${FIELD_LABEL[f]} ${parsed.message}`);
        }
      }
    }
    if (!bad) rows.push(row);
  }
  return { fields, rows, errors, errorCount, totalRows };
}

/**
 * Imports a catalogue file for an organisation: all rows or none.
 * @param mapping file header -> field key (spec part 2 section 7 `columnMapping`).
 * @throws AppError 400 IMPORT_INVALID with `details.errors` (every bad row: line, field, message)
 *   when any row is bad; NO_DATA_ROWS; FileError for an unreadable file. Nothing is written then.
 */
export async function importProducts(
  db: Db,
  opts: { organizationId: string; filePath: string; fileName: string; mapping: Record<string, string> },
): Promise<ImportResponse> {
  const { fields, rows, errors, errorCount, totalRows } = await parseCatalogue(opts.filePath, opts.fileName, opts.mapping);
  if (errorCount > 0) {
    const first = errors[0]!.message;
    throw new AppError(
      'IMPORT_INVALID',
      errorCount === 1 ? `Nothing was imported: ${first}` : `Nothing was imported: ${errorCount} problems. First: ${first}`,
      400,
      { totalRows, errorCount, errors },
    );
  }
  if (totalRows === 0) {
    throw new AppError('NO_DATA_ROWS', `${opts.fileName}: the file has no data rows.`);
  }
  const { inserted, updated } = await db.transaction((tx) => upsertProducts(tx as unknown as Db, opts.organizationId, fields, rows));
  return { totalRows, imported: inserted, updated, errors: [] };
}
