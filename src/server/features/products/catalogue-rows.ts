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
import { cleanCell } from '../../../domain/import-layouts.js';
import {
  interpretTable,
  rowKey,
  skippedRowReason,
  structuralRowReason,
  stockCells,
  type KeySource,
  type TableChoices,
  type TableInterpretation,
} from '../../../domain/table-interpretation.js';
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
 * @throws AppError 400 UNKNOWN_COLUMN, UNKNOWN_FIELD, DUPLICATE_FIELD.
 */
export function resolveProductMapping(
  fileName: string,
  headers: readonly string[],
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
  return resolved;
}

/**
 * The file's interpretation under the user's choices (table-interpretation.ts), made from its
 * first rows: the key columns, the stock columns, the row rules.
 * @throws AppError 400 MISSING_REQUIRED_COLUMNS when no column can key a row (no SKU, barcode,
 *   id or name), UNKNOWN_LOCATION when `location` names no location of the file.
 */
export function interpretCatalogue(
  fileName: string,
  headers: readonly string[],
  firstRows: readonly (readonly string[])[],
  choices: TableChoices,
): TableInterpretation {
  const interpretation = interpretTable(headers, firstRows, foldHeader, choices);
  if (interpretation.keys.length === 0) {
    throw new AppError('MISSING_REQUIRED_COLUMNS', 'Missing Required Columns: Please map the following required columns: SKU.');
  }
  const wanted = choices.location?.trim();
  if (wanted !== undefined && wanted !== '' && wanted.toLowerCase() !== 'all') {
    const stock = interpretation.stock;
    const known = [...(stock?.locations.map((l) => l.location) ?? []), ...(stock?.storeColumn?.stores ?? [])];
    const columnFound = stock !== null && stock.locations.length > 0 && stock.indexes.length > 0;
    if (!columnFound && stock?.storeColumn == null) {
      throw new AppError(
        'UNKNOWN_LOCATION',
        `${fileName}: no quantity column for location "${wanted}". ${known.length ? `Locations: ${known.join(', ')}.` : 'The file has one quantity column per product, not per location.'}`,
      );
    }
  }
  return interpretation;
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
  /** Rows skipped (no identifier, repeated, summed), by reason. */
  skipped: { reason: string; count: number }[];
  skippedCount: number;
  /** Rows refused for problems. */
  rejectedCount: number;
  /** Damaged barcodes and variants sharing a SKU, by line. */
  warnings: RowNote[];
  /** The interpretation the rows were read under (its decisions are the preview's words). */
  interpretation: TableInterpretation;
  /** The skipped rows that carried no identifier, by line (the first MAX_LISTED_ERRORS). */
  skippedLines: SkippedLine[];
  /** Rows whose key is not a SKU, by source (barcode, system id, ...). */
  keyedBy: { source: KeySource; count: number; firstLines: number[] }[];
  /** A barcode table's further barcodes, by SKU (lower case): the products' alternate identifiers. */
  alternates: Map<string, { value: string; kind: 'barcode'; units: number }[]>;
}

