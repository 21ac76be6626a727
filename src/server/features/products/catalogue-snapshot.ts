/**
 * One organisation's catalogue at one catalogue version, held in memory as columns
 * (docs/decisions/0143): the product list (spec part 2 sections 2, 7 `GET /api/products`) is
 * answered from it without a statement per page. Rows are in list order (lower(sku) as the
 * database orders it), so the rows matching a query, taken in row order, are the list's order.
 *
 * Columns: the texts that seldom repeat (id, SKU, name, UPC, other identifier, description) and
 * their lower case each packed into one string with offsets (packed-texts.ts, docs/decisions/0169:
 * a few heap objects a column, not one string a row); a table of distinct values and an
 * Int32Array of codes for those that do (distributor, manufacturer, category, location, the tag
 * list); Float64Arrays for the numbers (NaN: blank) and the timestamps (ms since the epoch). Lower
 * case is the database's lower() (database-lower.ts), so that the list's comparisons are the SQL
 * path's exactly.
 */
import { sql } from 'drizzle-orm';
import type { ProductIdentifier } from '../../../contracts/product-identifiers.js';
import { compareDecimalText } from '../../../domain/decimal-order.js';
import { moneyText } from '../../../domain/product-values.js';
import type { Db } from '../../db/client.js';
import { lowerAsDatabase } from './database-lower.js';
import { identifiersOfOrganization } from './identifiers-repo.js';
import { PackedTexts } from './packed-texts.js';
import { productsInListOrder, readCatalogueVersion } from './repo.js';
import { TrigramIndex } from './trigram-index.js';

/** Text fields held per row. */
export type RowTextField = 'sku' | 'name' | 'upc' | 'otherIdentifier';
/** Text fields held as codes into a table of distinct values. */
export type CodedTextField = 'distributor' | 'manufacturer' | 'category' | 'location';
export type NumberField = 'currentQuantity' | 'costPrice' | 'price';

export interface RowTextColumn {
  values: PackedTexts;
  /** Lower case of each value (the same column when every value is lower case already). */
  lowered: PackedTexts;
}

export interface CodedColumn<T> {
  /** Distinct values; a row's code indexes them, -1 for blank. */
  values: T[];
  lowered: T[];
  codes: Int32Array;
}

export interface NumberColumn {
  /** Each row's value as a double; NaN for blank. */
  values: Float64Array;
  /** The exact decimal text of the rows whose value a double does not hold exactly. */
  exact: Map<number, string>;
}

/** One organisation's catalogue at `version`, as columns. Built by `loadCatalogueSnapshot`. */
export class CatalogueSnapshot {
  constructor(
    readonly organizationId: string,
    readonly version: number,
    readonly size: number,
    /** Each row's id (a uuid as the database writes it). */
    readonly ids: PackedTexts,
    readonly rowText: Record<RowTextField, RowTextColumn>,
    readonly description: PackedTexts,
    readonly coded: Record<CodedTextField, CodedColumn<string>>,
    /** Tag lists; `lowered` lists leave out blank (NULL) tags, which match no tag filter. */
    readonly tags: CodedColumn<string[]>,
    readonly numbers: Record<NumberField, NumberColumn>,
    readonly createdMs: Float64Array,
    readonly updatedMs: Float64Array,
    readonly identifiers: Map<number, ProductIdentifier[]>,
    /** Trigrams of each row's lower-case SKU and name: the quick search (spec part 2 section 2). */
    readonly search: TrigramIndex,
    /**
     * 1 for a row whose SKU, UPC, other identifier, name and description JSON writes as they are
     * between quotes (no quote, backslash, control character or surrogate): the usual row, whose
     * texts productJson then quotes without JSON.stringify's scan (plainTextRows).
     */
    private readonly plainTexts: Uint8Array,
  ) {
    const json = (values: string[]) => values.map((value) => JSON.stringify(value));
    this.codedTexts = { distributor: json(coded.distributor.values), manufacturer: json(coded.manufacturer.values), category: json(coded.category.values), location: json(coded.location.values) };
    this.tagsJson = tags.values.map((list) => JSON.stringify(list));
  }

