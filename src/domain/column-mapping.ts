/**
 * Header auto-mapping for the three upload flows (spec part 2 section 5 "Auto-mapping of
 * headers"; spec part 1 section 2 "Scan file step"). Suggestions only: the user confirms or
 * changes them in the mapping step. Pure; never throws.
 *
 * Headers are compared folded: BOM and surrounding quotes dropped, NFC, camelCase split, lower
 * case, `_ - . / # : ( ) [ ]` and runs of white space turned into one space
 * (`selling_price` -> `selling price`, `otherIdentifier` -> `other identifier`).
 * Each field is mapped at most once; the leftmost header wins a tie.
 */
import { PRODUCT_IMPORT_FIELD_LABELS, type ProductImportField } from '../contracts/products.js';
import { interpretTable, isSymbologyColumn } from './table-interpretation.js';
import { proposeProductMapping, type ProductMappingProposal } from './import-layouts.js';

export interface ImportFieldDefinition {
  key: ProductImportField;
  /** Label of the field in the mapping step and the products table. */
  label: string;
  required: boolean;
  /** Folded header texts that map to this field outright (key and label included). */
  aliases: readonly string[];
}

/**
 * Product import fields with their labels, in the order the mapping step lists them
 * (spec part 2 section 3 "Product import fields"; order of `PRODUCT_IMPORT_FIELDS`).
 */
export const PRODUCT_IMPORT_FIELD_DEFINITIONS: readonly ImportFieldDefinition[] = [
  { key: 'sku', label: PRODUCT_IMPORT_FIELD_LABELS.sku, required: true, aliases: ['product sku', 'item sku', 'sku code', 'sku number'] },
  { key: 'name', label: PRODUCT_IMPORT_FIELD_LABELS.name, required: false, aliases: ['name', 'item name', 'product', 'title', 'product title'] },
  { key: 'upc', label: PRODUCT_IMPORT_FIELD_LABELS.upc, required: false, aliases: ['ean', 'gtin', 'barcode', 'bar code', 'upc code', 'ean code', 'ean13', 'upc a'] },
  { key: 'otherIdentifier', label: PRODUCT_IMPORT_FIELD_LABELS.otherIdentifier, required: false, aliases: ['other identifier', 'alternate id', 'alt id', 'vendor code', 'supplier code'] },
  { key: 'description', label: PRODUCT_IMPORT_FIELD_LABELS.description, required: false, aliases: ['desc', 'product description'] },
  { key: 'distributor', label: PRODUCT_IMPORT_FIELD_LABELS.distributor, required: false, aliases: ['supplier', 'vendor'] },
  { key: 'manufacturer', label: PRODUCT_IMPORT_FIELD_LABELS.manufacturer, required: false, aliases: ['brand', 'maker'] },
  {
    key: 'currentQuantity',
    label: PRODUCT_IMPORT_FIELD_LABELS.currentQuantity,
    required: false,
    aliases: ['quantity', 'current quantity', 'qty', 'stock', 'on hand', 'quantity on hand', 'stock level'],
  },
  { key: 'category', label: PRODUCT_IMPORT_FIELD_LABELS.category, required: false, aliases: ['product category', 'product type', 'department'] },
  { key: 'location', label: PRODUCT_IMPORT_FIELD_LABELS.location, required: false, aliases: ['bin', 'bin location', 'shelf', 'aisle'] },
  { key: 'costPrice', label: PRODUCT_IMPORT_FIELD_LABELS.costPrice, required: false, aliases: ['cost', 'unit cost', 'cost per item', 'purchase price'] },
  { key: 'price', label: PRODUCT_IMPORT_FIELD_LABELS.price, required: false, aliases: ['price', 'sale price', 'retail price', 'unit price'] },
  { key: 'tags', label: PRODUCT_IMPORT_FIELD_LABELS.tags, required: false, aliases: ['tag', 'labels'] },
];

/**
 * Suggest the product import mapping: header -> field key, unmapped headers left out
 * (import-layouts.ts: known layouts, then a field's key or label, then its names in eight
 * languages, then the spec's contains-rules: contains sku -> sku; name -> name; description ->
 * description; quantity -> currentQuantity; category -> category; location -> location; cost and
 * price -> costPrice; price or selling_price -> price; upc/ean/gtin/barcode -> upc; tag -> tags),
 * checked against the values of `sampleRows` when given.
 * The fixture header `SKU,UPC,Other ID,Product Name,Distributor,Manufacturer,Category,Location,
 * Quantity,Cost Price,Selling Price,Tags` maps every column.
 */
