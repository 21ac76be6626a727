/**
 * GS1 trade item numbers (GTIN-8, UPC-A/GTIN-12, EAN-13, GTIN-14, UPC-E) as the engine compares
 * them (DESIGN.md section 5 rule 1 and section 6 "GS1").
 *
 * - A digit-only value of up to 14 digits is compared as GTIN-14, left-padded with zeros, so
 *   UPC-A `012345678905`, EAN-13 `0012345678905`, GTIN-14 `00012345678905` and the
 *   `12345678905` a spreadsheet leaves all meet.
 * - A GTIN-14 whose indicator (first) digit is 1-8 is a case or pack: a different trade item.
 *   Padding never touches it and nothing ever strips the indicator.
 * - A wrong check digit is reported (`hasBadCheckDigit`), never a reason to refuse a value.
 * - UPC-E (8 digits, number system 0 or 1) expands to its UPC-A.
 *
 * All functions are pure; none throws.
 */

const ZEROS_14 = '00000000000000';

/** True when `value` is non-empty and made only of ASCII digits 0-9. */
export function isDigits(value: string): boolean {
  const n = value.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The GTIN-14 form of a digit-only value of 1-14 digits (left-padded with zeros), or null for
 * anything else (letters, more than 14 digits, blank). `'12345678905'` -> `'00012345678905'`.
 */
export function toGtin14(value: string): string | null {
  if (value.length > 14 || !isDigits(value)) return null;
  return value.length === 14 ? value : ZEROS_14.slice(value.length) + value;
}

/**
 * The GS1 mod-10 check digit (0-9) for `body`, the digits before the check digit.
 * Weights 3, 1, 3, ... from the right. Precondition: `body` is digit-only (not checked).
 */
export function gs1CheckDigit(body: string): number {
  return checkDigitOf(body, body.length);
}

/** The GS1 check digit of the first `length` digits of `text`. */
function checkDigitOf(text: string, length: number): number {
  let sum = 0;
  let weight = 3;
  for (let i = length - 1; i >= 0; i--) {
    sum += (text.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * True when the last digit of a digit-only `code` (2+ digits) is its GS1 check digit. Read in
 * place (no copy of the body): the engine asks it of every line's first scanned value.
 */
export function hasValidGs1CheckDigit(code: string): boolean {
  if (code.length < 2 || !isDigits(code)) return false;
  return checkDigitOf(code, code.length - 1) === code.charCodeAt(code.length - 1) - 48;
}

/**
 * True for digit-only values whose length is that of a GTIN as printed or as a spreadsheet
 * leaves it: 8 (GTIN-8 / UPC-E), 11 (UPC-A without its leading zero), 12, 13, 14.
 * Shorter digit-only values are usually SKUs or internal codes and are not check-digit tested.
 */
export function isGtinShaped(value: string): boolean {
  const n = value.length;
  return (n === 8 || (n >= 11 && n <= 14)) && isDigits(value);
}

/**
 * True when `value` is GTIN-shaped (see `isGtinShaped`) and its check digit is wrong. An 8-digit
 * value passes when it is valid either as GTIN-8 or as UPC-E. This is a flag for the user
 * (`ResultItem.badCheckDigit`), never a reason to refuse the value.
 */
export function hasBadCheckDigit(value: string): boolean {
  if (!isGtinShaped(value)) return false;
  if (hasValidGs1CheckDigit(value)) return false;
  if (value.length === 8) {
    const upcA = expandUpcE(value);
    if (upcA !== null && hasValidGs1CheckDigit(upcA)) return false;
  }
  return true;
}

/**
 * Expand a UPC-E code to its 12-digit UPC-A, or null when `code` is not 8 digits with number
 * system 0 or 1. The check digit is carried over unchanged (so a wrong one stays wrong and
 * `hasBadCheckDigit` of the result tells). Example: `04252614` -> `042100005264`.
 */
export function expandUpcE(code: string): string | null {
  if (code.length !== 8 || !isDigits(code)) return null;
  const ns = code[0];
  if (ns !== '0' && ns !== '1') return null;
  const d1 = code[1];
  const d2 = code[2];
  const d3 = code[3];
  const d4 = code[4];
  const d5 = code[5];
  const d6 = code[6];
  const check = code[7];
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${ns}${body}${check}`;
}

/**
 * The indicator digit (0-9) of a GTIN-14, or null when `value` has no GTIN-14 form.
 * 0: the trade item itself; 1-8: a grouping (case, pack) of it, a different trade item;
 * 9: a variable measure item.
 */
export function gtinIndicator(value: string): number | null {
  const gtin14 = toGtin14(value);
  return gtin14 === null ? null : gtin14.charCodeAt(0) - 48;
}

/**
 * True for restricted-circulation (in-store) codes of 12 or 13 digits or their GTIN-14 form:
 * GS1 prefixes 020-029 (UPC-A number system 2) and 200-299 (EAN-13 `2...`). Such codes carry a
 * weight or price and are not unique across stores. Exposed for display and reports; the engine
 * matches them like any other code (DESIGN.md section 6).
 */
export function isInStoreCode(value: string): boolean {
  if (value.length < 12) return false;
  const gtin14 = toGtin14(value);
  if (gtin14 === null || gtin14[0] !== '0') return false;
  return gtin14[1] === '2' || (gtin14[1] === '0' && gtin14[2] === '2');
}