  /** Row `row`'s id. */
  idOf(row: number): string {
    return this.ids.at(row)!;
  }

  /** The exact decimal text of row `row`'s `field` (not blank), as the database holds it. */
  exactNumber(field: NumberField, row: number): string {
    const column = this.numbers[field];
    return column.exact.get(row) ?? String(column.values[row]);
  }

  /**
   * Row `row` as the API answers a product, as JSON text (written by hand, every value through
   * JSON.stringify): the same as JSON.stringify of repo.ts toProduct of its database row, the
   * same keys in the same order (snapshot-query.property.test.ts holds them equal).
   */
  productJson(row: number): string {
    const text = this.rowText;
    const identifiers = this.identifiers.get(row);
    const plain = this.plainTexts[row] === 1;
    // An id is a uuid as the database writes it: nothing in it to escape.
    return (
      `{"id":"${this.ids.at(row)}","sku":${textJson(text.sku.values.at(row), plain)},"upc":${textJson(text.upc.values.at(row), plain)}` +
      `,"otherIdentifier":${textJson(text.otherIdentifier.values.at(row), plain)},"name":${textJson(text.name.values.at(row), plain)}` +
      `,"description":${textJson(this.description.at(row), plain)},"distributor":${this.codedJson('distributor', row)}` +
      `,"manufacturer":${this.codedJson('manufacturer', row)},"category":${this.codedJson('category', row)},"location":${this.codedJson('location', row)}` +
      `,"currentQuantity":${JSON.stringify(this.numbers.currentQuantity.values[row])}` +
      `,"alternateIdentifiers":${identifiers ? JSON.stringify(identifiers) : '[]'}` +
      `,"costPrice":${this.moneyJson('costPrice', row)},"price":${this.moneyJson('price', row)}` +
      `,"tags":${this.tagsJson[this.tags.codes[row]!]},"createdAt":"${this.isoText(this.createdMs[row]!)}"` +
      `,"updatedAt":"${this.isoText(this.updatedMs[row]!)}"}`
    );
  }

  /**
   * The ISO text of recent timestamps (ms since the epoch), direct-mapped by the low bits of the
   * ms: an import or a bulk edit stamps every row it writes with its transaction's time, so a
   * page's rows mostly share a few timestamps, and Date's toISOString costs more than the rest of
   * a row. A slot holds the last timestamp that fell in it; any other is written again.
   */
  private readonly isoMs = new Float64Array(ISO_MEMO_SLOTS).fill(Number.NaN);
  private readonly isoTexts = new Array<string>(ISO_MEMO_SLOTS).fill('');

  private isoText(ms: number): string {
    const slot = ms & (ISO_MEMO_SLOTS - 1);
    if (this.isoMs[slot] === ms) return this.isoTexts[slot]!;
    const iso = new Date(ms).toISOString();
    this.isoMs[slot] = ms;
    this.isoTexts[slot] = iso;
    return iso;
  }

  /** JSON text of each coded field's distinct values and of each distinct tag list, made once. */
  private readonly codedTexts: Record<CodedTextField, string[]>;
  private readonly tagsJson: string[];

  private codedJson(field: CodedTextField, row: number): string {
    const code = this.coded[field].codes[row]!;
    return code < 0 ? 'null' : this.codedTexts[field][code]!;
  }

  /** A price as the API answers it (moneyText of the stored decimal), as JSON text. */
  private moneyJson(field: 'costPrice' | 'price', row: number): string {
    const value = this.numbers[field].values[row]!;
    if (Number.isNaN(value)) return 'null';
    const exact = this.numbers[field].exact.get(row);
    return exact === undefined ? moneyJsonOfDouble(value) : JSON.stringify(moneyText(exact));
  }
}

