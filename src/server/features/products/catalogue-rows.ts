/**
 * Catalogue rows (spec part 2 sections 3, 5 "Product import fields"): the column mapping checked
 * against a file's headers, and each row read and validated, every problem kept by line and
 * field. Used by the product import and by the command-line reconciliation.
 */
import {
  PRODUCT_IMPORT_FIELD_LABELS,
  PRODUCT_IMPORT_FIELDS,
  productImportFieldSchema,
  type ImportRowError,
  type ProductImportField,
} from '../../../contracts/products.js';
import { parseMoney, parseTags, parseWholeNumber, type Parsed } from '../../../domain/product-values.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import type { ProductUpsert } from './repo.js';

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

const FIELD_LABEL = PRODUCT_IMPORT_FIELD_LABELS;

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
 * Reads and validates catalogue rows one at a time under resolved columns: SKU present and
 * unique in the file (case-insensitive), quantities whole numbers, prices money, tags split on
 * commas. Never throws for bad rows: they are collected by line and field.
 */
export class CatalogueRowReader {
  /** Mapped fields in import order; every row carries exactly these. */
  readonly fields: ProductImportField[];
  /** The first MAX_LISTED_ERRORS bad cells/rows, by line and field. */
  readonly errors: ImportRowError[] = [];
  /** How many problems there were in all. */
  errorCount = 0;
  /** Data rows read. */
  totalRows = 0;
  private readonly cellsToRead: Array<{ field: Exclude<ProductImportField, 'sku'>; index: number; kind: CellKind }>;
  private readonly skuIndex: number;
  private readonly firstLineOfSku = new Map<string, number>();

  constructor(
    private readonly fileName: string,
    columns: Map<ProductImportField, number>,
  ) {
    this.fields = PRODUCT_IMPORT_FIELDS.filter((f) => columns.has(f));
    this.cellsToRead = this.fields
      .filter((f): f is Exclude<ProductImportField, 'sku'> => f !== 'sku')
      .map((field) => ({ field, index: columns.get(field)!, kind: kindOf(field) }));
    this.skuIndex = columns.get('sku')!;
  }

  /** The row's values, or null when it is bad (its problems are recorded). */
  read(line: number, cells: readonly string[]): ProductUpsert | null {
    this.totalRows += 1;
    const sku = (cells[this.skuIndex] ?? '').trim();
    if (!sku) {
      this.fail(line, 'sku', 'SKU is empty');
      return null;
    }
    const key = sku.toLowerCase();
    const seenAt = this.firstLineOfSku.get(key);
    if (seenAt !== undefined) {
      this.fail(line, 'sku', `SKU "${sku}" already appears on line ${seenAt}`);
      return null;
    }
    this.firstLineOfSku.set(key, line);
    const row: ProductUpsert = { sku };
    let bad = false;
    for (const { field, index, kind } of this.cellsToRead) {
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
          this.fail(line, field, `${FIELD_LABEL[field]} ${parsed.message}`);
        }
      }
    }
    return bad ? null : row;
  }

  private fail(line: number, field: ProductImportField | null, message: string): void {
    this.errorCount += 1;
    if (this.errors.length < MAX_LISTED_ERRORS) this.errors.push({ line, field, message: `${this.fileName} line ${line}: ${message}` });
  }
}

/**
 * Reads and validates every row of a catalogue file under `mapping` (file header -> field key),
 * keeping the good rows (the command-line reconciliation's catalogue). Never throws for bad rows.
 * @throws AppError for a bad mapping, FileError for an unreadable file.
 */
export async function parseCatalogue(filePath: string, fileName: string, mapping: Record<string, string>): Promise<ParsedCatalogue> {
  const table = await openTable(filePath, fileName, { header: 'yes' });
  const reader = new CatalogueRowReader(fileName, resolveProductMapping(fileName, table.headers, mapping));
  const rows: ProductUpsert[] = [];
  for await (const batch of table.batches()) {
    for (const { line, cells } of batch) {
      const row = reader.read(line, cells);
      if (row) rows.push(row);
    }
  }
  const { fields, errors, errorCount, totalRows } = reader;
  return { fields, rows, errors, errorCount, totalRows };
}

const BLANK_MONEY: Parsed<string | null> = { ok: true, value: null };

