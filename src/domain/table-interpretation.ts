/**
 * How a catalogue or stock table is read (DESIGN.md section 6 'What real exports hold'): one pure
 * interpretation of a file's header and first rows, answered as decisions with their reasons in a
 * shop owner's words. The web import (preview and import), the quantity upload, the scan-file step
 * and the command-line reconciliation all read rows through these decisions (the server's
 * catalogue-rows.ts applies them row by row: `rowKey`, `stockCells`, `structuralRowReason`), so a
 * rule holds everywhere or nowhere. Every rule is general: named by what the file shows (its
 * headers and values), never by a file's name.
 *
 * Decisions (`interpretTable`):
 * - header row: the first row with several label cells; title rows above it are skipped
 *   (`findHeaderRow`, used by the file reader before the headers exist);
 * - columns: `proposeProductMapping` (import-layouts.ts: layouts, field names in nine languages,
 *   values veto), then a barcode column must hold mostly distinct codes that pass the GS1 check
 *   digit (a customs code or a platform's product id does not);
 * - the row's key: SKU, else barcode, else the system's own id (WooCommerce `ID`, Zoho `Item ID`,
 *   Odoo external id), else Handle + option values; a file with no identifier column at all is
 *   keyed by the product name (inFlow's `ProductName`, an accounting package's stock summary);
 * - rows: rows without a key, title, group (`Group Name: ...`) and total rows are skipped and
 *   listed; rows sharing a key are one item, their stock summed (a stock list: one row per
 *   location, bin, serial or lot) or, in a product list, summed with a warning naming the lines;
 *   identical repeated rows are one row;
 * - the stock: the column the mapping names; else one numeric column named after a place; several
 *   per-location columns are 'choose one or sum them' (`location`: a name, or 'all');
 * - every decision may be changed by the user (`TableChoices`: the columns, the location, whether
 *   further rows of an item add their stock; the header row is chosen by the file reader).
 * Pure; never throws.
 */
import { PRODUCT_IMPORT_FIELD_LABELS, type ProductImportField } from '../contracts/products.js';
import { hasValidGs1CheckDigit, isGtinShaped } from './gtin.js';
import { cleanCell, isFieldWord, proposeProductMapping, type ColumnProposal, type LocationColumn } from './import-layouts.js';

/** How a row's key was found, in the order tried. */
export type KeySource = 'sku' | 'barcode' | 'system id' | 'handle and options' | 'name';

/** A key column (or, for 'handle and options', the handle then the option value columns). */
export interface KeyColumn {
  source: KeySource;
  /** Column indexes whose cells make the key (several for Handle + options). */
  indexes: number[];
  headers: string[];
  /** Handle without option columns: the column a row must fill to be a product (its name; image rows have none). */
  requires?: number;
}

/** One decision of the interpretation, as the preview states it. */
export interface TableDecision {
  topic: 'header' | 'columns' | 'key' | 'rows' | 'stock' | 'layout';
  text: string;
}

/**
 * A list of products (one row each), a stock list (rows per location, bin, serial or lot) or a
 * barcode table (one row per barcode of an item: the rows are alternate identifiers of one product).
 */
export type ListKind = 'products' | 'stock' | 'barcodes';

/** The user's choices over the proposal (each optional; none gives the default). */
export interface TableChoices {
  /** header -> field key or 'skip', over the proposed columns (the mapping step). */
  mapping?: Readonly<Record<string, string>>;
  /** Per-location stock: a location's name, or 'all' (summed). */
  location?: string;
  /**
   * Rows of one item that differ (one per bin, a SKU listed twice): 'sum' their stock (the
   * default) or keep the 'first' row's (a file whose further rows repeat the item's total).
   */
  repeatedRows?: RepeatedRows;
}

/** What further rows of one item do to its stock (`TableChoices.repeatedRows`). */
export type RepeatedRows = 'sum' | 'first';

/** Where the stock of a row is read. */
export interface StockSource {
  /** Column indexes summed for a row's stock (one for most files; several for 'all'). */
  indexes: number[];
  headers: string[];
  /** Location columns of the file (empty for a single stock column). */
  locations: LocationColumn[];
  /** The location chosen, 'all', or null (a single stock column). */
  chosen: string | null;
  /** Rows of a store column (Shopify's `Location`): the store whose rows are read, or null (all). */
  storeColumn: { index: number; header: string; stores: string[]; chosen: string | null } | null;
}

