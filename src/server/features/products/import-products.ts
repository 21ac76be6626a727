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
import { parseMoney, parseTags, parseWholeNumber, type Parsed } from '../../../domain/product-values.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import type { Plan } from '../../../domain/plans.js';
import { assertProductsFit } from './product-limit.js';
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

type CellKind = 'text' | 'tags' | 'quantity' | 'money';

function kindOf(field: ProductImportField): CellKind {
  if (TEXT_FIELDS.has(field)) return 'text';
  if (field === 'tags') return 'tags';
  return field === 'currentQuantity' ? 'quantity' : 'money';
}

/** "12", "12.5", "0.99": the common shapes, answered without parseMoney's general rules. */
const PLAIN_MONEY = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;
const PLAIN_WHOLE = /^-?\d{1,9}$/;

/** parseMoney with a fast path for plain amounts (same answers: product-values.ts). */
export function parseMoneyCell(raw: string): Parsed<string | null> {
  const m = PLAIN_MONEY.exec(raw);
  if (m) return { ok: true, value: `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}` };
  return parseMoney(raw);
}

/** parseWholeNumber(raw, 0) with a fast path for plain integers. */
export function parseQuantityCell(raw: string): Parsed<number | null> {
  if (PLAIN_WHOLE.test(raw)) return { ok: true, value: Number(raw) || 0 };
  return parseWholeNumber(raw, 0);
}

/**
 * Reads and validates every row of a catalogue file under `mapping` (file header -> field key):
 * SKU present and unique in the file (case-insensitive), quantities whole numbers, prices money,
 * tags split on commas. Never throws for bad rows: they are collected by line and field.
 * Reads the file in batches (no promise per row): 100,000 rows are a fraction of the import budget.
 * @throws AppError for a bad mapping, FileError for an unreadable file.
 */
export async function parseCatalogue(filePath: string, fileName: string, mapping: Record<string, string>): Promise<ParsedCatalogue> {
  const table = await openTable(filePath, fileName, { header: 'yes' });
  const columns = resolveProductMapping(fileName, table.headers, mapping);
  const fields = PRODUCT_IMPORT_FIELDS.filter((f) => columns.has(f));
  const cellsToRead = fields
    .filter((f) => f !== 'sku')
    .map((field) => ({ field, index: columns.get(field)!, kind: kindOf(field) }));
  const skuIndex = columns.get('sku')!;
  const rows: ProductUpsert[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let totalRows = 0;
  const firstLineOfSku = new Map<string, number>();
  const fail = (line: number, field: ProductImportField | null, message: string) => {
    errorCount += 1;
    if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, field, message: `${fileName} line ${line}: ${message}` });
  };

  for await (const batch of table.batches()) {
    for (const { line, cells } of batch) {
      totalRows += 1;
      const sku = (cells[skuIndex] ?? '').trim();
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
      for (const { field, index, kind } of cellsToRead) {
        const raw = (cells[index] ?? '').trim();
        if (kind === 'text') {
          row[field] = raw === '' ? null : raw;
        } else if (kind === 'tags') {
          row.tags = raw === '' ? [] : raw.includes(',') ? parseTags(raw) : [raw];
        } else {
          const parsed = kind === 'quantity' ? parseQuantityCell(raw) : raw === '' ? BLANK_MONEY : parseMoneyCell(raw);
          if (parsed.ok) row[field] = parsed.value;
          else {
            bad = true;
            fail(line, field, `${FIELD_LABEL[field]} ${parsed.message}`);
          }
        }
      }
      if (!bad) rows.push(row);
    }
  }
  return { fields, rows, errors, errorCount, totalRows };
}

const BLANK_MONEY: Parsed<string | null> = { ok: true, value: null };

/**
 * Imports a catalogue file for an organisation: all rows or none.
 * @param mapping file header -> field key (spec part 2 section 7 `columnMapping`).
 * @param plan the plan whose product limit applies; by default the organisation's (routes never
 *   pass one; bench/products.ts does, to import 100,000 rows, more than any plan allows).
 * @throws AppError 400 IMPORT_INVALID with `details.errors` (every bad row: line, field, message)
 *   when any row is bad; NO_DATA_ROWS; 402 PRODUCT_LIMIT_REACHED when the new products would not
 *   fit the plan (product-limit.ts); FileError for an unreadable file. Nothing is written then.
 */
export async function importProducts(
  db: Db,
  opts: { organizationId: string; filePath: string; fileName: string; mapping: Record<string, string>; plan?: Plan },
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
  const { inserted, updated } = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await assertProductsFit(tx, { organizationId: opts.organizationId, skus: rows.map((r) => r.sku), plan: opts.plan });
    return upsertProducts(tx, opts.organizationId, fields, rows);
  });
  return { totalRows, imported: inserted, updated, errors: [] };
}