/** A character JSON.stringify writes otherwise than itself in a string (or may: any surrogate). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /["\\\u0000-\u001F\uD800-\uDFFF]/;

/** CatalogueSnapshot's plainTexts of the rows of `columns` (each `size` long). */
function plainTextRows(size: number, columns: ReadonlyArray<ReadonlyArray<string | null>>): Uint8Array {
  const plain = new Uint8Array(size);
  for (let row = 0; row < size; row += 1) plain[row] = columns.every((column) => !NEEDS_ESCAPING.test(column[row] ?? '')) ? 1 : 0;
  return plain;
}

/** JSON text of a text or null: between quotes as it is when `plain` (no character to escape). */
function textJson(value: string | null, plain: boolean): string {
  if (value === null) return 'null';
  return plain ? `"${value}"` : JSON.stringify(value);
}

/** Slots of CatalogueSnapshot's memo of ISO timestamps (a power of two). */
const ISO_MEMO_SLOTS = 1024;

/**
 * `JSON.stringify(moneyText(value.toFixed(4)))` without the regular expression: the four decimals
 * of toFixed with the trailing zeros past the second dropped (a price is numeric with 4 decimals).
 * Text toFixed writes otherwise (an exponent, past 1e21) goes through moneyText.
 */
export function moneyJsonOfDouble(value: number): string {
  const fixed = value.toFixed(4);
  const dot = fixed.length - 5;
  if (dot < 1 || fixed.charCodeAt(dot) !== 46 /* . */) return JSON.stringify(moneyText(fixed));
  let end = fixed.length;
  if (fixed.charCodeAt(end - 1) === 48 /* 0 */) {
    end -= 1;
    if (fixed.charCodeAt(end - 1) === 48) end -= 1;
  }
  return `"${end === fixed.length ? fixed : fixed.slice(0, end)}"`;
}

/** Distinct values of a column, their codes per row, lowered later in one pass. */
class CodedBuilder<T> {
  readonly values: T[] = [];
  private readonly byKey = new Map<string, number>();
  readonly codes: Int32Array;
  constructor(size: number) {
    this.codes = new Int32Array(size);
  }
  set(row: number, value: T | null, key: (value: T) => string): void {
    if (value === null) {
      this.codes[row] = -1;
      return;
    }
    const k = key(value);
    let code = this.byKey.get(k);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.byKey.set(k, code);
    }
    this.codes[row] = code;
  }
}

/** Does the double `value` hold the decimal `text` exactly (String(value) is then that number)? */
function doubleIsExact(value: number, text: string): boolean {
  // Up to 15 digits a double always holds (the text's length bounds its digits).
  if (text.length <= 16) return true;
  return compareDecimalText(String(value), text) === 0;
}

/**
 * Reads the organisation's catalogue and its version in one repeatable-read transaction (so the
 * columns are exactly the catalogue at that version) and builds its columns and search index.
 * Costs one read of the products (most of the time), one pass over them and one statement for
 * the lower case of text that is not ASCII.
 */