/** The interpretation of a table. */
export interface TableInterpretation {
  layout: string | null;
  listKind: ListKind;
  /** Further rows of one item: their stock summed, or the first row's kept (the user's choice). */
  repeatedRows: RepeatedRows;
  /** header -> field, after the rules and the user's choices. */
  mapping: Record<string, ProductImportField>;
  columns: ColumnProposal[];
  keys: KeyColumn[];
  stock: StockSource | null;
  /** Columns that tell rows of one item apart in a stock list (location, bin, serial, lot). */
  distinguishing: string[];
  /**
   * A barcode table's columns: each row's barcode and the units one read of it counts (`Qty` beside
   * `Packing`); null for other lists.
   */
  barcodeUnits: { barcodeIndex: number; unitsIndex: number } | null;
  /** Their indexes: two rows of a stock list that differ only there are two rows of one item. */
  distinguishingIndexes: number[];
  /** The product-type column (parent rows are told by it), or -1. */
  typeIndex: number;
  /**
   * A store-view or language column (Magento's `store_view_code`), or -1: a row holding a value
   * there that repeats a product already listed is its translation for a store view, not more
   * stock of it, and is skipped.
   */
  translationIndex: number;
  decisions: TableDecision[];
}

/** What each rule reads of a row: the interpretation's indexes, for the row readers. */
const LABEL = PRODUCT_IMPORT_FIELD_LABELS;

/** A cell that reads as a label: has letters, is not a number, date, code or amount. */
function isLabelCell(cell: string): boolean {
  const v = cell.trim();
  if (v === '' || v.length > 60) return false;
  if (!/\p{L}/u.test(v)) return false;
  return !/^[+-]?[\d.,\s]+$/.test(v);
}

/**
 * The index of the header row among a file's first rows: the first row with several (2+) label
 * cells, when the rows above it carry one cell or none (title rows of a report: the company, the
 * report's name, its period). 0 when no row qualifies (a one-column file, a header-less dump).
 */
export function findHeaderRow(rows: readonly (readonly string[])[]): number {
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i]!;
    const filled = cells.filter((c) => c.trim() !== '').length;
    const labels = cells.filter(isLabelCell).length;
    if (labels >= 2 && labels >= filled / 2) return i;
    if (filled > 1) return 0; // a row of data or mixed cells before any header: no title rows
  }
  return 0;
}

/** Folded headers that name the system's own id of a row (WooCommerce `ID`, Zoho `Item ID`, Odoo `External ID`). */
const SYSTEM_ID = /^(id|item id|product id|external id|variant id|record id|идентификатор|ид)$/;
/** Folded headers of a packing column (the pack a barcode stands for: EACH, CASE, BOX of 12). */
const PACKING_HEADER = /^(pack|packing|pack size|package|packaging|uom|unit of measure|unit|units per pack|pack type|упаковка)$/;

function isQuantityWord(folded: string): boolean {
  return /^(qty|quantity|units|pcs|count|menge|кол во|количество)$/.test(folded);
}

function mapped0(mapping: Readonly<Record<string, ProductImportField>>, field: ProductImportField): boolean {
  return Object.values(mapping).includes(field);
}

/** Folded headers of a barcode column. */
const BARCODE_HEADER = /^(upc|ean|ean13|ean 13|gtin|gtin 14|isbn|barcode|bar code|upc a|штрихкод|штрих код|باركود|الباركود)$/;
/** Folded headers naming the rows' sublocation, bin, serial or lot: rows of one item are summed. */
const DISTINGUISHING = /\b(bin|bin name|sublocation|sub location|shelf|serial|serial number|lot|batch|lot number|batch number|warehouse|location|store|outlet|zone|aisle|место|склад|серия|партия)\b/;
/** Folded headers of a store-view or language column: its rows are translations of a product, not places. */
const TRANSLATION = /^(store view|store view code|storeview|language|language code|lang|locale)$/;
/** Plain words for what a distinguishing column's rows are, by its folded header (first match). */
const ROW_KINDS: readonly (readonly [RegExp, string])[] = [
  [/\b(bin|bin name|shelf|sublocation|sub location|aisle|zone)\b|место/, 'shelf or bin'],
  [/\b(serial|serial number)\b|серия/, 'serial number'],
  [/\b(lot|batch|lot number|batch number)\b|партия/, 'lot or batch'],
];