export function autoMapProductImport(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
): Record<string, ProductImportField> {
  return proposeProductMapping(headers, sampleRows, foldHeader).mapping;
}

/**
 * The product import proposal with a confidence and reason per column, the layout recognised and
 * any per-location quantity columns (import-layouts.ts).
 */
export function proposeProductImport(headers: readonly string[], sampleRows: readonly (readonly string[])[] = []): ProductMappingProposal {
  return proposeProductMapping(headers, sampleRows, foldHeader);
}

/** Field keys of the quantity upload (spec part 2 section 5). */
export type QuantityUploadField = 'sku' | 'quantity';

export const QUANTITY_UPLOAD_FIELD_DEFINITIONS: readonly { key: QuantityUploadField; label: string; required: boolean }[] = [
  { key: 'sku', label: 'SKU', required: true },
  { key: 'quantity', label: 'Quantity', required: true },
];

/**
 * Suggest the quantity upload mapping: `sku`, `product_sku`, `item_sku` -> sku; `quantity`, `qty`,
 * `current_quantity`, `stock` -> quantity (spec part 2 section 5), then any header containing
 * sku / quantity / qty.
 */
export function autoMapQuantityUpload(headers: readonly string[]): Record<string, QuantityUploadField> {
  const exact = new Map<string, ExactMatch<QuantityUploadField>>([
    ['sku', ['sku', 0]],
    ['product sku', ['sku', 1]],
    ['item sku', ['sku', 1]],
    ['quantity', ['quantity', 0]],
    ['qty', ['quantity', 1]],
    ['current quantity', ['quantity', 1]],
    ['stock', ['quantity', 1]],
    ['current stock', ['quantity', 1]],
  ]);
  return mapHeaders(headers, exact, [
    [(h) => h.includes('sku'), 'sku'],
    [(h) => h.includes('quantity') || /\bqty\b/.test(h), 'quantity'],
  ]);
}

/**
 * The quantity upload's mapping: by header (`autoMapQuantityUpload`), then, for what the headers
 * leave open, the table's interpretation (table-interpretation.ts): its key column (SKU) and its
 * stock column (`On hand (current)`, a column named after the shop's location).
 */
export function quantityUploadMapping(headers: readonly string[], sampleRows: readonly (readonly string[])[] = []): Record<string, QuantityUploadField> {
  const mapping = autoMapQuantityUpload(headers);
  const has = (field: QuantityUploadField) => Object.values(mapping).includes(field);
  if (has('sku') && has('quantity')) return mapping;
  const interpretation = interpretTable(headers, sampleRows, foldHeader);
  const sku = interpretation.keys.find((k) => k.source === 'sku')?.headers[0];
  if (!has('sku') && sku !== undefined && mapping[sku] === undefined) mapping[sku] = 'sku';
  const stock = interpretation.stock?.headers[0];
  if (!has('quantity') && stock !== undefined && mapping[stock] === undefined) mapping[stock] = 'quantity';
  return mapping;
}

/** The scan value and quantity columns guessed for a scan file; null when none fits. */
export interface ScanColumnGuess {
  scanColumn: string | null;
  quantityColumn: string | null;
}

/**
 * Guess a scan file's scan value column and quantity column (spec part 1 section 2, "Scan file
 * step": scan value required, quantity optional, none = each row counts 1).
 *
 * By header first, English and German: scan value `barcode`, `scan`, `upc`, `ean`, `gtin`,
 * `sku`, `item code`, `code`, `artikel`...; quantity `qty`, `quantity`, `count`, `counted`,
 * `menge`, `anzahl`... A header naming a date, time, serial or id is never the quantity.
 * Without a telling header (e.g. a headerless file read as `Column 1, Column 2, ...`) the sample
 * rows decide: the scan column is the leftmost holding codes, the quantity column one holding
 * small whole numbers that are not a running serial nor a scanner's symbology column (`03`, `08`:
 * table-interpretation.ts) (3+ sample rows needed). With neither, the
 * first column is the scan column and there is no quantity column.
 *
 * `sampleRows`: the first data rows, cells in header order (optional).
 */
export function guessScanColumns(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
): ScanColumnGuess {
  const folded = headers.map(foldHeader);
  const names = new Set(headers.flatMap((_, i) => (holdsNames(sampleRows, i) ? [i] : [])));
  const scanIndex = bestByRank(folded, scanHeaderRank, names) ?? scanColumnFromSamples(headers, sampleRows);
  const taken = new Set(scanIndex === null ? [] : [scanIndex]);
  const quantityIndex =
    bestByRank(folded, quantityHeaderRank, taken) ?? quantityColumnFromSamples(folded, sampleRows, taken);
  return {
    scanColumn: scanIndex === null ? null : headers[scanIndex]!,
    quantityColumn: quantityIndex === null ? null : headers[quantityIndex]!,
  };
}

