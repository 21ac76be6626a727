/**
 * What one GS1 element string counts (DESIGN.md section 5 rule 1): the product it names, the
 * units one read of it counts, and the lot, expiry and serial kept for the reports.
 *
 * - (01) GTIN: the trade item itself, one unit per read (matched at the barcode level only).
 * - (02) GTIN of the contents with (37) their count, on a logistic label: (37) units of (02)'s
 *   product per read. (01) and (02) on one label, or (02) without (37), is malformed.
 * - (10) batch/lot, (17) expiry (ISO date), (21) serial: kept on the line.
 * - No (01) or (02), as on an SSCC (00) label alone: it names no product and is not found.
 *
 * Pure; never throws.
 */
import { detachedString, isRangeOf } from '../normalize-scan-value.js';
import { isoDateOfYymmdd, lastFieldValue, lastScannedForm, NOT_GS1, scanGs1, type ElementSink, type Gs1Form } from './parse-element-string.js';

/** A GS1 element string that names a product. */
export interface Gs1Item {
  form: Gs1Form;
  /** GTIN-14 of the product: (01), or (02) of a logistic label. */
  gtin: string;
  /** True when `gtin` came from (02), the contents of a logistic label. */
  contents: boolean;
  /** Units of that product one read counts: 1 for (01), the (37) count for (02). */
  units: number;
  /** (10) batch/lot, or null. */
  lot: string | null;
  /** (17) expiry as `YYYY-MM-DD`, or null. */
  expiry: string | null;
  /** (21) serial number, or null. With (01) it makes the item one physical unit. */
  serial: string | null;
}

/** `readGs1Scan`'s answer for a value recognised as GS1. */
export type Gs1Reading = { ok: true; item: Gs1Item } | { ok: false; reason: string };

/**
 * Read a normalised scan value as a GS1 element string in any of its forms
 * (parse-element-string.ts). Null when the value is not GS1 at all (it is matched as text);
 * otherwise the product code and what it counts, or a reason starting `gs1: ` (unknown AI,
 * short or long field, bad check digit, not a date, no product code, inconsistent pairs).
 */
export function readGs1Scan(value: string): Gs1Reading | null {
  const read = readGs1Item(value);
  return read === null ? null : typeof read === 'string' ? { ok: false, reason: read } : { ok: true, item: read };
}

/**
 * `readGs1Scan` without the answer object, for the engine's per-row reading: the item, the
 * reason (a string starting `gs1: `) or null. Reads the value `text[start, end)` (by default the
 * whole text) in place (a reader's chunk: docs/decisions/0176) and makes no string but the fields
 * it keeps.
 */
export function readGs1Item(text: string, start = 0, end = text.length): Gs1Item | string | null {
  found.gtin = found.contents = found.count = found.lot = found.serial = null;
  found.expiry = -1;
  found.sscc = false;
  const reason = scanGs1(text, keep, start, end);
  if (reason === NOT_GS1) return null;
  if (reason !== null) return reason;
  const { gtin, contents, count } = found;
  if (gtin !== null && contents !== null) return 'gs1: (01) and (02) cannot be on one label';
  const expiry = found.expiry < 0 ? null : isoDateOfDigits(found.expiry);
  if (gtin !== null) return { form: lastScannedForm(), gtin, contents: false, units: 1, lot: found.lot, expiry, serial: found.serial };
  if (contents !== null) {
    if (count === null) return 'gs1: (02) without (37), the count of the contents';
    return { form: lastScannedForm(), gtin: contents, contents: true, units: Number(count), lot: found.lot, expiry, serial: found.serial };
  }
  if (found.sscc) return 'gs1: (00) SSCC alone names a logistic unit, not a product: no (01) or (02)';
  return 'gs1: no product code: no (01) GTIN or (02) contents';
}

/**
 * What `keep` took from the pairs of the value being read (one value at a time: reading is
 * synchronous). The expiry as its six digits' value (YYMMDD, -1: none), a string only once
 * per distinct date (`isoDateOfDigits`).
 */
const found = {
  gtin: null as string | null,
  contents: null as string | null,
  count: null as string | null,
  lot: null as string | null,
  expiry: -1,
  serial: null as string | null,
  sscc: false,
};

/** The data of a pair as a string: the whole value when it is all data, else a cut of it. */
function dataOf(text: string, start: number, end: number): string {
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** A held field and a new reading of it: the one to keep, or null when they differ. */
function agreed(held: string | null, text: string, start: number, end: number): string | null {
  if (held === null) return dataOf(text, start, end);
  return isRangeOf(held, text, start, end) ? held : null;
}

/**
 * The sink of `readGs1Item`: keeps the pairs a count uses; the same AI twice must agree. A switch
 * on the AIs' codes and a plain store per field (every GS1 row comes here).
 */
const keep: ElementSink = (definition, text, start, end) => {
  let kept: string | null;
  // The AIs by `code` (length * 10000 + value): a number compare, not a string compare.
  switch (definition.code) {
    case 20001: // (01)
      kept = found.gtin = agreed(found.gtin, text, start, end);
      break;
    case 20002: // (02)
      kept = found.contents = agreed(found.contents, text, start, end);
      break;
    case 20037: // (37)
      kept = found.count = agreed(found.count, text, start, end);
      break;
    case 20010: // (10)
      kept = found.lot = agreed(found.lot, text, start, end);
      break;
    case 20021: // (21)
      kept = found.serial = agreed(found.serial, text, start, end);
      break;
    case 20017: {
      // (17)
      // Six digits (the table's rule for (17), checked before the sink is called), as read.
      const digits = lastFieldValue();
      if (found.expiry >= 0 && found.expiry !== digits) return `gs1: (${definition.ai}) appears twice with different values`;
      found.expiry = digits;
      return null;
    }
    case 20000: // (00)
      found.sscc = true;
      return null;
    default:
      return null;
  }
  return kept === null ? `gs1: (${definition.ai}) appears twice with different values` : null;
};

/** The ISO date of a YYMMDD date given as its digits' value, written once per distinct date. */
function isoDateOfDigits(digits: number): string | null {
  const known = isoDatesByDigits.get(digits);
  if (known !== undefined) return known;
  const iso = isoDateOfYymmdd(String(digits).padStart(6, '0'));
  // A count reads few distinct dates (bounded, in case a file has many).
  if (isoDatesByDigits.size < 4096) isoDatesByDigits.set(digits, iso);
  return iso;
}

const isoDatesByDigits = new Map<number, string | null>();

/** What a result line shows of a GS1 read: its lot, expiry and serial. */
export type Gs1Details = Pick<Gs1Item, 'lot' | 'expiry' | 'serial'>;

/**
 * The details of `item` with strings of their own (normalize-scan-value.ts `detachedString`),
 * for a read the engine holds until the results are made: its fields are cut from the scan
 * value, and a cut of 13 characters or more would keep the whole chunk of the file alive.
 */
export function detachedGs1Details(item: Gs1Item): Gs1Details {
  return {
    lot: item.lot === null ? null : detachedString(item.lot),
    expiry: item.expiry,
    serial: item.serial === null ? null : detachedString(item.serial),
  };
}

/**
 * The key under which reads of one serialised item meet: (01) GTIN-14 + (21) serial, or null
 * when the item has no serial or is a logistic label's contents (a serial there names the label).
 */
export function serialKeyOf(item: Gs1Item): string | null {
  return item.serial === null || item.contents ? null : `${item.gtin}\u001d${item.serial}`;
}