/**
 * What the rows of one item are in a stock list, in a shop owner's words, each kind with its
 * columns in parentheses: `location ("Location"), lot or batch ("Lot/Serial Number")`.
 */
function rowKindWords(headers: readonly string[], folded: readonly string[]): string {
  const kinds = new Map<string, string[]>();
  headers.forEach((h, i) => {
    const kind = ROW_KINDS.find(([re]) => re.test(folded[i]!))?.[1] ?? 'location';
    kinds.set(kind, [...(kinds.get(kind) ?? []), `"${h}"`]);
  });
  return [...kinds].map(([kind, hs]) => `${kind} (${hs.join(', ')})`).join(', ');
}

/** Header words that are never a place's stock column. */
const NOT_A_PLACE = /\b(delay|time|days|weight|volume|zeit|id|price|cost|weight|grams|option|position|tax|year|size|number|no|nr|code|rate|value|amount|min|max|minimum|maximum|reorder|lead|length|width|height|depth|vat|discount|margin|sort|order|level|alert|new|page|rank|count|status|published|visible|featured)\b/;
/** A yes/no cell (a published or active flag). */
const FLAG = /^(true|false|yes|no|y|n|0|1|да|нет|sim|não|nao|ja|nein|oui|non)$/i;
/** Cells a stock column may hold besides numbers. */
const NOT_STOCKED = /^not\s+stocked$/i;
/** Quantity words that head one column per location (`Current Quantity Shop`, `inventory_Main`). */
const QUANTITY_PREFIX = /^(current quantity|quantity|qty|stock|inventory|on hand|available|in stock)\s+(.+)$/;

/** True for a cell a stock column holds: a number (with decimals), blank or `not stocked`. */
export function isStockCell(cell: string): boolean {
  const v = cleanCell(cell);
  return v === '' || NOT_STOCKED.test(v) || /^[+-]?\d{1,12}([.,]\d+)?$/.test(v) || /^[+-]?\d{1,3}(,\d{3})+([.]\d+)?$/.test(v);
}

function columnCells(rows: readonly (readonly string[])[], i: number): string[] {
  return rows.map((r) => cleanCell(r[i] ?? '')).filter((c) => c !== '');
}

/**
 * Whether a column's values are barcodes: mostly (60%+) GTIN-shaped with a valid GS1 check digit
 * and mostly (80%+) distinct. Values a spreadsheet damaged (`3.65275E+11`) cannot be judged and
 * leave the header's word standing (null).
 */
export function barcodeEvidence(cells: readonly string[]): boolean | null {
  const judged = cells.map(cleanCell).filter((c) => /^\d+$/.test(c));
  if (judged.length === 0) return null;
  const passing = judged.filter((c) => isGtinShaped(c) && hasValidGs1CheckDigit(c)).length;
  const distinct = new Set(judged).size;
  return passing / judged.length >= 0.6 && distinct / judged.length >= 0.8;
}

/**
 * A scanner's symbology column: zero-padded two-digit values (`03`, `08`), few distinct ones, at
 * least one with a leading zero. Never a quantity.
 */
export function isSymbologyColumn(cells: readonly string[]): boolean {
  const values = cells.map((c) => c.trim()).filter((c) => c !== '');
  if (values.length === 0 || !values.every((v) => /^\d{2}$/.test(v))) return false;
  return values.some((v) => v.startsWith('0')) && new Set(values).size <= Math.max(3, Math.ceil(values.length / 3));
}

/**
 * Interprets a table from its headers and first data rows (cells in header order).
 * @param fold the header folding of column-mapping.ts (passed in to keep one definition).
 */
