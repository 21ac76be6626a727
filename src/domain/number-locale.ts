/**
 * Decimal and thousands separators of numbers read from files: one rule for catalogue quantities
 * (scan quantities take the decimal point only, files/parse-quantity.ts), and the money rule of catalogue prices (docs/decisions/0045-number-separators.md).
 *
 * A file's own numbers are the evidence: a separator followed by 1, 2 or 4+ digits at the end
 * (`2,5`, `5.00`, `0,1250`), or written after the other separator (`1.234,50`), is that file's
 * decimal separator, and the other one groups thousands. Pure; never throws.
 */

import { MAX_QUANTITY_UNITS, QUANTITY_DECIMALS } from './quantity-thousandths.js';

/** The decimal separator a column's cells show, or null when none of them tells. */
export type DecimalSeparator = '.' | ',';

/**
 * The decimal separator the cells show (first telling cell decides; a later contradiction is
 * ignored, the parse of that cell then refuses it), or null when no cell tells.
 */
export function decimalSeparatorEvidence(cells: Iterable<string>): DecimalSeparator | null {
  for (const raw of cells) {
    const text = raw.trim().replace(/[\s\u00a0'$€£]/g, '');
    const lastComma = text.lastIndexOf(',');
    const lastDot = text.lastIndexOf('.');
    if (lastComma > -1 && lastDot > -1) return lastComma > lastDot ? ',' : '.';
    const sep = lastComma > -1 ? ',' : lastDot > -1 ? '.' : null;
    if (sep === null) continue;
    const parts = text.split(sep);
    const tail = parts[parts.length - 1]!;
    if (!/^\d+$/.test(tail)) continue;
    if (parts.length > 2) return sep === ',' ? '.' : ','; // 1,000,000: grouping
    if (tail.length !== 3) return sep;
  }
  return null;
}

export type QuantityNumber = { ok: true; value: number } | { ok: false; reason: string };

/**
 * A catalogue quantity cell (Current Stock, a quantity upload) as a decimal of at most 3 places
 * (DESIGN.md section 2: `1.50` metres, `843.00000` = 843). Blank gives null (the caller decides
 * what blank means).
 *
 * The separator rule (decision 0045): with `decimal` known from the file, the other separator
 * groups thousands (`1.234,5` -> 1234.5 when `,` is decimal). Without evidence: a comma followed
 * by groups of exactly three digits groups thousands (`1,000` -> 1000, `12,345,678`), a dot
 * followed by exactly three digits after 1 to 3 others (not starting with 0) is ambiguous and
 * refused (`1.000`: one thousand in Germany, one elsewhere), and any other single separator is the decimal one (`2,5`, `5.0`). Trailing
 * zeros of the decimals do not count; a fourth place that is not zero, text, or more than
 * ±2,147,483,647 is refused.
 */
export function parseQuantityText(raw: string, decimal: DecimalSeparator | null = null): QuantityNumber | null {
  const text = raw.trim().replace(/^'/, '');
  if (text === '') return null;
  // A trailing sign (`3-`) is how SAP and fixed-width stock exports write negative counts.
  const m = /^([+-]?)(\d[\d.,]*)([+-]?)$/.exec(text);
  if (!m || (m[1] !== '' && m[3] !== '')) return { ok: false, reason: 'is not a number' };
  const sign = m[1] || m[3];
  let body = m[2]!;
  let fraction = '';
  if (decimal !== null) {
    const group = decimal === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimal);
    if (at > -1) {
      fraction = body.slice(at + 1);
      body = body.slice(0, at);
    }
    if (body.includes(decimal) || !isGrouped(body, group) || !/^\d*$/.test(fraction)) return { ok: false, reason: 'is not a number' };
    body = body.split(group).join('');
  } else if (/^\d{1,3}(,\d{3})+$/.test(body)) {
    body = body.replace(/,/g, '');
  } else if (/^[1-9]\d{0,2}\.\d{3}$/.test(body)) {
    // `0.750` and `1234.500` group nothing: only 1 to 3 digits, not starting with 0, could be thousands.
    return { ok: false, reason: 'is ambiguous (a thousands separator or a decimal point?): write it without separators' };
  } else {
    const parts = /^(\d+)(?:[.,](\d+))?$/.exec(body);
    if (!parts) return { ok: false, reason: 'is not a number' };
    body = parts[1]!;
    fraction = parts[2] ?? '';
  }
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length > QUANTITY_DECIMALS) return { ok: false, reason: `has more than ${QUANTITY_DECIMALS} decimal places` };
  const magnitude = Number(fraction === '' ? body : `${body}.${fraction}`);
  if (!Number.isFinite(magnitude) || magnitude > MAX_QUANTITY_UNITS) return { ok: false, reason: 'is too large to be a quantity' };
  return { ok: true, value: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

function isGrouped(body: string, group: string): boolean {
  if (!body.includes(group)) return /^\d+$/.test(body);
  const escaped = group === '.' ? '\\.' : ',';
  return new RegExp(`^\\d{1,3}(${escaped}\\d{3})+$`).test(body);
}

/** Most decimal places a price keeps (numeric(14,4)). */
export const MONEY_DECIMALS = 4;
const MONEY_LIMIT_WHOLE_DIGITS = 10;

export type MoneyResult = { ok: true; value: string | null } | { ok: false; message: string };

/**
 * A catalogue price as an exact decimal string with 2 to 4 places (`"12.50"`, `"0.95"`,
 * `"1.2345"`), or null when blank. Accepts a currency sign ($ € £ ₹) or ISO code (`ARS 1000.00`), `.95`, thousands separators
 * and a decimal comma: with `decimal` known from the file, it decides (`1.234,50` and `1,234.50`
 * both read 1234.50); without, a comma followed by groups of three digits groups thousands
 * (`1,234` -> 1234.00) and any other single separator is the decimal one (`12,5`, `1.234`).
 * Refused: negative amounts, more than 4 decimal places that are not zeros, over 10 whole digits.
 */
export function parseMoneyAmount(raw: string, decimal: DecimalSeparator | null = null): MoneyResult {
  const shown = raw.trim();
  // A currency sign or an ISO 4217 code before or after the amount: `$12`, `12 €`, `ARS 1000.00`, `12,50 EUR`.
  const text = shown.replace(/^(?:[$€£₹]|[A-Z]{3}(?=[\s\d.,]))\s*|\s*(?:[$€£₹]|(?<=[\d\s])[A-Z]{3})$/g, '').replace(/^'/, '').replace(/[\s\u00a0']/g, '');
  if (text === '') return { ok: true, value: null };
  let normalised: string;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  const dec = decimal ?? (lastComma > -1 && lastDot > -1 ? (lastComma > lastDot ? ',' : '.') : null);
  if (dec !== null) {
    const group = dec === '.' ? ',' : '.';
    const at = text.lastIndexOf(dec);
    const whole = at > -1 ? text.slice(0, at) : text;
    if (!isGrouped(whole === '' ? '0' : whole, group)) return notMoney(shown);
    normalised = whole.split(group).join('') + (at > -1 ? `.${text.slice(at + 1)}` : '');
  } else if (/^\d{1,3}(,\d{3})+$/.test(text)) {
    normalised = text.replace(/,/g, '');
  } else {
    normalised = text.replace(',', '.');
  }
  const m = /^(\d*)(?:\.(\d+))?$/.exec(normalised);
  if (!m || (m[1] === '' && m[2] === undefined)) return notMoney(shown);
  const whole = m[1] === '' ? '0' : m[1]!;
  const fraction = m[2] ?? '';
  if (fraction.length > MONEY_DECIMALS && /[1-9]/.test(fraction.slice(MONEY_DECIMALS))) {
    return { ok: false, message: `"${shown}" has more than ${MONEY_DECIMALS} decimal places` };
  }
  const wholeDigits = BigInt(whole).toString();
  if (wholeDigits.length > MONEY_LIMIT_WHOLE_DIGITS) return { ok: false, message: `"${shown}" is too large` };
  let places = fraction.slice(0, MONEY_DECIMALS).replace(/0+$/, '');
  if (places.length < 2) places = places.padEnd(2, '0');
  return { ok: true, value: `${wholeDigits}.${places}` };
}

function notMoney(shown: string): MoneyResult {
  return { ok: false, message: `"${shown}" is not an amount of money` };
}