/** The three flows of the preview call (`POST /api/products/preview`). */
export type MappingFlow = 'import' | 'quantities' | 'scan';

/**
 * Suggested mapping header -> field for a flow: product import field keys (`import`),
 * `sku`/`quantity` (`quantities`), or `scanValue`/`quantity` (`scan`).
 */
export function suggestMapping(
  flow: MappingFlow,
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
): Record<string, string> {
  if (flow === 'import') return autoMapProductImport(headers, sampleRows);
  if (flow === 'quantities') return quantityUploadMapping(headers, sampleRows);
  const guess = guessScanColumns(headers, sampleRows);
  const mapping: Record<string, string> = {};
  if (guess.scanColumn !== null) mapping[guess.scanColumn] = 'scanValue';
  if (guess.quantityColumn !== null) mapping[guess.quantityColumn] = 'quantity';
  return mapping;
}

/** Fold a header for comparison (see the module comment). */
export function foldHeader(header: string): string {
  let text = header.replace(/^\ufeff/, '').trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  return text
    .normalize('NFC')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[\s_\-./\\#:()[\]]+/g, ' ')
    .trim();
}

type ContainsRule<F extends string> = readonly [(folded: string) => boolean, F];
/** A field and the pass (0, 1) in which a header equal to the text claims it. */
type ExactMatch<F extends string> = readonly [F, number];

function mapHeaders<F extends string>(
  headers: readonly string[],
  exact: ReadonlyMap<string, ExactMatch<F>>,
  rules: readonly ContainsRule<F>[],
): Record<string, F> {
  const folded = headers.map(foldHeader);
  const byHeader = new Map<number, F>();
  const used = new Set<F>();
  for (const pass of [0, 1]) {
    folded.forEach((h, i) => {
      const match = exact.get(h);
      if (match !== undefined && match[1] === pass && !byHeader.has(i) && !used.has(match[0])) {
        byHeader.set(i, match[0]);
        used.add(match[0]);
      }
    });
  }
  folded.forEach((h, i) => {
    if (byHeader.has(i) || h === '') return;
    const rule = rules.find(([applies]) => applies(h));
    if (rule !== undefined && !used.has(rule[1])) {
      byHeader.set(i, rule[1]);
      used.add(rule[1]);
    }
  });
  const mapping: Record<string, F> = {};
  for (const [i, field] of [...byHeader].sort((a, b) => a[0] - b[0])) {
    if (!(headers[i]! in mapping)) mapping[headers[i]!] = field;
  }
  return mapping;
}

const SCAN_EXACT: readonly (readonly string[])[] = [
  ['barcode', 'bar code', 'barcodes', 'scan', 'scans', 'scan value', 'scanned value', 'scanned barcode', 'scan code', 'scanned'],
  [
    'upc', 'ean', 'gtin', 'ean13', 'ean 13', 'upc a', 'ean code', 'upc code', 'gtin 14', 'strichcode', 'code barre', 'code barres',
    'codigo de barras', 'código de barras', 'codice a barre', 'streepjescode', 'streckkod', 'ean nummer',
  ],
  [
    'sku', 'item code', 'product code', 'article code', 'artikel', 'artikelnummer', 'artikel nr', 'artikelnr', 'art nr', 'item number',
    'item no', 'code', 'plu', 'default code', 'internal reference', 'interne referenz', 'référence', 'referencia', 'codice', 'código',
  ],
  // Words that often head a column of names: a scan column only when nothing better is there.
  ['item', 'product', 'article', 'value', 'data', 'produkt', 'produit', 'producto', 'prodotto', 'produto'],
];
const SCAN_TOKENS = new Set(['barcode', 'barcodes', 'scan', 'scanned', 'upc', 'ean', 'gtin', 'sku', 'code', 'artikel', 'artikelnummer', 'item', 'plu']);
const QUANTITY_EXACT: readonly (readonly string[])[] = [
  ['qty', 'quantity', 'count', 'counted', 'menge', 'anzahl', 'counted qty', 'count qty', 'scanned qty', 'qty counted', 'quantity counted', 'gezählte menge', 'gezahlte menge'],
  [
    'amount', 'units', 'pcs', 'pieces', 'stück', 'stuck', 'stueck', 'stk', 'quantité', 'quantite', 'qté', 'cantidad', 'qte', 'on hand',
    'quantità', 'quantita', 'aantal', 'stuks', 'antal', 'quantidade', 'qtd', 'counted quantity', 'inventory quantity',
  ],
];
const QUANTITY_TOKENS = new Set(['qty', 'quantity', 'count', 'counted', 'menge', 'anzahl', 'units', 'pcs', 'stück', 'aantal', 'antal', 'quantità', 'quantité', 'cantidad', 'quantidade']);
const NEVER_QUANTITY_TOKENS = new Set([
  'time', 'timestamp', 'date', 'datetime', 'datum', 'zeit', 'uhrzeit', 'serial', 'id', 'no', 'nr', 'number',
  'code', 'barcode', 'ean', 'upc', 'gtin', 'sku', 'name', 'location', 'scanner', 'device', 'user',
]);

/** True when a column's sample values read as names (letters and spaces, no digit): never scan values. */
function holdsNames(sampleRows: readonly (readonly string[])[], i: number): boolean {
  const cells = column(sampleRows, i);
  return cells.length > 0 && cells.filter((c) => /\p{L}.*\s.*\p{L}/u.test(c) && !/\d/.test(c)).length / cells.length >= 0.8;
}

/** Rank of a header as the scan value column (lower is better), or null. */
function scanHeaderRank(h: string): number | null {
  const exact = SCAN_EXACT.findIndex((group) => group.includes(h));
  if (exact >= 0) return exact;
  const tokens = h.split(' ');
  if (tokens.some((t) => QUANTITY_TOKENS.has(t))) return null;
  return tokens.some((t) => SCAN_TOKENS.has(t)) ? SCAN_EXACT.length : null;
}

/** Rank of a header as the quantity column (lower is better), or null. */
function quantityHeaderRank(h: string): number | null {
  const tokens = h.split(' ');
  if (tokens.some((t) => NEVER_QUANTITY_TOKENS.has(t))) return null;
  const exact = QUANTITY_EXACT.findIndex((group) => group.includes(h));
  if (exact >= 0) return exact;
  return tokens.some((t) => QUANTITY_TOKENS.has(t)) ? QUANTITY_EXACT.length : null;
}

function bestByRank(folded: readonly string[], rank: (h: string) => number | null, taken: ReadonlySet<number>): number | null {
  let best: number | null = null;
  let bestRank = Infinity;
  folded.forEach((h, i) => {
    if (taken.has(i)) return;
    const r = rank(h);
    if (r !== null && r < bestRank) {
      best = i;
      bestRank = r;
    }
  });
  return best;
}

const TIME_OR_DATE = /^(\d{1,2}:\d{2}(:\d{2})?|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}([ T].*)?)$/;
const CODE_LIKE = /^(\d{6,}|(?=.*\d)[A-Za-z0-9][A-Za-z0-9 \-_.]*)$/;
/** A count as scanners write it: `3`, `-2`, or with the sign after the digits (`2-`, fixed-width exports). */
const SMALL_INTEGER = /^(?:[+-]?\d{1,5}|\d{1,5}[+-])$/;

