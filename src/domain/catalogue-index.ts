/**
 * Catalogue lookup for scan values: DESIGN.md section 5 rules 1 and 2.
 *
 * Match order, first level with a hit wins:
 *   1. SKU, case-insensitive (after scan value normalisation);
 *   2. UPC/GTIN: a digit-only value of up to 14 digits compared as GTIN-14 (left-padded with
 *      zeros); an 8-digit UPC-E also meets its UPC-A, whichever side holds which form; any other
 *      value case-insensitive;
 *   3. other identifier, case-insensitive.
 * A product's alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers") join those
 * levels: its alternate barcodes the UPC level (as GTIN-14 where digits), its aliases the other
 * identifier level; a match through one tells its units per read (`lastUnits`).
 * A value found on two or more products at the level that decides is ambiguous and matches none
 * (two identifiers of one product are not: the product's own UPC or other identifier wins, then
 * the first alternate).
 * A value in scientific notation that is no SKU is a barcode a spreadsheet destroyed: it matches
 * nothing and says why (its digits are never guessed).
 * Digits grouped by spaces or hyphens (`0 12345 67890 5`) that are no SKU as written are compared
 * as their digits. A GS1 element string (gs1/gs1-scan.ts) is read as what it encodes: its GTIN
 * is matched at the UPC level only, and `lastGs1` then holds the read (units per read, lot,
 * expiry, serial); a malformed one matches nothing and says why (`gs1: ...`), unless a SKU,
 * UPC or other identifier is spelt exactly as it (text levels only).
 *
 * `match` is the engine's per-row call and allocates nothing for digit codes and ASCII text:
 * a digit-only value of up to 14 digits is parsed to a number once, and that number is its
 * GTIN-14 (leading zeros do not change it); digit SKUs and digit other identifiers are keyed by
 * (length, number) so that their text must match exactly; ASCII text is looked up with A-Z folded
 * on the fly (ascii-fold-table.ts); only non-ASCII text pays for `toLowerCase()`.
 * `resolve` gives the same answer as a value with a reason, for the rare not-found rows.
 */
import { expandUpcE, hasBadCheckDigit } from './gtin.js';
import { groupedDigits, mayChangeUnderNfc, normalizeScanValue } from './normalize-scan-value.js';
import { AsciiFoldTable, foldedHashOf, isAscii, NOT_ASCII } from './ascii-fold-table.js';
import { MISSING, NumberTable, touchedLines } from './number-table.js';
import { detectScientificNotation, scientificNotationReason } from './spreadsheet-damage.js';
import { readGs1Item, readGs1Scan, type Gs1Item } from './gs1/gs1-scan.js';
import { GS } from './gs1/parse-element-string.js';

/** A catalogue product as the engine sees it (expected quantity snapshotted, DESIGN.md section 2). */
export interface CatalogueProduct {
  id: string;
  sku: string;
  upc: string | null;
  otherIdentifier: string | null;
  name: string | null;
  category: string | null;
  location: string | null;
  /** Expected units (whole number, may be 0 or negative). */
  expectedQuantity: number;
  /** Cost price as a decimal string ("12.50"), or null. */
  costPrice: string | null;
  /** True when the product belongs to the audit's scope (all products of a cycle count). */
  inScope: boolean;
  /** More barcodes and aliases, each with the units one read counts; none when absent. */
  alternates?: readonly AlternateIdentifier[];
}

/**
 * An alternate identifier of a product (DESIGN.md section 5 rule 1, "Identifiers"): a barcode
 * (a second supplier's EAN, the case of 24) matched at the UPC level, or an alias (a value mapped
 * from an unknown scan) matched at the other identifier level. `units`: what one read counts, a
 * quantity > 0 of at most 3 decimals (1, 24, 0.25 for a 250 g pack of a product counted in kg).
 */
export interface AlternateIdentifier {
  value: string;
  kind: 'barcode' | 'alias';
  units: number;
}

/** The catalogue level a value matched at. */
export type MatchLevel = 'sku' | 'upc' | 'otherIdentifier';

/** What one normalised scan value means against the catalogue. */
export type Resolution =
  | { kind: 'product'; productIndex: number; level: MatchLevel }
  | { kind: 'notFound'; reason: string };

/** Reason of a value that matched nothing and is not damaged. */
export const REASON_UNKNOWN = 'unknown';

