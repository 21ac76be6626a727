/**
 * Scan value normalisation (DESIGN.md section 5 rule 1): what a scan value means once the
 * accidents of the file it came from are removed.
 *
 * Pure and allocation-light: a value that needs no change is returned as the same string.
 */

const DOUBLE_QUOTE = 0x22; // "
const APOSTROPHE = 0x27; // '
const LEFT_DOUBLE_QUOTE = 0x201c; // “
const RIGHT_DOUBLE_QUOTE = 0x201d; // ”
const RIGHT_SINGLE_QUOTE = 0x2019; // ’ (what autocorrect makes of Excel's apostrophe)
/** Below this code point every character is already in NFC and has no combining marks. */
const FIRST_COMBINING_MARK = 0x300;

/**
 * Normalise one scan value: trim (Unicode white space and control characters such as a
 * scanner's STX/ETX or GS1 group separator at either end), drop one pair of surrounding quotes
 * ("..." or '...' or “...”), drop a leading apostrophe (Excel's "store as text" marker), trim
 * again, and put the result in Unicode NFC.
 *
 * Case is kept: matching is case-insensitive where DESIGN.md says so, but the value shown to the
 * user is the one scanned. Returns '' for a blank value (the engine skips such rows). Never throws.
 *
 * Examples: `' sku5837 '` -> `'sku5837'`; `'"0012345678905"'` -> `'0012345678905'`;
 * `"'917566591456"` -> `'917566591456'`; `'="8720602821200"'` -> `'8720602821200'`; `'Cafe\u0301'` -> `'Café'`.
 */
export function normalizeScanValue(raw: string): string {
  normalizedRange(raw, 0, raw.length, lastRange);
  const value = lastRange.start === 0 && lastRange.end === raw.length ? raw : raw.slice(lastRange.start, lastRange.end);
  return needsNfc(value) ? value.normalize('NFC') : value;
}

/** A range `[start, end)` of a text. */
export interface TextRange {
  start: number;
  end: number;
}

/** normalizeScanValue's scratch range (normalisation is synchronous). */
const lastRange: TextRange = { start: 0, end: 0 };

/**
 * `normalizeScanValue` of `text[start, end)` as a range of `text`, for a reader that hands the
 * engine positions in a chunk of a file rather than a string per value: every step but NFC only
 * moves the ends (trim, quotes, apostrophe, Excel's `="..."`), so the normalised value is
 * `text.slice(out.start, out.end)` when that range holds no character from U+0300 on (the
 * caller checks: for ASCII it holds); otherwise it is `normalizeScanValue` of the raw range.
 * Allocates nothing.
 */
export function normalizedRange(text: string, start: number, end: number, out: TextRange): void {
  trimRange(text, start, end, out);
  start = out.start;
  end = out.end;
  // Excel's formula form of a text code: ="0012345678905"
  if (end - start >= 3 && text.charCodeAt(start) === 0x3d /* = */ && text.charCodeAt(start + 1) === DOUBLE_QUOTE && text.charCodeAt(end - 1) === DOUBLE_QUOTE) {
    trimRange(text, start + 2, end - 1, out);
    start = out.start;
    end = out.end;
  }
  if (end - start >= 2) {
    const first = text.charCodeAt(start);
    const last = text.charCodeAt(end - 1);
    if (
      (first === DOUBLE_QUOTE && last === DOUBLE_QUOTE) ||
      (first === APOSTROPHE && last === APOSTROPHE) ||
      (first === LEFT_DOUBLE_QUOTE && last === RIGHT_DOUBLE_QUOTE)
    ) {
      trimRange(text, start + 1, end - 1, out);
      start = out.start;
      end = out.end;
    }
  }
  if (end > start) {
    const first = text.charCodeAt(start);
    if (first === APOSTROPHE || first === RIGHT_SINGLE_QUOTE) trimRange(text, start + 1, end, out);
  }
}

/** Fewest digits a grouped value must hold to be compared as its digits (DESIGN.md section 5 rule 1). */
export const GROUPED_DIGITS_MIN = 8;

/**
 * The digits of a code printed or typed in groups, as under a barcode: `0 12345 67890 5` ->
 * `012345678905`, `978-3-16-148410-0` -> `9783161484100`. Only when the value holds nothing but
 * digits, spaces (also no-break spaces) and hyphens (also the Unicode hyphens U+2010-U+2011), at
 * least one space or hyphen, and at least 8 digits (DESIGN.md section 5 rule 1); else null, so
 * that `12-34`, `A-1234-5678` and plain digit codes are left to the text and digit rules.
 * Input: a normalised value (no spaces at the ends).
 */
export function groupedDigits(value: string): string | null {
  let digits = 0;
  let separators = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 0x20 || c === 0x2d || c === 0xa0 || c === 0x202f || c === 0x2010 || c === 0x2011) separators++;
    else return null;
  }
  if (separators === 0 || digits < GROUPED_DIGITS_MIN) return null;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) out += value[i];
  }
  return out;
}

/** Length from which V8 keeps a cut of a string (`slice`, `trim`) as a view of the whole. */
const SHORTEST_VIEW = 13;

/**
 * `value` as a string of its own, for a value the engine keeps beyond the batch it came in (a
 * line's first scanned value, a not-found value, a GS1 read's fields). A scan value cut from the
 * text of a file chunk is, from 13 characters on, a view that keeps the whole chunk alive: one
 * such value held per chunk would hold the whole file in memory and make the garbage collector
 * copy it. Shorter values are copies already and come back as they are.
 */
export function detachedString(value: string): string {
  return value.length < SHORTEST_VIEW ? value : (' ' + value).slice(1);
}

/** True when `text[start, end)` is `value`, compared in place (no string cut out of `text`). */
export function isRangeOf(value: string, text: string, start: number, end: number): boolean {
  if (value.length !== end - start) return false;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/** True when `value` is blank once normalised: such a scan row is skipped (DESIGN.md section 5 rule 4). */
export function isBlankScanValue(raw: string): boolean {
  return normalizeScanValue(raw) === '';
}

/** Whether a character code is trimmed from the ends of a scan value. */
function isEdgeJunk(code: number): boolean {
  // C0 controls, space, DEL, C1 controls, no-break space, BOM/zero-width no-break space,
  // and the Unicode spaces String.prototype.trim knows.
  if (code <= 0x20 || (code >= 0x7f && code <= 0xa0)) return true;
  if (code < 0x1680) return false;
  return (
    code === 0xfeff ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** `text[start, end)` without the edge junk at either end, into `out`. */
function trimRange(text: string, start: number, end: number, out: TextRange): void {
  while (start < end && isEdgeJunk(text.charCodeAt(start))) start++;
  while (end > start && isEdgeJunk(text.charCodeAt(end - 1))) end--;
  out.start = start;
  out.end = end;
}

function needsNfc(value: string): boolean {
  return mayChangeUnderNfc(value, 0, value.length);
}

/**
 * True when `text[start, end)` holds a character from U+0300 on, which NFC may change; false
 * when the range is NFC as it stands (so `normalizeScanValue` of it is the range itself once
 * `normalizedRange` has moved its ends).
 */
export function mayChangeUnderNfc(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) >= FIRST_COMBINING_MARK) return true;
  }
  return false;
}
