/**
 * Catalogue lookup for scan values: DESIGN.md section 5 rules 1 and 2.
 *
 * Match order, first level with a hit wins:
 *   1. SKU, case-insensitive (after scan value normalisation);
 *   2. UPC/GTIN: a digit-only value of up to 14 digits compared as GTIN-14; an 8-digit UPC-E
 *      also meets its UPC-A (either side may hold either form); other values case-insensitive;
 *   3. other identifier, case-insensitive.
 * A value found on two or more products at the level that decides is ambiguous and matches none.
 * A value in scientific notation that is no SKU is a barcode a spreadsheet destroyed: it matches
 * nothing and says why (its digits are never guessed).
 *
 * Building the index costs one pass over the catalogue; `resolve` is called once per distinct
 * raw scan value by the engine (which caches the answer), so it may allocate.
 */
import { expandUpcE, toGtin14 } from './gtin.js';
import { normalizeScanValue } from './normalize-scan-value.js';
import { detectScientificNotation, scientificNotationReason } from './spreadsheet-damage.js';

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
}

/** The catalogue level a value matched at. */
export type MatchLevel = 'sku' | 'upc' | 'otherIdentifier';

/** What one normalised scan value means against the catalogue. */
export type Resolution =
  | { kind: 'product'; productIndex: number; level: MatchLevel }
  | { kind: 'notFound'; reason: string };

/** Reason of a value that matched nothing and is not damaged. */
export const REASON_UNKNOWN = 'unknown';

/**
 * Map value: a product index (>= 0) or, when several products share the key, `-1 - g` where `g`
 * indexes `groups`.
 */
type KeyMap = Map<string, number>;

/** Lookup tables of one catalogue. Build with `buildCatalogueIndex`. */
export interface CatalogueIndex {
  readonly products: readonly CatalogueProduct[];
  /**
   * Resolve a value already passed through `normalizeScanValue` (non-blank).
   * Returns the matched product and level, or notFound with `unknown`, `ambiguous: A, B` or a
   * `scientific notation: ...` reason.
   */
  resolve(normalized: string): Resolution;
}

/** Build the SKU, UPC/GTIN and other-identifier tables of `products` (indexes refer to the array). */
export function buildCatalogueIndex(products: readonly CatalogueProduct[]): CatalogueIndex {
  const groups: number[][] = [];
  const bySku: KeyMap = new Map();
  const byUpc: KeyMap = new Map();
  const byUpcAlias: KeyMap = new Map(); // UPC-E <-> UPC-A counterparts of catalogue codes
  const byOther: KeyMap = new Map();

  const put = (map: KeyMap, key: string, index: number): void => {
    const current = map.get(key);
    if (current === undefined) {
      map.set(key, index);
    } else if (current >= 0) {
      if (current !== index) {
        groups.push([current, index]);
        map.set(key, -groups.length);
      }
    } else {
      const group = groups[-1 - current]!;
      if (!group.includes(index)) group.push(index);
    }
  };

  for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    const sku = normalizeScanValue(p.sku);
    if (sku !== '') put(bySku, sku.toLowerCase(), i);
    if (p.upc !== null) {
      const upc = normalizeScanValue(p.upc);
      if (upc !== '') {
        put(byUpc, upcKey(upc), i);
        const counterpart = upcECounterpart(upc);
        if (counterpart !== null) put(byUpcAlias, counterpart, i);
      }
    }
    if (p.otherIdentifier !== null) {
      const other = normalizeScanValue(p.otherIdentifier);
      if (other !== '') put(byOther, other.toLowerCase(), i);
    }
  }

  const answer = (hit: number, level: MatchLevel): Resolution => {
    if (hit >= 0) return { kind: 'product', productIndex: hit, level };
    const skus = groups[-1 - hit]!.map((index) => products[index]!.sku).sort(compareCodeUnits);
    return { kind: 'notFound', reason: `ambiguous: ${skus.join(', ')}` };
  };

  return {
    products,
    resolve(normalized: string): Resolution {
      const lower = normalized.toLowerCase();
      let hit = bySku.get(lower);
      if (hit !== undefined) return answer(hit, 'sku');

      const damaged = detectScientificNotation(normalized);
      if (damaged !== null) return { kind: 'notFound', reason: scientificNotationReason(normalized, damaged) };

      const gtin14 = toGtin14(normalized);
      if (gtin14 !== null) {
        hit = byUpc.get(gtin14);
        if (hit === undefined) {
          const upcA = expandUpcE(normalized);
          if (upcA !== null) hit = byUpc.get(toGtin14(upcA)!);
        }
        if (hit === undefined) hit = byUpcAlias.get(gtin14);
      } else {
        hit = byUpc.get(lower);
      }
      if (hit !== undefined) return answer(hit, 'upc');

      hit = byOther.get(lower);
      if (hit !== undefined) return answer(hit, 'otherIdentifier');
      return { kind: 'notFound', reason: REASON_UNKNOWN };
    },
  };
}

/**
 * The key under which two scan values are "the same value" for not-found lines (DESIGN.md
 * section 5 rule 4, "one notFound line per distinct normalised value"): the GTIN-14 form of a
 * digit-only value of up to 14 digits, else the value in lower case. Input: a normalised value.
 */
export function notFoundKey(normalized: string): string {
  return toGtin14(normalized) ?? normalized.toLowerCase();
}

/** Plain UTF-16 code unit order, the engine's one string order (never locale-dependent). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function upcKey(upc: string): string {
  return toGtin14(upc) ?? upc.toLowerCase();
}

/** GTIN-14 key of the UPC-A a catalogue UPC-E expands to, so a scanned UPC-A finds it. */
function upcECounterpart(upc: string): string | null {
  const upcA = expandUpcE(upc);
  return upcA === null ? null : toGtin14(upcA);
}