/** A row skipped because it carries no identifier: its line and why, for the listing and its CSV. */
export interface SkippedLine {
  line: number;
  reason: string;
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

/** How many lines of each key source the answer names. */
const KEY_LINES_SHOWN = 20;

/** How a reader treats what the catalogue import and the quantity upload read differently. */
export interface RowReaderOptions {
  /**
   * A row whose stock cells are all blank: 'zero' (the import: a product without stock) or 'skip'
   * (the quantity upload: no figure was given, the product is left as it was; the row is listed).
   */
  blankStock?: 'zero' | 'skip';
  /** The stock's name in row messages ('Current Stock' by default; the quantity upload says 'Quantity'). */
  stockLabel?: string;
}

/** A rejected row: its line, what was wrong, and the row's cells as the file had them. */
export interface RejectedRow {
  line: number;
  problem: string;
  cells: readonly string[];
}

/**
 * Reads and validates catalogue rows one at a time under a table's interpretation
 * (table-interpretation.ts; DESIGN.md section 6 'What real exports hold'). The rules, in order:
 * - a row of another store than the one chosen is left out (counted);
 * - the row's key is its SKU, else its barcode, else the system's id, else Handle + option values
 *   (else, in a file without identifier columns, its name): that key is the product's SKU, and
 *   the rows keyed otherwise than by SKU are counted with their first lines;
 * - a row without a key (image, parent, continuation, title, group, total rows) is skipped and
 *   listed with its line and reason, never refused;
 * - identifier cells lose spreadsheet text markers (`'0123`, `="0123"` -> `0123`);
 * - a row without name takes the name of its group's row above (Shopify's Handle: variant rows);
 * - the stock is the sum of the interpretation's stock columns (one, or every location's);
 *   `not stocked` and blanks count 0;
 * - a key seen before (case-insensitive): the same values again are one row (skipped); other
 *   values are the same item: its stock is added to the first row's (`extraStock`), with a warning
 *   naming both lines in a product list (Shopify variants sharing a SKU);
 * - a barcode a spreadsheet turned into scientific notation (`3.65275E+11`) is a warning naming
 *   the row; the product is imported without it;
 * - money and quantities read with the file's decimal separator (number-locale.ts), prices up to
 *   4 decimals and with a currency sign or ISO code; tags split on commas.
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
  /** Warnings by line (damaged barcodes, variants sharing a SKU); the first MAX_LISTED_ERRORS. */
  readonly warnings: RowNote[] = [];
  warningCount = 0;
  /** Rows without identifier, by line (the first MAX_LISTED_ERRORS). */
  readonly skippedLines: SkippedLine[] = [];
  /**
   * Stock of further rows of an item, by the SKU its first row wrote (lower case -> { sku, add }):
   * added to the product once the rows are written (`addQuantitiesBySku`).
   */
  readonly extraStock = new Map<string, { sku: string; add: number }>();
  /**
   * A barcode table's barcodes per product (SKU lower case -> barcode and the units one read
   * counts): the product's alternate identifiers (catalogue-index.ts `AlternateIdentifier`).
   */
  readonly alternates = new Map<string, { value: string; kind: 'barcode'; units: number }[]>();
  readonly interpretation: TableInterpretation;
  private readonly keyedBy = new Map<KeySource, { count: number; firstLines: number[] }>();
  private readonly cellsToRead: Array<{ field: Exclude<ProductImportField, 'sku' | 'currentQuantity'>; index: number; kind: CellKind }>;
  private readonly stockIndexes: readonly number[];
  private readonly groupIndex: number;
  /** The column of the name, or -1 when none is mapped. */
  private readonly nameIndex: number;
  private readonly store: { index: number; chosen: string } | null;
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
  private readonly skippedCsvLines: string[][] = [];
  private readonly headers: readonly string[];
  private readonly extraBarcodeIndexes: readonly number[];
  /**
   * The good rows' values in the extra barcode columns (`extraBarcodeColumns`), by SKU: what the
   * import stores as the products' alternate barcodes (units 1) once the rows are in.
   */
  readonly alternateBarcodes: Array<{ sku: string; identifiers: ProductIdentifier[] }> = [];

  private readonly blankStockSkipped: boolean;
  private readonly stockLabel: string;

