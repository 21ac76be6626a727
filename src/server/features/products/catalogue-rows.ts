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
import Papa from 'papaparse';
import type { ProductIdentifier } from '../../../contracts/product-identifiers.js';
import { foldHeader } from '../../../domain/column-mapping.js';
import { cleanCell, detectLayout } from '../../../domain/import-layouts.js';
import { decimalSeparatorEvidence, type DecimalSeparator } from '../../../domain/number-locale.js';
import { parseMoney, parseTags, parseQuantityCellText, type Parsed } from '../../../domain/product-values.js';
import { detectScientificNotation } from '../../../domain/spreadsheet-damage.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import type { TableRow } from '../../files/table.js';
import { spreadsheetSafe } from '../../reports/spreadsheet-safe.js';
import type { ProductUpsert } from './repo.js';

/** How many bad rows an answer lists at most (the count says how many there were). */
const MAX_LISTED_ERRORS = 500;
/** How many rejected rows the downloadable CSV holds at most. */
const MAX_REJECTED_CSV_ROWS = 10_000;
/** Identifier fields: spreadsheet text markers (`'0123`, `="0123"`) are removed. */
const CODE_FIELDS = new Set<ProductImportField>(['upc', 'otherIdentifier']);

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
 * Validates a column mapping (file header -> field key) against the file's headers. UPC may be
 * mapped to several columns (a catalogue with a second `Barcode` or `EAN` column): the leftmost
 * is the UPC, the others are alternate barcodes (`extraBarcodeColumns`).
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
    const taken = resolved.get(field.data);
    if (taken !== undefined && field.data !== 'upc') {
      throw new AppError('DUPLICATE_FIELD', `${FIELD_LABEL[field.data]} is mapped to more than one column.`);
    }
    resolved.set(field.data, taken === undefined ? index : Math.min(taken, index));
  }
  if (!resolved.has('sku')) {
    throw new AppError('MISSING_REQUIRED_COLUMNS', 'Missing Required Columns: Please map the following required columns: SKU.');
  }
  return resolved;
}

/** The columns mapped to UPC after the leftmost one: alternate barcodes, left to right. */
export function extraBarcodeColumns(headers: readonly string[], mapping: Record<string, string>): number[] {
  const columns = Object.entries(mapping)
    .filter(([, field]) => field === 'upc')
    .map(([header]) => headers.indexOf(header))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b);
  return columns.slice(1);
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
  /** Rows skipped (no product, repeated), by reason. */
  skipped: { reason: string; count: number }[];
  skippedCount: number;
  /** Rows refused for problems. */
  rejectedCount: number;
  /** Damaged barcodes, by line. */
  warnings: RowNote[];
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
export function parseMoneyCell(raw: string, decimal: DecimalSeparator | null = null): Parsed<string | null> {
  const m = decimal === ',' ? null : PLAIN_MONEY.exec(raw);
  if (m) return { ok: true, value: `${m[1]}.${(m[2] ?? '').padEnd(2, '0')}` };
  return parseMoney(raw, decimal);
}

/** parseQuantityCellText(raw, 0) with a fast path for plain integers. */
export function parseQuantityCell(raw: string, decimal: DecimalSeparator | null = null): Parsed<number | null> {
  if (PLAIN_WHOLE.test(raw)) return { ok: true, value: Number(raw) || 0 };
  return parseQuantityCellText(raw, 0, decimal);
}

/** A row left out, and why (spec field names; shown to the user by line). */
export interface RowNote {
  line: number;
  field: ProductImportField | null;
  message: string;
}

/** How the reader treats a file beyond the mapping: its headers, layout and number evidence. */
export interface CatalogueReadOptions {
  /** The file's headers: the layout's group column (Shopify's Handle) is found among them. */
  headers?: readonly string[];
  /** The first data rows: the decimal separator of money and quantity columns is read from them. */
  firstRows?: readonly TableRow[];
  /** Columns of alternate barcodes (`extraBarcodeColumns`). */
  extraBarcodeIndexes?: readonly number[];
}