/** `match` answers: a product index (>= 0) or one of these. */
export const MATCH_UNKNOWN = -1;
export const MATCH_SCIENTIFIC = -2;
/** A value read as a GS1 element string that is malformed or names no product. */
export const MATCH_GS1_MALFORMED = -3;
/** Ambiguous answers are `MATCH_AMBIGUOUS - g` for ambiguity group `g`. */
export const MATCH_AMBIGUOUS = -4;

/** Lookup tables of one catalogue. Build with `buildCatalogueIndex`. */
export interface CatalogueIndex {
  readonly products: readonly CatalogueProduct[];
  /**
   * Match a value already passed through `normalizeScanValue` (non-blank): the product index
   * (>= 0; `lastLevel` then tells the level) or `MATCH_UNKNOWN`, `MATCH_SCIENTIFIC`,
   * `MATCH_AMBIGUOUS - g`. Allocation-free for digit codes and exactly spelt SKUs.
   */
  match(normalized: string): number;
  /** Level of the last product `match` answered. */
  readonly lastLevel: MatchLevel;
  /**
   * The GS1 read of the last value `match` was given, when it was a well-formed GS1 element
   * string naming a product code (found or not); null for any other value.
   */
  readonly lastGs1: Gs1Item | null;
  /**
   * Units per read of the identifier the last product `match` answered, in thousandths: 1000
   * for the product's own SKU, UPC and other identifier; an alternate's units otherwise.
   */
  readonly lastUnits: number;
  /**
   * The same three as plain fields of one object that every `match` updates (the engine reads
   * them per row: field loads, where the accessors above are calls).
   */
  readonly last: LastMatch;
  /**
   * Loads the cache lines `match` will read first for `values[0..count)` (normalised; blanks
   * skipped): the barcode slot of a digit code (and its digit-SKU slot when the catalogue has
   * digit SKUs), the SKU slot of a text (not of a GS1 element string: `match` reads its GTIN
   * first). First every row's slot is computed into `scratch` (at
   * least `count` long), then the slots are read in a loop of a few instructions per row, so
   * that many rows' cache misses overlap (docs/decisions/0133). Answers a number of no meaning;
   * `match` gives the same answers without it.
   */
  touch(values: readonly (string | null)[], count: number, scratch: Int32Array): number;
  /**
   * `touch` for values given by `scanRangeKey`: `keys[i]` (NaN: skipped) of a value `lengths[i]`
   * characters long, for i < `count`.
   */
  touchKeys(keys: ArrayLike<number>, lengths: ArrayLike<number>, count: number, scratch: Int32Array): number;
  /**
   * `match` of the value `text[start, end)` whose `scanRangeKey` is `key` (not NaN): the same answer
   * (with `lastLevel`, `lastUnits` and `lastGs1` set alike), or `RANGE_UNDECIDED` when only
   * `match` of the value as a string can tell (a text that is no SKU as written). Allocates nothing.
   */
  matchRange(text: string, start: number, end: number, key: number): number;
  /**
   * `match` of a value whose `readGs1Range` is `item`: its GTIN at the barcode level only, with
   * `lastLevel`, `lastUnits` and `lastGs1` (`item`) set. `gtinKey` is `gs1GtinKey(item)`.
   */
  matchGs1Read(item: Gs1Item, gtinKey: number): number;
  /**
   * Resolve a normalised, non-blank value: the matched product and level, or notFound with the
   * reason `unknown`, `ambiguous: A, B` (SKUs in code-unit order), `scientific notation: ...` or
   * `gs1: ...`.
   */
  resolve(normalized: string): Resolution;
}

/** What the last `match` found besides its answer: see `CatalogueIndex.lastLevel`, `lastUnits`, `lastGs1`. */
export interface LastMatch {
  level: MatchLevel;
  units: number;
  gs1: Gs1Item | null;
}

/** `matchRange`'s answer when the value must be matched as a string (never a `match` answer). */
export const RANGE_UNDECIDED = -0x7ffffff1;

/** Products whose first slots `buildCatalogueIndex` loads before inserting them. */
const INSERT_BLOCK = 4096;
/** Digit codes up to this many digits are compared as numbers (GTIN-14). */
const MAX_NUMERIC_DIGITS = 14;
/** Key of a digit text that must match exactly: length * 10^14 + value (< 2^53). */
const LENGTH_FACTOR = 1e14;