  constructor(
    private readonly fileName: string,
    headers: readonly string[],
    interpretation: TableInterpretation,
    firstRows: readonly TableRow[] = [],
    options: RowReaderOptions = {},
  ) {
    this.headers = headers;
    this.blankStockSkipped = options.blankStock === 'skip';
    this.stockLabel = options.stockLabel ?? FIELD_LABEL.currentQuantity;
    this.interpretation = interpretation;
    const columns = resolveProductMapping(fileName, headers, interpretation.mapping);
    const stock = interpretation.stock;
    this.stockIndexes = stock?.indexes ?? [];
    if (this.stockIndexes.length > 0) columns.set('currentQuantity', this.stockIndexes[0]!);
    this.fields = PRODUCT_IMPORT_FIELDS.filter((f) => columns.has(f) || f === 'sku');
    this.cellsToRead = this.fields
      .filter((f): f is Exclude<ProductImportField, 'sku' | 'currentQuantity'> => f !== 'sku' && f !== 'currentQuantity')
      .map((field) => ({ field, index: columns.get(field)!, kind: kindOf(field) }));
    this.nameIndex = this.cellsToRead.find((c) => c.field === 'name')?.index ?? -1;
    const handle = interpretation.keys.find((k) => k.source === 'handle and options');
    this.groupIndex = handle?.indexes[0] ?? -1;
    const storeColumn = stock?.storeColumn;
    this.store = storeColumn?.chosen ? { index: storeColumn.index, chosen: storeColumn.chosen.toLowerCase() } : null;
    const cellsAt = (indexes: readonly number[]) => indexes.flatMap((i) => firstRows.map((r) => r.cells[i] ?? ''));
    this.moneyDecimal = decimalSeparatorEvidence(cellsAt(this.cellsToRead.filter((c) => c.kind === 'money').map((c) => c.index)));
    this.quantityDecimal = decimalSeparatorEvidence(cellsAt(this.stockIndexes));
    this.extraBarcodeIndexes = extraBarcodeColumns(headers, interpretation.mapping);
  }