/**
 * Reads and validates catalogue rows one at a time under resolved columns (issue "bring your own
 * data", part 2). The rules, in order:
 * - identifier cells lose spreadsheet text markers (`'0123`, `="0123"` -> `0123`);
 * - a row without SKU takes its Other ID as SKU (Square items without SKU carry their Token);
 * - a row with neither SKU nor name carries no product (Shopify's image-only rows, blank rows):
 *   skipped and counted; one with a name but no SKU is a problem;
 * - a row without name takes the name of its group's row above (the layout's group column,
 *   Shopify's Handle: variant rows);
 * - a SKU seen before (case-insensitive): the same values again merge into the first row (skipped
 *   and counted); different values are a problem naming both lines;
 * - a barcode a spreadsheet turned into scientific notation (`3.65275E+11`, DESIGN.md section 5)
 *   is a warning naming the row; the product is imported without it;
 * - money and quantities read with the file's decimal separator (number-locale.ts), prices up to
 *   4 decimals; tags split on commas.
 * Never throws for bad rows: they are collected by line and field.
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
  /** Rows that carry no product or repeat one: skipped, by reason -> count. */
  readonly skipped = new Map<string, number>();
  /** Rows refused for a problem (a row may have several problems). */
  rejectedCount = 0;
  /** Warnings by line (damaged barcodes); the first MAX_LISTED_ERRORS. */
  readonly warnings: RowNote[] = [];
  warningCount = 0;
  private readonly cellsToRead: Array<{ field: Exclude<ProductImportField, 'sku'>; index: number; kind: CellKind }>;
  private readonly skuIndex: number;
  private readonly nameIndex: number;
  private readonly otherIdIndex: number;
  private readonly groupIndex: number;
  /**
   * First row of each SKU (lower case) -> its place in `firstLines` / `firstFingerprints`: numbers
   * in flat arrays rather than an object and the row's text per SKU, so that a million-row file
   * holds about 100 bytes per SKU (docs/decisions/0088-repeated-rows-by-fingerprint.md).
   */
  private readonly firstOfSku = new Map<string, number>();
  private readonly firstLines: number[] = [];
  private readonly firstFingerprints: number[] = [];
  private group: { key: string; name: string | null } = { key: '', name: null };
  private readonly moneyDecimal: DecimalSeparator | null;
  private readonly quantityDecimal: DecimalSeparator | null;
  private readonly rejectedLines: string[][] = [];
  private readonly headers: readonly string[];
  private readonly extraBarcodeIndexes: readonly number[];
  /**
   * The good rows' values in the extra barcode columns (`extraBarcodeColumns`), by SKU: what the
   * import stores as the products' alternate barcodes (units 1) once the rows are in.
   */
  readonly alternateBarcodes: Array<{ sku: string; identifiers: ProductIdentifier[] }> = [];

  constructor(
    private readonly fileName: string,
    columns: Map<ProductImportField, number>,
    options: CatalogueReadOptions = {},
  ) {
    this.fields = PRODUCT_IMPORT_FIELDS.filter((f) => columns.has(f));
    this.cellsToRead = this.fields
      .filter((f): f is Exclude<ProductImportField, 'sku'> => f !== 'sku')
      .map((field) => ({ field, index: columns.get(field)!, kind: kindOf(field) }));
    this.skuIndex = columns.get('sku')!;
    this.nameIndex = columns.get('name') ?? -1;
    this.otherIdIndex = columns.get('otherIdentifier') ?? -1;
    this.headers = options.headers ?? [];
    this.extraBarcodeIndexes = options.extraBarcodeIndexes ?? [];
    const layout = detectLayout(this.headers.map(foldHeader));
    this.groupIndex = layout?.groupBy === undefined ? -1 : this.headers.map(foldHeader).indexOf(layout.groupBy);
    const rows = options.firstRows ?? [];
    const cellsOf = (kind: CellKind) =>
      this.cellsToRead.filter((c) => c.kind === kind).flatMap((c) => rows.map((r) => r.cells[c.index] ?? ''));
    this.moneyDecimal = decimalSeparatorEvidence(cellsOf('money'));
    this.quantityDecimal = decimalSeparatorEvidence(cellsOf('quantity'));
  }

  /** The row's values, or null when it is skipped or bad (its problems are recorded). */
  read(line: number, cells: readonly string[]): ProductUpsert | null {
    this.totalRows += 1;
    let sku = cleanCell(cells[this.skuIndex] ?? '');
    const ownName = this.nameIndex < 0 ? '' : (cells[this.nameIndex] ?? '').trim();
    if (sku === '' && this.otherIdIndex >= 0) sku = cleanCell(cells[this.otherIdIndex] ?? '');
    const groupKey = this.groupIndex < 0 ? '' : (cells[this.groupIndex] ?? '').trim();
    if (groupKey !== this.group.key) this.group = { key: groupKey, name: null };
    if (ownName !== '' && this.group.name === null) this.group.name = ownName;
    if (!sku) {
      if (ownName === '') return this.skip(this.groupIndex >= 0 && groupKey !== '' ? 'continuation rows without SKU or name (images, options)' : 'rows without SKU or name');
      return this.reject(line, cells, [{ field: 'sku', message: 'SKU is empty' }]);
    }
    const row: ProductUpsert = { sku };
    const problems: { field: ProductImportField; message: string }[] = [];
    for (const { field, index, kind } of this.cellsToRead) {
      const raw = (cells[index] ?? '').trim();
      if (kind === 'text') {
        let text = CODE_FIELDS.has(field) ? cleanCell(raw) : raw;
        if (field === 'name' && text === '' && this.group.name !== null && groupKey !== '') text = this.group.name;
        if (CODE_FIELDS.has(field) && text !== '' && detectScientificNotation(text) !== null) {
          this.warn(line, field, `${FIELD_LABEL[field]} "${text}" was turned into scientific notation by a spreadsheet; the product is imported without it`);
          text = '';
        }
        row[field] = text === '' ? null : text;
      } else if (kind === 'tags') {
        row.tags = raw === '' ? [] : raw.includes(',') ? parseTags(raw) : [raw];
      } else {
        const parsed =
          kind === 'quantity' ? parseQuantityCell(raw, this.quantityDecimal) : raw === '' ? BLANK_MONEY : parseMoneyCell(raw, this.moneyDecimal);
        if (parsed.ok) row[field] = parsed.value;
        else problems.push({ field, message: `${FIELD_LABEL[field]} ${parsed.message}` });
      }
    }
    const key = sku.toLowerCase();
    const seen = this.firstOfSku.get(key);
    const fingerprint = fingerprint53(JSON.stringify(row));
    if (seen !== undefined) {
      if (this.firstFingerprints[seen] === fingerprint && problems.length === 0) return this.skip('repeated rows (same SKU, same values)');
      problems.unshift({ field: 'sku', message: `SKU "${sku}" already appears on line ${this.firstLines[seen]}` });
    } else if (problems.length === 0) {
      this.firstOfSku.set(key, this.firstLines.length);
      this.firstLines.push(line);
      this.firstFingerprints.push(fingerprint);
    }
    if (problems.length > 0) return this.reject(line, cells, problems);
    if (this.extraBarcodeIndexes.length > 0) this.noteAlternateBarcodes(line, row, cells);
    return row;
  }

  private noteAlternateBarcodes(line: number, row: ProductUpsert, cells: readonly string[]): void {
    const identifiers: ProductIdentifier[] = [];
    for (const index of this.extraBarcodeIndexes) {
      const value = cleanCell(cells[index] ?? '');
      if (value === '' || value === row.upc) continue;
      if (detectScientificNotation(value) !== null) {
        this.warn(line, 'upc', `Barcode "${value}" (column ${this.headers[index] ?? index + 1}) was turned into scientific notation by a spreadsheet; the product is imported without it`);
        continue;
      }
      identifiers.push({ value, kind: 'barcode', units: 1 });
    }
    if (identifiers.length > 0) this.alternateBarcodes.push({ sku: row.sku, identifiers });
  }

  /** Skipped rows as `{ reason, count }`, for the answer. */
  skippedSummary(): { reason: string; count: number }[] {
    return [...this.skipped].map(([reason, count]) => ({ reason, count }));
  }

  get skippedCount(): number {
    let n = 0;
    for (const c of this.skipped.values()) n += c;
    return n;
  }

  /**
   * The rejected rows as CSV: `Line`, `Problem`, then the file's own columns (cells that could
   * start a formula are guarded). At most MAX_REJECTED_CSV_ROWS rows.
   */
  rejectedCsv(): string {
    return Papa.unparse([['Line', 'Problem', ...this.headers], ...this.rejectedLines].map((r) => r.map(spreadsheetSafe)));
  }

  private skip(reason: string): null {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
    return null;
  }

  private reject(line: number, cells: readonly string[], problems: { field: ProductImportField; message: string }[]): null {
    this.rejectedCount += 1;
    for (const p of problems) this.fail(line, p.field, p.message);
    if (this.rejectedLines.length < MAX_REJECTED_CSV_ROWS) {
      this.rejectedLines.push([String(line), problems.map((p) => p.message).join('; '), ...cells]);
    }
    return null;
  }

  private warn(line: number, field: ProductImportField, message: string): void {
    this.warningCount += 1;
    if (this.warnings.length < MAX_LISTED_ERRORS) this.warnings.push({ line, field, message: `${this.fileName} line ${line}: ${message}` });
  }

  private fail(line: number, field: ProductImportField | null, message: string): void {
    this.errorCount += 1;
    if (this.errors.length < MAX_LISTED_ERRORS) this.errors.push({ line, field, message: `${this.fileName} line ${line}: ${message}` });
  }
}

