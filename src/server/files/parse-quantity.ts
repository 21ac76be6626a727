/**
 * The quantity cell of a scan row (DESIGN.md section 5 rule 4: "a blank quantity counts 1; a
 * quantity is a number of at most 3 decimal places once trailing zeros are dropped (`2.5`,
 * `0.250`, `843.00000` = 843; decimal point only: a comma in a scan quantity is ambiguous and an
 * error), anything else is an error naming file and line"; negative quantities are corrections).
 *
 * Accepted, after trimming spaces (fixed-width exports pad them) and a leading apostrophe: an
 * optional sign and digits with an optional decimal point and decimals (`4`, `+3`, `-2`, `007`,
 * `2.5`, `.5`, `0.250`, `5.`), the sign also after the number as SAP and fixed-width stock
 * exports write it (`3-` is -3; a sign on both sides is refused).
 *
 * Refused:
 * - a comma anywhere (`2,5`, `1,000`): a decimal comma or a thousands separator, nobody can tell;
 * - a fourth decimal place that is not zero (`1.0005`);
 * - anything else: `abc`, `Not stocked` (Shopify), `1e3`, `1 000`, `(3)`;
 * - beyond ±2,147,483,647 (a barcode scanned into the quantity field, most likely).
 */

import { MAX_QUANTITY_UNITS, QUANTITY_DECIMALS } from '../../domain/quantity-thousandths.js';

export type QuantityResult = { ok: true; value: number } | { ok: false; reason: string };

/** Largest magnitude accepted. */
export const MAX_QUANTITY = MAX_QUANTITY_UNITS;

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?([+-]?)$/;

/**
 * @param raw the cell as read; blank (or whitespace) gives null: the caller counts 1.
 * @returns the value in units (the nearest double to the decimal), or the reason it is refused
 *   (completes `quantity "x" ...`).
 */
export function parseQuantity(raw: string): QuantityResult | null {
  const text = raw.trim().replace(/^'/, '');
  if (text === '') return null;
  if (text.includes(',')) {
    return { ok: false, reason: 'has a comma: write the decimal part with a point (2.5) and no thousands separator' };
  }
  const m = NUMBER.exec(text);
  if (!m || (m[1] !== '' && m[4] !== '') || (m[2] === '' && (m[3] ?? '') === '')) return { ok: false, reason: 'is not a number' };
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > QUANTITY_DECIMALS) return { ok: false, reason: `has more than ${QUANTITY_DECIMALS} decimal places` };
  const magnitude = Number(`${m[2] === '' ? '0' : m[2]}.${fraction}`);
  if (!(magnitude <= MAX_QUANTITY)) return { ok: false, reason: 'is too large to be a quantity' };
  const value = (m[1] || m[4]) === '-' ? -magnitude : magnitude;
  return { ok: true, value: value + 0 };
}

/**
 * The value of text[start, end) when it is 1 to 9 plain ASCII digits (the common quantity),
 * else -1: `parseQuantity` then decides. Reads the text in place (no slice).
 */
export function plainDigitsIn(text: string, start: number, end: number): number {
  const n = end - start;
  if (n <= 0 || n > 9) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}