  /** The row's values, or null when it is skipped or bad (its problems are recorded). */
  read(line: number, cells: readonly string[]): ProductUpsert | null {
    this.totalRows += 1;
    const { keys, typeIndex, listKind } = this.interpretation;
    if (this.store !== null && cleanCell(cells[this.store.index] ?? '').toLowerCase() !== this.store.chosen) return this.skip('rows of other stores');
    const structural = structuralRowReason(cells);
    const found = structural === null ? rowKey(keys, cells, typeIndex) : null;
    const groupKey = this.groupIndex < 0 ? '' : (cells[this.groupIndex] ?? '').trim();
    if (groupKey !== this.group.key) this.group = { key: groupKey, name: null };
    const ownName = this.nameIndex < 0 ? '' : (cells[this.nameIndex] ?? '').trim();
    if (ownName !== '' && this.group.name === null) this.group.name = ownName;
    if (found === null) return this.skipListed(line, cells, structural ?? skippedRowReason(cells, typeIndex));
    // A store view's row of a product already listed is its translation, not more of its stock.
    const translation = this.interpretation.translationIndex;
    if (translation >= 0 && cleanCell(cells[translation] ?? '') !== '' && this.firstOfSku.has(found.key.toLowerCase())) {
      return this.skip('store-view rows (translations of a product already listed)');
    }
    const stockRead = this.stockIndexes.length > 0 ? stockCells(this.interpretation.stock!, cells) : [];
    if (this.blankStockSkipped && stockRead.length > 0 && stockRead.every((c) => c === '')) return this.skipListed(line, cells, 'rows without a quantity (left as they were)');
    const sku = found.key;
    if (found.source !== 'sku') this.noteKey(found.source, line);
    const keyIsBarcode = found.source === 'barcode';
    const row: ProductUpsert = { sku };
    // Made for a row with a problem only (most rows have none).
    let problems: { field: ProductImportField; message: string }[] | null = null;
    for (const { field, index, kind } of this.cellsToRead) {
      const raw = (cells[index] ?? '').trim();
      if (kind === 'text') {
        let text = CODE_FIELDS.has(field) ? cleanCell(raw) : raw;
        if (field === 'name' && text === '' && this.group.name !== null && groupKey !== '') text = this.group.name;
        if (CODE_FIELDS.has(field) && text !== '' && detectScientificNotation(text) !== null) {
          this.warn(line, field, `${FIELD_LABEL[field]} "${text}" was turned into scientific notation by a spreadsheet; the product is imported without it`);
          text = '';
        }
        // A row keyed by a barcode from another column (EAN beside an empty UPC) keeps it as its barcode.
        if (field === 'upc' && text === '' && keyIsBarcode && detectScientificNotation(sku) === null) text = sku;
        row[field] = text === '' ? null : text;
      } else if (kind === 'tags') {
        row.tags = raw === '' ? [] : raw.includes(',') ? parseTags(raw) : [raw];
      } else {
        const parsed = raw === '' ? BLANK_MONEY : parseMoneyCell(raw, this.moneyDecimal);
        if (parsed.ok) row[field] = parsed.value;
        else (problems ??= []).push({ field, message: `${FIELD_LABEL[field]} ${parsed.message}` });
      }
    }
    if (this.stockIndexes.length > 0) {
      // Summed in thousandths of a unit (quantities keep 3 places): exact, unlike adding decimals.
      let thousandths = 0;
      for (const raw of stockRead) {
        const parsed = parseQuantityCell(raw, this.quantityDecimal);
        if (parsed.ok) thousandths += Math.round((parsed.value ?? 0) * 1000);
        else (problems ??= []).push({ field: 'currentQuantity', message: `${this.stockLabel} ${parsed.message}` });
      }
      row.currentQuantity = thousandths / 1000;
    }
    const key = sku.toLowerCase();
    const seen = this.firstOfSku.get(key);
    if (problems !== null) return this.reject(line, cells, problems);
    const perRead = this.interpretation.barcodeUnits;
    if (perRead !== null) this.noteBarcode(key, row, cells, perRead, seen === undefined);
    const apart = this.interpretation.distinguishingIndexes;
    const fingerprint = rowFingerprint(row, cells, apart);
    if (seen !== undefined) {
      if (this.firstFingerprints[seen] === fingerprint) return this.skip('repeated rows (same SKU, same values)');
      if (listKind === 'barcodes') return this.skip('further barcodes of an item (its alternate identifiers)');
      if (this.interpretation.repeatedRows === 'first') return this.skip("further rows of an item (the first row's stock kept, your choice)");
      const add = (row.currentQuantity as number | undefined) ?? 0;
      const extra = this.extraStock.get(key);
      if (extra) extra.add = addStock(extra.add, add);
      else this.extraStock.set(key, { sku, add });
      if (listKind === 'products') {
        this.warn(line, 'sku', `SKU "${sku}" also appears on line ${this.firstLines[seen]}: one item, its stock summed`);
      }
      return this.skip(listKind === 'stock' ? 'rows of an item at another location, bin, serial or lot (stock summed)' : 'rows sharing a SKU with an earlier row (stock summed)');
    }
    this.firstOfSku.set(key, this.firstLines.length);
    this.firstLines.push(line);
    this.firstFingerprints.push(fingerprint);
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

  /** Rows whose key is not a SKU, by source, with their first lines. */
  keyedBySummary(): { source: KeySource; count: number; firstLines: number[] }[] {
    return [...this.keyedBy].map(([source, v]) => ({ source, count: v.count, firstLines: v.firstLines }));
  }

  /**
   * The rejected rows as CSV: `Line`, `Problem`, then the file's own columns (cells that could
   * start a formula are guarded). At most MAX_REJECTED_CSV_ROWS rows.
   */
  rejectedCsv(): string {
    return Papa.unparse([['Line', 'Problem', ...this.headers], ...this.rejectedLines].map((r) => r.map(spreadsheetSafe)));
  }

  /** The rejected rows (the first MAX_REJECTED_CSV_ROWS), in file order. */
  rejectedRows(): RejectedRow[] {
    return this.rejectedLines.map(([line, problem, ...cells]) => ({ line: Number(line), problem: problem!, cells }));
  }

  /** The rows skipped for want of an identifier as CSV: `Line`, `Reason`, then the file's columns. */
  skippedCsv(): string {
    return Papa.unparse([['Line', 'Reason', ...this.headers], ...this.skippedCsvLines].map((r) => r.map(spreadsheetSafe)));
  }

  /** Further rows' stock as parallel arrays (SKU as the first row wrote it, units to add). */
  extraStockArrays(): { skus: string[]; quantities: number[] } {
    const skus: string[] = [];
    const quantities: number[] = [];
    for (const { sku, add } of this.extraStock.values()) {
      if (add === 0) continue;
      skus.push(sku);
      quantities.push(add);
    }
    return { skus, quantities };
  }

  /**
   * A barcode table's row: its barcode and units per read become an alternate identifier of the
   * product; the first row's barcode stays the product's own when one read of it counts 1.
   */
  private noteBarcode(key: string, row: ProductUpsert, cells: readonly string[], at: { barcodeIndex: number; unitsIndex: number }, first: boolean): void {
    const value = cleanCell(cells[at.barcodeIndex] ?? '');
    const parsed = parseQuantityCell(cleanCell(cells[at.unitsIndex] ?? ''), null);
    const units = parsed.ok && parsed.value !== null && parsed.value > 0 ? parsed.value : 1;
    if (value === '' || (first && units === 1)) return;
    if (first) row.upc = null;
    const list = this.alternates.get(key) ?? [];
    list.push({ value, kind: 'barcode', units });
    this.alternates.set(key, list);
  }

  private noteKey(source: KeySource, line: number): void {
    const entry = this.keyedBy.get(source) ?? { count: 0, firstLines: [] };
    entry.count += 1;
    if (entry.firstLines.length < KEY_LINES_SHOWN) entry.firstLines.push(line);
    this.keyedBy.set(source, entry);
  }

  private skip(reason: string): null {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
    return null;
  }

  private skipListed(line: number, cells: readonly string[], reason: string): null {
    if (reason === 'blank rows') return this.skip(reason);
    if (this.skippedLines.length < MAX_LISTED_ERRORS) this.skippedLines.push({ line, reason });
    if (this.skippedCsvLines.length < MAX_REJECTED_CSV_ROWS) this.skippedCsvLines.push([String(line), reason, ...cells]);
    return this.skip(reason);
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
 * The reader for a file under the user's choices, made when the first batch of rows is at hand
 * (the interpretation and the decimal separator are read from it); the mapping's errors
 * (`resolveProductMapping`) are thrown at once.
 */
export function catalogueReaderFor(fileName: string, headers: readonly string[], choices: TableChoices, options: RowReaderOptions = {}) {
  if (choices.mapping !== undefined) resolveProductMapping(fileName, headers, { ...choices.mapping });
  let reader: CatalogueRowReader | null = null;
  return (firstRows: readonly TableRow[]) =>
    (reader ??= new CatalogueRowReader(
      fileName,
      headers,
      interpretCatalogue(fileName, headers, firstRows.slice(0, INTERPRETATION_ROWS).map((r) => r.cells), choices),
      firstRows,
      options,
    ));
}

/** Rows the interpretation reads (the preview reads its 10 and states the same decisions for them). */
const INTERPRETATION_ROWS = 200;

/**
 * Reads and validates every row of a catalogue file under the user's choices (`opts.headerLine`:
 * the line of its column names, when the user named it), keeping the good
 * rows with the further rows of an item summed in (the command-line reconciliation's catalogue).
 * Never throws for bad rows.
 * @throws AppError for a bad mapping, FileError for an unreadable file.
 */
export async function parseCatalogue(filePath: string, fileName: string, choices: TableChoices, opts: { headerLine?: number } = {}): Promise<ParsedCatalogue> {
  const table = await openTable(filePath, fileName, { header: 'yes', ...opts });
  const readerFor = catalogueReaderFor(fileName, table.headers, choices);
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
  for (const row of rows) {
    const extra = reader.extraStock.get(row.sku.toLowerCase());
    if (extra !== undefined) row.currentQuantity = addStock((row.currentQuantity as number | undefined) ?? 0, extra.add);
  }
  const { fields, errors, errorCount, totalRows, warnings, rejectedCount, interpretation, skippedLines } = reader;
  return {
    fields,
    rows,
    errors,
    errorCount,
    totalRows,
    skipped: reader.skippedSummary(),
    skippedCount: reader.skippedCount,
    rejectedCount,
    warnings,
    interpretation,
    skippedLines,
    keyedBy: reader.keyedBySummary(),
    alternates: reader.alternates,
  };
}

const BLANK_MONEY: Parsed<string | null> = { ok: true, value: null };

/** Two stock figures added in thousandths of a unit (quantities keep 3 places): exact, unlike adding decimals. */
function addStock(a: number, b: number): number {
  return (Math.round(a * 1000) + Math.round(b * 1000)) / 1000;
}

/**
 * A 53-bit fingerprint of a row's values, exact as a JavaScript number: cyrb53, two 32-bit
 * multiplicative hashes mixed together, fed with the row's keys and values in their order (each
 * text with its length, two UTF-16 units a step) and then the file's cells at `apart` (the
 * columns that tell rows of one SKU apart), without making the JSON text of the whole row. Two rows give the same fingerprint when their values are the same, as their JSON
 * texts would be; two rows of one SKU with different values share it with a chance of about 1 in
 * 9 * 10^15 (docs/decisions/0088-repeated-rows-by-fingerprint.md, 0165). Values other than text
 * (the quantity, null, the tags) are mixed without making their text (`mixValue`, 0171).
 */
function rowFingerprint(row: ProductUpsert, cells: readonly string[], apart: readonly number[]): number {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;
  for (const key in row) {
    const value = (row as Record<string, unknown>)[key];
    if (value === undefined) continue; // as JSON leaves it out
    const unit = KEY_UNITS.get(key);
    if (unit === undefined) mixText(key);
    else mixUnit(unit);
    if (typeof value === 'string') {
      mixText(value);
    } else {
      // Marked apart from any text (a text's first unit is its length), then by kind.
      mixUnit(NOT_TEXT);
      mixValue(value);
    }
  }
  for (const i of apart) {
    mixUnit(APART);
    mixText(cells[i] ?? '');
  }
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (0x1fffff & b) + (a >>> 0);
}

/**
 * The fingerprint's two states while `rowFingerprint` runs (it runs to its end without waiting:
 * one at a time), fed together by each step below so that every text is read once.
 */
let h1 = 0;
let h2 = 0;

/** cyrb53's two multipliers. */
const M1 = 2654435761;
const M2 = 1597334677;
/** A row's known keys as one unit each (apart from a text's first unit, its length), other keys as text. */
const KEY_UNITS = new Map<string, number>([...PRODUCT_IMPORT_FIELDS, 'tags'].map((field, i) => [field, 0x7fff0000 + i]));
/** Marks the distinguishing cells after the row's values, and a value that is not text. */
const APART = 0x7ffeffff;
const NOT_TEXT = 0x7ffefffe;

/** One unit mixed into both states. */
function mixUnit(unit: number): void {
  h1 = Math.imul(h1 ^ unit, M1);
  h2 = Math.imul(h2 ^ unit, M2);
}

/**
 * `text` mixed into both states: its length first (so that where one text ends and the next
 * begins is part of what is mixed), then two UTF-16 units a step.
 */
function mixText(text: string): void {
  const n = text.length;
  let a = Math.imul(h1 ^ n, M1);
  let b = Math.imul(h2 ^ n, M2);
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const units = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
    a = Math.imul(a ^ units, M1);
    b = Math.imul(b ^ units, M2);
  }
  if (i < n) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, M1);
    b = Math.imul(b ^ unit, M2);
  }
  h1 = a;
  h2 = b;
}

/** A number's 8 bytes, read as two 32-bit units by `mixValue`. */
const numberBits = new Float64Array(1);
const numberUnits = new Uint32Array(numberBits.buffer);
/** The kinds of value other than text, each mixed in first. */
const NUMBER = 1;
const NULL = 2;
const TEXTS = 3;

/**
 * A value other than a string mixed into both states, without making its text: a number by its
 * 64 bits (-0 as 0, as JSON writes it), null, or an array of texts (the row's tags: their count,
 * then each text as `mixText` mixes it).
 */
function mixValue(value: unknown): void {
  if (typeof value === 'number') {
    numberBits[0] = value === 0 ? 0 : value;
    mixUnit(NUMBER);
    mixUnit(numberUnits[0]!);
    mixUnit(numberUnits[1]!);
    return;
  }
  if (value === null) {
    mixUnit(NULL);
    return;
  }
  const texts = value as readonly string[];
  mixUnit(TEXTS);
  mixUnit(texts.length);
  for (const text of texts) mixText(text);
}