export async function loadCatalogueSnapshot(db: Db, organizationId: string): Promise<CatalogueSnapshot> {
  const { version, rows, identifiersById } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const version = await readCatalogueVersion(tx, organizationId);
    const rows = await productsInListOrder(tx, organizationId);
    const identifiersById = await identifiersOfOrganization(tx, organizationId);
    return { version, rows, identifiersById };
  });
  const size = rows.length;
  const ids = new Array<string>(size);
  const rowValues: Record<RowTextField, Array<string | null>> = {
    sku: new Array(size),
    name: new Array(size),
    upc: new Array(size),
    otherIdentifier: new Array(size),
  };
  const description = new Array<string | null>(size);
  const codedFields: CodedTextField[] = ['distributor', 'manufacturer', 'category', 'location'];
  const coded = Object.fromEntries(codedFields.map((f) => [f, new CodedBuilder<string>(size)])) as Record<CodedTextField, CodedBuilder<string>>;
  const tags = new CodedBuilder<string[]>(size);
  const numbers: Record<NumberField, NumberColumn> = {
    currentQuantity: { values: new Float64Array(size), exact: new Map() },
    costPrice: { values: new Float64Array(size), exact: new Map() },
    price: { values: new Float64Array(size), exact: new Map() },
  };
  const createdMs = new Float64Array(size);
  const updatedMs = new Float64Array(size);
  const identifiers = new Map<number, ProductIdentifier[]>();
  const asText = (s: string) => s;
  rows.forEach((tuple, i) => {
    const [id, sku, upc, otherIdentifier, name, desc, distributor, manufacturer, category, location, quantityText, costPrice, price, tagList, created, updated] = tuple;
    ids[i] = id;
    rowValues.sku[i] = sku;
    rowValues.name[i] = name;
    rowValues.upc[i] = upc;
    rowValues.otherIdentifier[i] = otherIdentifier;
    description[i] = desc;
    coded.distributor.set(i, distributor, asText);
    coded.manufacturer.set(i, manufacturer, asText);
    coded.category.set(i, category, asText);
    coded.location.set(i, location, asText);
    tags.set(i, tagList as string[], (list) => JSON.stringify(list));
    const quantity = Number(quantityText);
    numbers.currentQuantity.values[i] = quantity;
    if (!doubleIsExact(quantity, quantityText)) numbers.currentQuantity.exact.set(i, quantityText);
    for (const [field, text] of [['costPrice', costPrice], ['price', price]] as const) {
      const value = text === null ? Number.NaN : Number(text);
      numbers[field].values[i] = value;
      if (text !== null && !doubleIsExact(value, text)) numbers[field].exact.set(i, text);
    }
    // As the driver's timestamp text is decoded for the SQL path (drizzle's timestamp column).
    createdMs[i] = new Date(created).getTime();
    updatedMs[i] = new Date(updated).getTime();
    const own = identifiersById.get(id);
    if (own) identifiers.set(i, own);
  });

  // Lower case of every distinct text, ASCII in JavaScript, the rest by the database at once.
  const texts: string[] = [];
  const rowLowered = {} as Record<RowTextField, number>;
  for (const f of Object.keys(rowValues) as RowTextField[]) {
    rowLowered[f] = texts.length;
    for (const v of rowValues[f]) texts.push(v ?? '');
  }
  const codedLowered = {} as Record<CodedTextField, number>;
  for (const f of codedFields) {
    codedLowered[f] = texts.length;
    texts.push(...coded[f].values);
  }
  const tagsAt = texts.length;
  for (const list of tags.values) for (const tag of list) texts.push(tag ?? '');
  const lowered = await lowerAsDatabase(db, texts);
  const same = (value: string | null, low: string) => (value === null ? null : value === low ? value : low);

  const rowText = {} as Record<RowTextField, RowTextColumn>;
  for (const f of Object.keys(rowValues) as RowTextField[]) {
    const values = rowValues[f];
    const loweredValues = values.map((v, i) => same(v, lowered[rowLowered[f] + i]!));
    const packed = PackedTexts.of(values);
    rowText[f] = { values: packed, lowered: loweredValues.every((low, i) => low === values[i]) ? packed : PackedTexts.of(loweredValues) };
  }
  const codedColumns = {} as Record<CodedTextField, CodedColumn<string>>;
  for (const f of codedFields) {
    const values = coded[f].values;
    codedColumns[f] = { values, lowered: values.map((v, i) => same(v, lowered[codedLowered[f] + i]!)!), codes: coded[f].codes };
  }
  let at = tagsAt;
  const tagsLowered = tags.values.map((list) => {
    const out: string[] = [];
    for (const tag of list) {
      const low = lowered[at++]!;
      if (tag !== null) out.push(low);
    }
    return out;
  });
  const search = TrigramIndex.build(size, [rowText.sku.lowered, rowText.name.lowered]);
  return new CatalogueSnapshot(
    organizationId,
    version,
    size,
    PackedTexts.of(ids),
    rowText,
    PackedTexts.of(description),
    codedColumns,
    { values: tags.values, lowered: tagsLowered, codes: tags.codes },
    numbers,
    createdMs,
    updatedMs,
    identifiers,
    search,
    plainTextRows(size, [rowValues.sku, rowValues.upc, rowValues.otherIdentifier, rowValues.name, description]),
  );
}