export function interpretTable(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[],
  fold: (header: string) => string,
  choices: TableChoices = {},
): TableInterpretation {
  const folded = headers.map(fold);
  const proposal = proposeProductMapping(headers, sampleRows, fold);
  const columns = proposal.columns.map((c) => ({ ...c }));
  const decisions: TableDecision[] = [];
  const indexOf = (header: string) => headers.indexOf(header);
  const chosenMapping = choices.mapping;
  const mapping: Record<string, ProductImportField> = chosenMapping === undefined ? { ...proposal.mapping } : {};

  // A barcode column must hold barcodes (a customs code or a platform's product id does not).
  // A header that names a barcode outright (Barcode, UPC, EAN) is believed unless its codes repeat.
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== 'upc') continue;
    const cells = columnCells(sampleRows, indexOf(header));
    const named = columns.find((c) => c.header === header)?.confidence === 'high';
    if (named ? cells.length < 4 || distinctShare(cells) >= 0.5 : barcodeEvidence(cells) !== false) continue;
    delete mapping[header];
    const col = columns.find((c) => c.header === header)!;
    Object.assign(col, { field: null, confidence: null, reason: `not imported: its values are not barcodes (they do not pass the GS1 check digit or repeat)` });
  }

  // The user's column choices are the mapping.
  for (const [header, field] of Object.entries(chosenMapping ?? {})) {
    if (!headers.includes(header) || field === '' || field === 'skip') continue;
    mapping[header] = field as ProductImportField;
    const col = columns.find((c) => c.header === header)!;
    if (col.field !== field) Object.assign(col, { field, confidence: 'high', reason: `${header} -> ${LABEL[field as ProductImportField]} (your choice)` });
  }
  if (chosenMapping !== undefined) {
    for (const col of columns) if (mapping[col.header] === undefined && col.field !== null) Object.assign(col, { field: null, confidence: null, reason: 'not imported (your choice)' });
  }

  // The stock: the mapped column, else columns named after a place.
  const stockHeader = Object.keys(mapping).find((h) => mapping[h] === 'currentQuantity') ?? null;
  let locations: LocationColumn[] = proposal.locations;
  if (locations.length === 0) locations = prefixedLocations(headers, folded, sampleRows, mapping);
  if (locations.length === 0) {
    const places = placeColumns(headers, folded, sampleRows, mapping, proposal.groupColumn);
    if (stockHeader === null || places.some((l) => l.header === stockHeader)) locations = places;
  }
  let stock = null as StockSource | null;
  const chosenLocation = choices.location?.trim();
  if (locations.length > 0 && (stockHeader === null || locations.some((l) => l.header === stockHeader) || chosenLocation)) {
    for (const l of locations) if (mapping[l.header] === 'currentQuantity') delete mapping[l.header];
    const wanted = chosenLocation?.toLowerCase();
    const picked =
      wanted === 'all'
        ? locations
        : wanted !== undefined
          ? locations.filter((l) => l.location.toLowerCase() === wanted || l.header.toLowerCase() === wanted)
          : locations.length === 1
            ? locations
            : [locations.find((l) => l.header === stockHeader) ?? mostFilled(locations, headers, sampleRows)];
    const chosen = wanted === 'all' ? 'all' : (picked[0]?.location ?? null);
    stock = { indexes: picked.map((l) => indexOf(l.header)), headers: picked.map((l) => l.header), locations, chosen, storeColumn: null };
    for (const l of locations) {
      const col = columns.find((c) => c.header === l.header)!;
      const inStock = picked.includes(l);
      Object.assign(col, {
        field: inStock ? 'currentQuantity' : null,
        confidence: inStock ? 'high' : null,
        reason: inStock ? `${l.header} -> ${LABEL.currentQuantity} (the stock at ${l.location})` : `not imported: the stock at ${l.location}, another location`,
      });
    }
    if (locations.length === 1) {
      decisions.push({ topic: 'stock', text: `The stock is the column "${locations[0]!.header}": the file's one column of quantities, named after the place ${locations[0]!.location}.` });
    } else if (wanted === 'all') {
      decisions.push({ topic: 'stock', text: `The stock is the sum of the ${locations.length} locations' columns (${locations.map((l) => l.location).join(', ')}).` });
    } else {
      decisions.push({
        topic: 'stock',
        text: `The file has one stock column per location (${locations.map((l) => l.location).join(', ')}). This count is for ${chosen ?? 'no location'}; choose another location or all of them summed.`,
      });
    }
  } else if (stockHeader !== null) {
    stock = { indexes: [indexOf(stockHeader)], headers: [stockHeader], locations: [], chosen: null, storeColumn: null };
    decisions.push({ topic: 'stock', text: `The stock is the column "${stockHeader}".` });
  } else {
    decisions.push({ topic: 'stock', text: 'The file has no stock column: every product is imported with a stock of 0.' });
  }

  // A store column (one row per store: Shopify's `Location`) beside a shelf column.
  const storeIndex = folded.findIndex((h) => h === 'location' || h === 'store' || h === 'outlet');
  const shelfIndex = folded.findIndex((h) => /\b(bin|bin name|shelf|sublocation)\b/.test(h));
  if (stock !== null && storeIndex >= 0 && shelfIndex >= 0 && storeIndex !== shelfIndex) {
    const storeHeader = headers[storeIndex]!;
    const shelfHeader = headers[shelfIndex]!;
    if (mapping[storeHeader] === 'location') delete mapping[storeHeader];
    if (!Object.values(mapping).includes('location') && choices.mapping?.[shelfHeader] === undefined) mapping[shelfHeader] = 'location';
    const stores = [...new Set(columnCells(sampleRows, storeIndex))];
    const wanted = chosenLocation?.toLowerCase();
    const chosen = wanted === undefined || wanted === 'all' ? null : (stores.find((s) => s.toLowerCase() === wanted) ?? chosenLocation!);
    stock.storeColumn = { index: storeIndex, header: storeHeader, stores, chosen };
    const shelf = columns.find((c) => c.header === shelfHeader)!;
    Object.assign(shelf, { field: mapping[shelfHeader] ?? shelf.field, confidence: 'high', reason: `${shelfHeader} -> ${LABEL.location} (the shelf within the store)` });
    const store = columns.find((c) => c.header === storeHeader)!;
    Object.assign(store, { field: null, confidence: null, reason: `not imported: the store, not the shelf` });
    decisions.push({
      topic: 'stock',
      text:
        chosen === null
          ? `"${storeHeader}" is the store (${stores.join(', ') || 'none in the first rows'}) and "${shelfHeader}" the shelf: the stock of every store is summed; choose a store to count one.`
          : `"${storeHeader}" is the store and "${shelfHeader}" the shelf: only the rows of ${chosen} are read.`,
    });
  }

  // A quantity beside a packing column is the units each barcode reads (a barcode table), not the stock.
  const packIndex = folded.findIndex((h) => PACKING_HEADER.test(h));
  const perReadIndex =
    packIndex < 0 || !mapped0(mapping, 'upc')
      ? -1
      : [packIndex + 1, packIndex - 1].find((i) => i >= 0 && i < headers.length && (proposal.mapping[headers[i]!] === 'currentQuantity' || isQuantityWord(folded[i]!))) ?? -1;
  const perRead = perReadIndex >= 0;
  if (perRead && stock !== null && stock.indexes[0] === perReadIndex) {
    const qtyHeader = stock.headers[0]!;
    delete mapping[qtyHeader];
    Object.assign(columns.find((c) => c.header === qtyHeader)!, {
      field: null,
      confidence: null,
      reason: `not imported: the units each barcode stands for (beside ${headers[packIndex]}), not the stock`,
    });
    decisions.splice(decisions.findIndex((d) => d.topic === 'stock'), 1, {
      topic: 'stock',
      text: `"${qtyHeader}" beside "${headers[packIndex]}" is how many units each barcode stands for, not the stock: the file has no stock column, every product is imported with a stock of 0.`,
    });
    stock = null;
  }

  // Columns that tell rows of one item apart: a stock list.
  // A yes/no column (Shopify's `Published on online store`) names no place, whatever its header says.
  // A store-view column (translations of a product) names no place either.
  const translationIndex = folded.findIndex((h) => TRANSLATION.test(h));
  const distinguishing = headers.filter(
    (h, i) =>
      i !== translationIndex && DISTINGUISHING.test(folded[i]!) && !(stock?.headers ?? []).includes(h) && !columnCells(sampleRows, i).every((c) => FLAG.test(c)),
  );
  const apartWords = rowKindWords(distinguishing, distinguishing.map((h) => folded[indexOf(h)]!));
  const listKind: ListKind = perRead ? 'barcodes' : distinguishing.length > 0 ? 'stock' : 'products';

  // The row's key, in order.
  const keys: KeyColumn[] = [];
  const add = (source: KeySource, ...hs: string[]) => keys.push({ source, headers: hs, indexes: hs.map(indexOf) });
  const mapped = (field: ProductImportField) => Object.keys(mapping).find((h) => mapping[h] === field);
  const skuHeader = mapped('sku');
  if (skuHeader !== undefined) add('sku', skuHeader);
  const upcHeader = mapped('upc');
  if (upcHeader !== undefined) add('barcode', upcHeader);
  // Further barcode columns (a file with both UPC and EAN): a row without SKU takes the first it fills.
  folded.forEach((h, i) => {
    const header = headers[i]!;
    if (mapping[header] === undefined && BARCODE_HEADER.test(h) && columnCells(sampleRows, i).length > 0) add('barcode', header);
  });
  const otherHeader = mapped('otherIdentifier');
  if (otherHeader !== undefined) add('system id', otherHeader);
  const idIndex = folded.findIndex((h, i) => SYSTEM_ID.test(h) && mapping[headers[i]!] === undefined && distinctShare(columnCells(sampleRows, i)) >= 0.9);
  if (idIndex >= 0) add('system id', headers[idIndex]!);
  // Shopify's product exports: `Handle` (older), `URL handle` (2024 on).
  const handleIndex = proposal.groupColumn !== null ? indexOf(proposal.groupColumn) : folded.findIndex((h) => /^(url |product )?handle$/.test(h));
  const nameHeader = mapped('name');
  /** Whether the file has an identifier column at all (the user may have left it out): the name then is no key. */
  const hasIdentifierColumn = Object.values(proposal.mapping).some((f) => f === 'sku' || f === 'upc' || f === 'otherIdentifier');
  if (handleIndex >= 0) {
    const options = headers.filter((_, i) => /^option ?\d value$/.test(folded[i]!));
    add('handle and options', headers[handleIndex]!, ...options);
    if (options.length === 0 && nameHeader !== undefined) keys.at(-1)!.requires = indexOf(nameHeader);
  }
  if (keys.length === 0 && nameHeader !== undefined && !hasIdentifierColumn) add('name', nameHeader);

  // The user left out the file's SKU column: the SKU is required (spec part 2 section 5).
  if (chosenMapping !== undefined && skuHeader === undefined && Object.values(proposal.mapping).includes('sku')) keys.length = 0;
  if (keys.length === 0) {
    decisions.push({ topic: 'key', text: 'No column holds a SKU, a barcode, an id or a name: map the SKU column.' });
  } else {
    const [first, ...rest] = keys;
    const named = (k: KeyColumn) => {
      const h = `"${k.headers[0]}"`;
      if (k.source === 'handle and options') return `${h} with the option values`;
      return k.source === 'sku' ? `its SKU in ${h}` : k.source === 'barcode' ? `the barcode in ${h}` : `the system's id in ${h}`;
    };
    decisions.push({
      topic: 'key',
      text:
        first!.source === 'name'
          ? `The file has no SKU, barcode or id column: each product is known by its name ("${first!.headers[0]}"), which becomes its SKU.`
          : rest.length === 0
            ? `Each product is known by ${named(first!)}.`
            : `Each product is known by ${named(first!)}; a row without it takes ${rest.map(named).join(', then ')}, which becomes its SKU.`,
    });
  }
  decisions.push({
    topic: 'rows',
    text: 'Rows without any of these (image rows, parent rows, title, group and total rows) are skipped and listed with their lines.',
  });
  if (translationIndex >= 0) {
    decisions.push({
      topic: 'rows',
      text: `Store-view rows (translations of a product already listed, for another shop language or store view; column "${headers[translationIndex]}") are skipped: a product's stock is read from its own row.`,
    });
  }
  const repeatedRows: RepeatedRows = choices.repeatedRows === 'first' && listKind !== 'barcodes' ? 'first' : 'sum';
  decisions.push({
    topic: 'rows',
    text:
      listKind === 'barcodes'
        ? `Rows sharing one ${keys[0] ? `code ("${keys[0].headers[0]}")` : 'item code'}, one per barcode, are one product; its further barcodes are its alternate identifiers.`
        : repeatedRows === 'first'
          ? `Rows of one product${listKind === 'stock' ? `, one per ${apartWords},` : ''} are one item: the first row's stock is kept, the further rows are skipped (your choice).`
          : listKind === 'stock'
            ? `Rows of one product, one per ${apartWords}, are one item: their stock is summed.`
            : 'Rows repeating a product are one item: identical rows count once; rows that differ have their stock summed, with a warning naming the lines.',
  });
  if (proposal.layout !== null) decisions.unshift({ topic: 'layout', text: `The file is ${/^[aeiou]/i.test(proposal.layout) ? 'an' : 'a'} ${proposal.layout}.` });

  const typeIndex = folded.findIndex((h) => TYPE_HEADER.test(h));
  const distinguishingIndexes = distinguishing.map(indexOf);
  const upcAt = Object.keys(mapping).find((h) => mapping[h] === 'upc');
  const barcodeUnits = perRead && upcAt !== undefined ? { barcodeIndex: indexOf(upcAt), unitsIndex: perReadIndex } : null;
  return { layout: proposal.layout, listKind, repeatedRows, mapping, columns, keys, stock, distinguishing, distinguishingIndexes, barcodeUnits, typeIndex, translationIndex, decisions };
}