// Table values: a product index, or `-1 - g` for ambiguity group `g`.

/** Build the lookup tables of `products` (indexes refer to the array). */
export function buildCatalogueIndex(products: readonly CatalogueProduct[]): CatalogueIndex {
  const n = products.length;
  const groups: number[][] = [];
  // Normalised identifiers first, so that each table is sized for what it will hold: a table
  // that stays empty is then tiny and its per-row probe hits the cache.
  const skus: string[] = new Array<string>(n);
  const upcs: string[] = new Array<string>(n);
  const others: string[] = new Array<string>(n);
  // Their digitValue (-1: not a digit code), computed once.
  const skuValues = new Float64Array(n);
  const upcValues = new Float64Array(n);
  const otherValues = new Float64Array(n);
  // Alternate identifiers as extra entries n, n + 1, ...: their product and units (thousandths).
  const alternates = alternateEntries(products);
  let skuDigitCount = 0;
  let upcDigitCount = 0;
  let upcECount = 0;
  let otherDigitCount = 0;
  let skuTextCount = 0;
  let upcTextCount = 0;
  let otherTextCount = 0;
  for (let i = 0; i < n; i++) {
    const p = products[i]!;
    const sku = (skus[i] = normalizeScanValue(p.sku));
    const upc = (upcs[i] = p.upc === null ? '' : normalizeScanValue(p.upc));
    const other = (others[i] = p.otherIdentifier === null ? '' : normalizeScanValue(p.otherIdentifier));
    if ((skuValues[i] = digitValue(sku)) >= 0) skuDigitCount++;
    else if (sku !== '') skuTextCount++;
    if ((upcValues[i] = digitValue(upc)) >= 0) {
      upcDigitCount++;
      if (upc.length === 8) upcECount++;
    } else if (upc !== '') upcTextCount++;
    if ((otherValues[i] = digitValue(other)) >= 0) otherDigitCount++;
    else if (other !== '') otherTextCount++;
  }
  for (let a = 0; a < alternates.values.length; a++) {
    const digits = alternates.digitValues[a]! >= 0;
    if (alternates.barcode[a]) {
      if (digits) upcDigitCount++;
      else upcTextCount++;
    } else if (digits) otherDigitCount++;
    else otherTextCount++;
  }
  const productOf = (entry: number): number => (entry < n ? entry : alternates.product[entry - n]!);
  const skuDigits = new NumberTable(skuDigitCount); // digit-only SKUs (<= 14 digits), exact text
  const skuText = new FoldedTextTable(skuTextCount); // other SKUs
  const upcNumber = new NumberTable(upcDigitCount); // digit UPCs (<= 14 digits) by GTIN-14 value
  const upcAlias = new NumberTable(upcECount); // UPC-A value of catalogue UPC-E codes
  const upcText = new FoldedTextTable(upcTextCount); // other UPCs
  const otherDigits = new NumberTable(otherDigitCount);
  const otherText = new FoldedTextTable(otherTextCount);

  const merge = (current: number, index: number): number => {
    if (current >= 0) {
      if (productOf(current) === productOf(index)) return current;
      groups.push([productOf(current), productOf(index)]);
      return -groups.length;
    }
    const group = groups[-1 - current]!;
    if (!group.includes(productOf(index))) group.push(productOf(index));
    return current;
  };
  // One probe per key; a second only for a key already held (a repeat or an ambiguity).
  const putText = (table: FoldedTextTable, key: string, index: number): void => {
    const current = table.insert(key, index);
    if (current !== MISSING) table.set(key, merge(current, index));
  };
  const putTable = (table: NumberTable, key: number, index: number): void => {
    const current = table.insert(key, index);
    if (current !== MISSING) table.set(key, merge(current, index));
  };

  // The inserts in blocks, each block's first slots loaded beforehand in a tight loop so that
  // their cache misses overlap (as `touch` does for the scan rows, docs/decisions/0133).
  const slots = new Int32Array(Math.min(n, INSERT_BLOCK) * 2);
  for (let i = 0; i < n; i++) {
    if (i % INSERT_BLOCK === 0) {
      const end = Math.min(n, i + INSERT_BLOCK);
      for (let j = i; j < end; j++) {
        const skuValue = skuValues[j]!;
        const k = 2 * (j - i);
        slots[k] = skuValue >= 0 ? -1 : skuText.firstCell(skus[j]!);
        slots[k + 1] = upcValues[j]! >= 0 ? upcNumber.firstCell(upcValues[j]!) : -1;
      }
      let sum = 0;
      for (let k = 0; k < 2 * (end - i); k += 2) {
        if (slots[k]! >= 0) sum += skuText.touchAt(slots[k]!);
        if (slots[k + 1]! >= 0) sum += upcNumber.touchAt(slots[k + 1]!);
      }
      touchedLines.sum = sum;
    }
    const sku = skus[i]!;
    const skuValue = skuValues[i]!;
    if (skuValue >= 0) putTable(skuDigits, sku.length * LENGTH_FACTOR + skuValue, i);
    else if (sku !== '') putText(skuText, sku, i);
    const upc = upcs[i]!;
    const upcValue = upcValues[i]!;
    if (upcValue >= 0) {
      putTable(upcNumber, upcValue, i);
      if (upc.length === 8) {
        const upcA = expandUpcE(upc);
        if (upcA !== null) putTable(upcAlias, Number(upcA), i);
      }
    } else if (upc !== '') putText(upcText, upc, i);
    const other = others[i]!;
    const otherValue = otherValues[i]!;
    if (otherValue >= 0) putTable(otherDigits, other.length * LENGTH_FACTOR + otherValue, i);
    else if (other !== '') putText(otherText, other, i);
  }
  // After the products' own identifiers: an alternate that repeats its own product's UPC or other
  // identifier leaves that entry (units 1) in place; one on another product is ambiguous (merge).
  for (let a = 0; a < alternates.values.length; a++) {
    const value = alternates.values[a]!;
    const digits = alternates.digitValues[a]!;
    const entry = n + a;
    if (alternates.barcode[a]) {
      if (digits >= 0) putTable(upcNumber, digits, entry);
      else putText(upcText, value, entry);
    } else if (digits >= 0) putTable(otherDigits, value.length * LENGTH_FACTOR + digits, entry);
    else putText(otherText, value, entry);
  }

  const last: LastMatch = { level: 'sku', units: ONE_UNIT, gs1: null };
  const answer = (hit: number, level: MatchLevel): number => {
    if (hit >= 0) {
      last.level = level;
      if (hit < n) {
        last.units = ONE_UNIT;
        return hit;
      }
      last.units = alternates.units[hit - n]!;
      return alternates.product[hit - n]!;
    }
    return MATCH_AMBIGUOUS - (-1 - hit);
  };

  /**
   * A digit code (its length and `digitValue`; its text when 8 digits long, null for any other
   * length) through the levels: SKU, UPC/GTIN, other identifier.
   */
  function matchDigits(length: number, number: number, upcE: string | null): number {
    let hit = skuDigits.get(length * LENGTH_FACTOR + number);
    if (hit !== MISSING) return answer(hit, 'sku');
    hit = matchBarcode(number, upcE);
    if (hit !== MISSING) return answer(hit, 'upc');
    hit = otherDigits.get(length * LENGTH_FACTOR + number);
    if (hit !== MISSING) return answer(hit, 'otherIdentifier');
    return MATCH_UNKNOWN;
  }

  /** The barcode level: a GTIN-14 value; `upcE` the 8-digit text when it may be a UPC-E. */
  function matchBarcode(number: number, upcE: string | null): number {
    let hit = upcNumber.get(number);
    if (hit === MISSING && upcE !== null) {
      const upcA = expandUpcE(upcE);
      if (upcA !== null) hit = upcNumber.get(Number(upcA));
    }
    if (hit === MISSING) hit = upcAlias.get(number);
    return hit;
  }

  /** A GS1 element string: its GTIN at the barcode level only. */
  function matchGs1(value: string): number {
    const read = readGs1Item(value);
    if (read === null) return MATCH_NOT_GS1;
    if (typeof read === 'string') return MATCH_GS1_MALFORMED;
    return matchGs1Read(read, gs1GtinKey(read));
  }

  function matchGs1Read(item: Gs1Item, gtinKey: number): number {
    last.gs1 = item;
    const hit = matchBarcode(gtinKey, null);
    return hit === MISSING ? MATCH_UNKNOWN : answer(hit, 'upc');
  }

  /** Text levels only (SKU, UPC, other identifier, as written); `none` when no level has it. */
  function matchText(value: string, none: number): number {
    let hit = skuText.get(value);
    if (hit !== MISSING) return answer(hit, 'sku');
    hit = upcText.get(value);
    if (hit !== MISSING) return answer(hit, 'upc');
    hit = otherText.get(value);
    if (hit !== MISSING) return answer(hit, 'otherIdentifier');
    return none;
  }

  function match(value: string): number {
    last.gs1 = null;
    const number = digitValue(value);
    if (number >= 0) return matchDigits(value.length, number, value.length === 8 ? value : null);
    if (mayBeGs1(value)) {
      const gs1 = matchGs1(value);
      // A malformed GS1 string still matches an identifier spelt exactly so (a SKU `(12)AB`).
      if (gs1 === MATCH_GS1_MALFORMED) return matchText(value, MATCH_GS1_MALFORMED);
      if (gs1 !== MATCH_NOT_GS1) return gs1;
    }
    let hit = skuText.get(value);
    if (hit !== MISSING) return answer(hit, 'sku');
    if (detectScientificNotation(value) !== null) return MATCH_SCIENTIFIC;
    const grouped = groupedDigits(value);
    if (grouped !== null) {
      const groupedNumber = digitValue(grouped);
      const found = groupedNumber >= 0 ? matchDigits(grouped.length, groupedNumber, grouped.length === 8 ? grouped : null) : MATCH_UNKNOWN;
      if (found !== MATCH_UNKNOWN) return found;
    }
    hit = upcText.get(value);
    if (hit !== MISSING) return answer(hit, 'upc');
    hit = otherText.get(value);
    if (hit !== MISSING) return answer(hit, 'otherIdentifier');
    return MATCH_UNKNOWN;
  }

  // touch's slots: >= 0 a barcode cell, <= -2 a SKU text slot (-2 - position), -1 nothing.
  function touch(values: readonly (string | null)[], count: number, scratch: Int32Array): number {
    const digitSkus = skuDigits.size !== 0;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const value = values[i]!;
      if (value === null) {
        scratch[i] = -1;
        continue;
      }
      const number = digitValue(value);
      if (number >= 0) {
        scratch[i] = upcNumber.firstCell(number);
        if (digitSkus) sum += skuDigits.touchAt(skuDigits.firstCell(value.length * LENGTH_FACTOR + number));
      } else scratch[i] = value === '' || mayBeGs1(value) ? -1 : -2 - skuText.firstCell(value);
    }
    for (let i = 0; i < count; i++) {
      const at = scratch[i]!;
      sum += at >= 0 ? upcNumber.touchAt(at) : at <= -2 ? skuText.touchAt(-2 - at) : 0;
    }
    return sum;
  }

  function touchKeys(keys: ArrayLike<number>, lengths: ArrayLike<number>, count: number, scratch: Int32Array): number {
    const digitSkus = skuDigits.size !== 0;
    const skuAscii = skuText.ascii;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      if (key >= 0) {
        scratch[i] = upcNumber.firstCell(key);
        if (digitSkus) sum += skuDigits.touchAt(skuDigits.firstCell(lengths[i]! * LENGTH_FACTOR + key));
      } else scratch[i] = key < 0 ? -2 - skuAscii.firstCellOfHash((-1 - key) | 0) : -1;
    }
    for (let i = 0; i < count; i++) {
      const at = scratch[i]!;
      sum += at >= 0 ? upcNumber.touchAt(at) : at <= -2 ? skuText.touchAt(-2 - at) : 0;
    }
    return sum;
  }

  function matchRange(text: string, start: number, end: number, key: number): number {
    last.gs1 = null;
    if (key >= 0) return matchDigits(end - start, key, null);
    const hit = skuText.ascii.getRange(text, start, end, (-1 - key) | 0);
    return hit !== MISSING ? answer(hit, 'sku') : RANGE_UNDECIDED;
  }

  return {
    products,
    match,
    touch,
    touchKeys,
    matchRange,
    matchGs1Read,
    last,
    get lastLevel() {
      return last.level;
    },
    get lastGs1() {
      return last.gs1;
    },
    get lastUnits() {
      return last.units;
    },
    resolve(value: string): Resolution {
      const hit = match(value);
      if (hit >= 0) return { kind: 'product', productIndex: hit, level: last.level };
      if (hit === MATCH_UNKNOWN) return { kind: 'notFound', reason: REASON_UNKNOWN };
      if (hit === MATCH_SCIENTIFIC) {
        return { kind: 'notFound', reason: scientificNotationReason(value, detectScientificNotation(value)!) };
      }
      if (hit === MATCH_GS1_MALFORMED) {
        const read = readGs1Scan(value);
        return { kind: 'notFound', reason: read !== null && !read.ok ? read.reason : 'gs1: malformed' };
      }
      const skus = groups[MATCH_AMBIGUOUS - hit]!.map((index) => products[index]!.sku).sort(compareCodeUnits);
      return { kind: 'notFound', reason: `ambiguous: ${skus.join(', ')}` };
    },
  };
}

