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
import { detachedString } from '../normalize-scan-value.js';
import { isoDateOfYymmdd, lastScannedForm, NOT_GS1, scanGs1, type ElementSink, type Gs1Form } from './parse-element-string.js';

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
 * Makes no string but the fields it keeps (the engine reads every GS1 row through it).
 */
export function readGs1Scan(value: string): Gs1Reading | null {
  found.gtin = found.contents = found.count = found.lot = found.expiry = found.serial = null;
  found.sscc = false;
  const reason = scanGs1(value, keep);
  if (reason === NOT_GS1) return null;
  if (reason !== null) return { ok: false, reason };
  const form = lastScannedForm();
  const { gtin, contents, count } = found;
  if (gtin !== null && contents !== null) return { ok: false, reason: 'gs1: (01) and (02) cannot be on one label' };
  const expiry = found.expiry === null ? null : isoDateOfYymmdd(found.expiry);
  if (gtin !== null) return { ok: true, item: { form, gtin, contents: false, units: 1, lot: found.lot, expiry, serial: found.serial } };
  if (contents !== null) {
    if (count === null) return { ok: false, reason: 'gs1: (02) without (37), the count of the contents' };
    return { ok: true, item: { form, gtin: contents, contents: true, units: Number(count), lot: found.lot, expiry, serial: found.serial } };
  }
  if (found.sscc) return { ok: false, reason: 'gs1: (00) SSCC alone names a logistic unit, not a product: no (01) or (02)' };
  return { ok: false, reason: 'gs1: no product code: no (01) GTIN or (02) contents' };
}

/** What `keep` took from the pairs of the value being read (one value at a time: reading is synchronous). */
const found = {
  gtin: null as string | null,
  contents: null as string | null,
  count: null as string | null,
  lot: null as string | null,
  expiry: null as string | null,
  serial: null as string | null,
  sscc: false,
};

type Field = 'gtin' | 'contents' | 'count' | 'lot' | 'expiry' | 'serial';

/** The field an AI fills, null for the others: a switch on the table's own AI strings, no keyed lookup (every GS1 row comes here). */
function fieldOf(ai: string): Field | null {
  switch (ai) {
    case '01':
      return 'gtin';
    case '02':
      return 'contents';
    case '37':
      return 'count';
    case '10':
      return 'lot';
    case '17':
      return 'expiry';
    case '21':
      return 'serial';
    default:
      return null;
  }
}

/** The sink of `readGs1Scan`: keeps the pairs a count uses; the same AI twice must agree. */
const keep: ElementSink = (definition, text, start, end) => {
  const { ai } = definition;
  const field = fieldOf(ai);
  if (field === null) {
    if (ai === '00') found.sscc = true;
    return null;
  }
  const data = start === 0 && end === text.length ? text : text.slice(start, end);
  const held = found[field];
  if (held !== null && held !== data) return `gs1: (${ai}) appears twice with different values`;
  found[field] = data;
  return null;
};

/**
 * `item` with strings of its own (normalize-scan-value.ts `detachedString`), for a read the
 * engine holds until the results are made: its fields are cut from the scan value, and a cut of
 * 13 characters or more (the GTIN) would keep the whole chunk of the file alive.
 */
export function detachedGs1Item(item: Gs1Item): Gs1Item {
  return {
    form: item.form,
    gtin: detachedString(item.gtin),
    contents: item.contents,
    units: item.units,
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