function distinctShare(cells: readonly string[]): number {
  return cells.length === 0 ? 0 : new Set(cells).size / cells.length;
}

function mostFilled(locations: readonly LocationColumn[], headers: readonly string[], rows: readonly (readonly string[])[]): LocationColumn {
  const filled = (l: LocationColumn) => columnCells(rows, headers.indexOf(l.header)).filter((c) => !NOT_STOCKED.test(c)).length;
  return locations.reduce((best, l) => (filled(l) > filled(best) ? l : best));
}

/** Columns `<quantity word> <place>` (two or more with one word): one per location. */
function prefixedLocations(
  headers: readonly string[],
  folded: readonly string[],
  rows: readonly (readonly string[])[],
  mapping: Readonly<Record<string, ProductImportField>>,
): LocationColumn[] {
  const byWord = new Map<string, LocationColumn[]>();
  folded.forEach((h, i) => {
    const m = QUANTITY_PREFIX.exec(h);
    if (m === null || NOT_A_PLACE.test(m[2]!) || !columnCells(rows, i).every(isStockCell)) return;
    const header = headers[i]!;
    if (mapping[header] !== undefined && mapping[header] !== 'currentQuantity') return;
    const shown = header.trim().replace(/[\s_]+/g, ' ');
    const place = shown.slice(shown.length - m[2]!.length).trim() || m[2]!;
    byWord.set(m[1]!, [...(byWord.get(m[1]!) ?? []), { header, location: place }]);
  });
  return [...byWord.values()].find((ls) => ls.length >= 2) ?? [];
}