/**
 * What `CatalogueIndex.matchRange` and `touchKeys` need of the normalised, non-blank value
 * `text[start, end)` (a range of a chunk of a file, no string made): the value of a code of 1-14
 * ASCII digits (not 8: a UPC-E code is matched as a string), `-1 - hash` of other ASCII text
 * without control characters that cannot be a GS1 element string, and NaN for every other value
 * (match it as a string). Catalogue-free: a batch's keys may be made before the index is built,
 * in another thread (scan-batch.ts).
 */
export function scanRangeKey(text: string, start: number, end: number): number {
  const length = end - start;
  if (length <= MAX_NUMERIC_DIGITS) {
    const number = digitValueIn(text, start, end);
    if (number >= 0) return length === 8 ? NaN : number;
  }
  // What `mayBeGs1` may take for GS1 goes the string way, as does any control character (GS).
  const first = text.charCodeAt(start);
  if (first === 0x5d /* ] */ || first === 0x28 /* ( */) return NaN;
  if ((first === 0x68 /* h */ || first === 0x48 /* H */) && length > 10 && (text.charCodeAt(start + 3) | 0x20) === 0x70) return NaN;
  // NaN for a character above U+007F or a control character, in one pass.
  const h = foldedHashOf(text, start, end, 0x20);
  return h !== h ? NaN : -1 - (h >>> 0);
}