/**
 * The reader for `table` under `mapping`, made when the first batch of rows is at hand (the
 * decimal separator is read from it); `resolveProductMapping`'s errors are thrown at once.
 */
export function catalogueReaderFor(fileName: string, headers: string[], mapping: Record<string, string>) {
  const columns = resolveProductMapping(fileName, headers, mapping);
  const extraBarcodeIndexes = extraBarcodeColumns(headers, mapping);
  let reader: CatalogueRowReader | null = null;
  return (firstRows: readonly TableRow[]) => (reader ??= new CatalogueRowReader(fileName, columns, { headers, firstRows, extraBarcodeIndexes }));
}

/**
 * Reads and validates every row of a catalogue file under `mapping` (file header -> field key),
 * keeping the good rows (the command-line reconciliation's catalogue). Never throws for bad rows.
 * @throws AppError for a bad mapping, FileError for an unreadable file.
 */
export async function parseCatalogue(filePath: string, fileName: string, mapping: Record<string, string>): Promise<ParsedCatalogue> {
  const table = await openTable(filePath, fileName, { header: 'yes' });
  const readerFor = catalogueReaderFor(fileName, table.headers, mapping);
  const rows: ProductUpsert[] = [];
  let reader: CatalogueRowReader | null = null;
  for await (const batch of table.batches()) {
    reader = readerFor(batch);
    for (const { line, cells } of batch) {
      const row = reader.read(line, cells);
      if (row) rows.push(row);
    }
  }
  reader ??= readerFor([]);
  const { fields, errors, errorCount, totalRows, warnings, rejectedCount } = reader;
  return { fields, rows, errors, errorCount, totalRows, skipped: reader.skippedSummary(), skippedCount: reader.skippedCount, rejectedCount, warnings };
}

const BLANK_MONEY: Parsed<string | null> = { ok: true, value: null };

/**
 * A 53-bit fingerprint of a row's values (JSON text), exact as a JavaScript number: cyrb53, two
 * 32-bit multiplicative hashes mixed together. Two rows of one SKU with different values share it
 * with a chance of about 1 in 9 * 10^15 (docs/decisions/0088-repeated-rows-by-fingerprint.md).
 */
function fingerprint53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (0x1fffff & h2) + (h1 >>> 0);
}