/**
 * Columns named after a place (`POPTOYS`, `Rangsutra Online`): the file's last columns, after its
 * identifier and name columns (where exports put one column per location), each not mapped to any
 * field, not a word of another kind of column, and holding stock cells (numbers, `not stocked`)
 * with at least one value.
 */
function placeColumns(
  headers: readonly string[],
  folded: readonly string[],
  rows: readonly (readonly string[])[],
  mapping: Readonly<Record<string, ProductImportField>>,
  groupColumn: string | null,
): LocationColumn[] {
  const mappedIndexes = Object.keys(mapping).filter((h) => mapping[h] !== 'currentQuantity').map((h) => headers.indexOf(h));
  const lastKey = Math.max(-1, ...Object.keys(mapping).filter((h) => mapping[h] === 'sku' || mapping[h] === 'name').map((h) => headers.indexOf(h)));
  const found: LocationColumn[] = [];
  const isPlace = (h: string, i: number) => {
    const header = headers[i]!;
    if (h === '' || i <= lastKey || mappedIndexes.includes(i) || header === groupColumn) return false;
    // `On hand (current)`, `Stock new`: a quantity word with a qualifier names the stock, not a place.
    if (NOT_A_PLACE.test(h) || isFieldWord(h) || QUANTITY_PREFIX.test(h) || SYSTEM_ID.test(h) || /^option/.test(h) || /^column \d+$/.test(h)) return false;
    const cells = columnCells(rows, i);
    return cells.length > 0 && cells.every(isStockCell) && barcodeEvidence(cells) !== true;
  };
  for (let i = folded.length - 1; i >= 0; i--) {
    if (folded[i] === '' && columnCells(rows, i).length === 0) continue;
    if (!isPlace(folded[i]!, i)) break;
    found.unshift({ header: headers[i]!, location: headers[i]!.trim() });
  }
  return found;
}