/**
 * The GS1 read of the normalised, non-blank value `text[start, end)` (a range of a chunk, read in
 * place: docs/decisions/0176) when it is a well-formed GS1 element string naming a product code;
 * null for every other value, which `match` of the value as a string decides: no GS1 element
 * string, a malformed one (its reason is the string's), or one holding a character from U+0300 on
 * (NFC may change it). Catalogue-free, like `scanRangeKey`.
 */
export function readGs1Range(text: string, start: number, end: number): Gs1Item | null {
  if (mayChangeUnderNfc(text, start, end)) return null;
  const read = readGs1Item(text, start, end);
  return read === null || typeof read === 'string' ? null : read;
}

/** The key of a GS1 read's GTIN-14 for `matchGs1Read` and `touchKeys`: its digits' value. */
export function gs1GtinKey(item: Gs1Item): number {
  return digitValue(item.gtin);
}

/** `matchGs1`'s answer for a value that is no GS1 element string after all (never returned by `match`). */
const MATCH_NOT_GS1 = -0x7ffffff0;

/**
 * True when `value` (not digit-only) may be a GS1 element string: it starts with `]`, `(` or
 * `http`, or starts with a digit and holds a GS character. A cheap look before the parser.
 */
export function mayBeGs1(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first === 0x5d /* ] */ || first === 0x28 /* ( */) return true;
  if (first === 0x68 /* h */ || first === 0x48 /* H */) return value.length > 10 && (value.charCodeAt(3) | 0x20) === 0x70; /* htt[p] */
  return first >= 0x30 && first <= 0x39 && value.includes(GS);
}