function column(sampleRows: readonly (readonly string[])[], i: number): string[] {
  return sampleRows.map((row) => (row[i] ?? '').trim()).filter((cell) => cell !== '');
}

function scanColumnFromSamples(headers: readonly string[], sampleRows: readonly (readonly string[])[]): number | null {
  if (headers.length === 0) return null;
  for (let i = 0; i < headers.length; i++) {
    const cells = column(sampleRows, i);
    if (cells.length > 0 && cells.every((c) => !TIME_OR_DATE.test(c)) && cells.some((c) => CODE_LIKE.test(c) && !SMALL_INTEGER.test(c))) {
      return i;
    }
  }
  return 0;
}

function quantityColumnFromSamples(
  folded: readonly string[],
  sampleRows: readonly (readonly string[])[],
  taken: ReadonlySet<number>,
): number | null {
  if (sampleRows.length < 3) return null;
  for (let i = 0; i < folded.length; i++) {
    if (taken.has(i) || folded[i]!.split(' ').some((t) => NEVER_QUANTITY_TOKENS.has(t))) continue;
    const cells = column(sampleRows, i);
    if (cells.length < 3 || !cells.every((c) => SMALL_INTEGER.test(c)) || isSymbologyColumn(cells)) continue;
    const numbers = cells.map((c) => (/[+-]$/.test(c) ? Number(c.slice(-1) + c.slice(0, -1)) : Number(c)));
    const serial = numbers.every((n, k) => k === 0 || n === numbers[k - 1]! + 1);
    if (!serial) return i;
  }
  return null;
}