/** The stock of a row under `stock`: the sum of its columns; `not stocked` and blanks count 0. */
export function stockCells(stock: StockSource, cells: readonly string[]): string[] {
  return stock.indexes.map((i) => {
    const v = cleanCell(cells[i] ?? '');
    return NOT_STOCKED.test(v) ? '0' : v;
  });
}

const TOTAL = /^(grand\s+)?(sub)?total\b|^итого|^всего|^الإجمالي|^المجموع/iu;
const GROUP = /^[\p{L}][\p{L} ]{1,30}:\s*\S/u;

/**
 * A report's structural row, whatever its key cell holds: a total row (its first cell `Total`,
 * `Grand Total`, `Итого`) or a group row (`Group Name: Grocery` alone on its row). Null otherwise.
 */
export function structuralRowReason(cells: readonly string[]): string | null {
  // Called for every row of an import: no array of the row's cells is made.
  let first: string | null = null;
  let second = false;
  for (const cell of cells) {
    const c = cell.trim();
    if (c === '') continue;
    if (first !== null) {
      second = true;
      break;
    }
    first = c;
  }
  if (first === null) return null;
  if (TOTAL.test(first)) return 'total rows';
  if (!second && GROUP.test(first)) return 'title and group rows';
  return null;
}

/** What a row is when it has no key: the reason it is skipped, for the listing. */
export function skippedRowReason(cells: readonly string[], typeIndex = -1): string {
  if (typeIndex >= 0 && PARENT_TYPES.test(cleanCell(cells[typeIndex] ?? ''))) return 'parent rows (their variations are counted)';
  const filled = cells.map((c) => c.trim()).filter((c) => c !== '');
  if (filled.length === 0) return 'blank rows';
  const structural = structuralRowReason(cells);
  if (structural !== null) return structural;
  // One value further right, in a table of several columns: one more value of the row above (Odoo's one2many rows).
  if (filled.length === 1 && (cells[0] ?? '').trim() !== '') return 'title and group rows';
  if (filled.length === 1 && cells.length > 2) return 'continuation rows (one more value of the row above)';
  return 'rows without SKU, barcode or other identifier (image rows, parent rows, continuation rows)';
}