/** `lastUnits` of a product's own identifiers: one unit, in thousandths. */
export const ONE_UNIT = 1000;

/** The alternate identifiers of `products` in entry order, normalised; blank values left out. */
function alternateEntries(products: readonly CatalogueProduct[]) {
  const values: string[] = [];
  const product: number[] = [];
  const units: number[] = [];
  const barcode: boolean[] = [];
  for (let i = 0; i < products.length; i++) {
    for (const alternate of products[i]!.alternates ?? []) {
      const value = normalizeScanValue(alternate.value);
      if (value === '') continue;
      values.push(value);
      product.push(i);
      units.push(Math.round(alternate.units * ONE_UNIT));
      barcode.push(alternate.kind === 'barcode');
    }
  }
  return { values, product, units, barcode, digitValues: values.map(digitValue) };
}

/**
 * The key under which two scan values are "the same value" for not-found lines (DESIGN.md
 * section 5 rule 4, "one notFound line per distinct normalised value": values that would match
 * the same product if it existed): the GTIN-14 form of a digit-only value of up to 14 digits, of
 * grouped digits (`0 12345 67890 5`) and of a well-formed GS1 element string's GTIN; else the
 * value in lower case. Input: a normalised value.
 */
export function notFoundKey(normalized: string): string {
  const read = mayBeGs1(normalized) ? readGs1Scan(normalized) : null;
  const keyed = notFoundKeyValue(normalized, read?.ok === true ? read.item : null);
  const value = digitValue(keyed);
  return value >= 0 ? String(value).padStart(14, '0') : keyed.toLowerCase();
}