/** Values of a product-type column that mark a parent row (its variations are the countable items). */
const PARENT_TYPES = /^(variable|configurable|grouped|bundle|variable product|вариативный товар|variável|produto variável|variable-product)$/i;
/** Folded headers of a product-type column. */
export const TYPE_HEADER = /^(type|product type|тип|tipo|typ)$/;

/**
 * The key of a row under `keys`, in order: the first that the row holds, with its source; null
 * when the row holds none. Handle + options joins the handle and the option values with `/`
 * (`red-shirt/M/Blue`, `Default Title` left out), and only for a row holding an option value
 * (a variant without SKU; an image row holds none). A row without SKU whose product type marks
 * a parent (`variable`, `configurable`, `grouped`) has no key: its variations are counted.
 */
export function rowKey(keys: readonly KeyColumn[], cells: readonly string[], typeIndex = -1): { key: string; source: KeySource } | null {
  for (const k of keys) {
    if (k.source === 'handle and options') {
      const handle = cleanCell(cells[k.indexes[0]!] ?? '');
      const values = k.indexes.slice(1).map((i) => cleanCell(cells[i] ?? '')).filter((v) => v !== '');
      if (handle === '' || (k.indexes.length > 1 && values.length === 0)) continue;
      if (k.requires !== undefined && (cells[k.requires] ?? '').trim() === '') continue;
      const options = values.filter((v) => v.toLowerCase() !== 'default title');
      return { key: [handle, ...options].join('/'), source: k.source };
    }
    const v = cleanCell(cells[k.indexes[0]!] ?? '');
    if (v === '') continue;
    if (k.source !== 'sku' && typeIndex >= 0 && PARENT_TYPES.test(cleanCell(cells[typeIndex] ?? ''))) return null;
    return { key: v, source: k.source };
  }
  return null;
}