/**
 * The value a not-found scan is keyed by (`notFoundKey` is its GTIN-14 or lower case): the GTIN
 * of its GS1 read `gs1` (the reconciler has it from `lastGs1`), else its grouped digits, else the
 * value itself. Allocates only for grouped digits.
 */
export function notFoundKeyValue(normalized: string, gs1: Gs1Item | null): string {
  if (gs1 !== null) return gs1.gtin;
  if (digitValue(normalized) >= 0) return normalized;
  return groupedDigits(normalized) ?? normalized;
}

/**
 * True when a product line's first scanned value deserves the bad-check-digit flag: it matched at
 * the UPC level and is a GTIN-shaped code whose check digit is wrong.
 */
export function flagsBadCheckDigit(value: string, level: MatchLevel): boolean {
  return level === 'upc' && hasBadCheckDigit(value);
}

/** Plain UTF-16 code unit order, the engine's one string order (never locale-dependent). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Text keys compared case-insensitively (`toLowerCase()`): keys whose lower case is ASCII in an
 * `AsciiFoldTable` (no copy per lookup), the rest in a `Map` by lower case. Values as in
 * `NumberTable`; `MISSING` when absent.
 */
class FoldedTextTable {
  /** The keys whose lower case is ASCII. */
  readonly ascii: AsciiFoldTable;
  private readonly unicode = new Map<string, number>();

  constructor(maxEntries: number) {
    this.ascii = new AsciiFoldTable(maxEntries);
  }

  /** `AsciiFoldTable.firstCell` of `value` (-1 for non-ASCII: nothing to load there). */
  firstCell(value: string): number {
    return this.ascii.firstCell(value);
  }

  /** `AsciiFoldTable.touchAt`. */
  touchAt(at: number): number {
    return this.ascii.touchAt(at);
  }

  get(value: string): number {
    const hit = this.ascii.get(value);
    if (hit !== NOT_ASCII) return hit;
    const lower = value.toLowerCase();
    return isAscii(lower) ? this.ascii.get(lower) : (this.unicode.get(lower) ?? MISSING);
  }

  /** As `AsciiFoldTable.insert`: sets `key` when absent (answers MISSING), else answers its value. */
  insert(key: string, value: number): number {
    if (isAscii(key)) return this.ascii.insert(key, value);
    const lower = key.toLowerCase();
    if (isAscii(lower)) return this.ascii.insert(lower, value);
    const current = this.unicode.get(lower);
    if (current !== undefined) return current;
    this.unicode.set(lower, value);
    return MISSING;
  }

  set(key: string, value: number): void {
    if (isAscii(key)) {
      this.ascii.set(key, value);
      return;
    }
    const lower = key.toLowerCase();
    if (isAscii(lower)) this.ascii.set(lower, value);
    else this.unicode.set(lower, value);
  }
}

/** The value of a digit-only text of 1-14 ASCII digits, else -1. No allocation. */
function digitValue(text: string): number {
  return digitValueIn(text, 0, text.length);
}

/** `digitValue` of `text[start, end)`. */
function digitValueIn(text: string, start: number, end: number): number {
  const length = end - start;
  if (length === 0 || length > MAX_NUMERIC_DIGITS) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}
