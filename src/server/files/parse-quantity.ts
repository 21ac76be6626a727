/**
 * The quantity cell of a scan row as a whole number of units (DESIGN.md section 5: "a blank
 * quantity counts 1; a quantity that is not a whole number is an error naming file and line;
 * negative quantities (corrections) are summed like any other").
 *
 * Accepted, after trimming spaces (fixed-width exports pad them): an optional sign and digits
 * (`4`, `+3`, `-2`, ` 4 `, `007`), the sign also after the digits as SAP and fixed-width stock
 * exports write it (`3-` is -3; a sign on both sides is refused); and a whole number written with a decimal part of zeros,
 * as spreadsheets and German exports write them: `5.0`, `5,0`, `5.00`, `5,00`.
 *
 * Refused:
 * - a real fraction: `5.5`, `0,25`;
 * - without evidence from the file, a dot followed by exactly three digits (`1.000`, `5.000`): in
 *   half the world that is one thousand, in the other half one; guessing would silently miscount.
 *   A comma followed by groups of three digits (`1,000`) groups thousands, as in a catalogue: one
 *   rule for both (docs/decisions/0045-number-separators.md, domain/number-locale.ts);
 * - anything else: `abc`, `Not stocked` (Shopify), `1e3`, `1 000`, `(3)`;
 * - beyond ±2,147,483,647 (a barcode scanned into the quantity field, most likely).
 */

import { MAX_WHOLE, parseWholeQuantity, type DecimalSeparator } from '../../domain/number-locale.js';

export type QuantityResult = { ok: true; value: number } | { ok: false; reason: string };

/** Largest magnitude accepted (PostgreSQL `integer`). */
export const MAX_QUANTITY = MAX_WHOLE;

/**
 * @param raw the cell as read; blank (or whitespace) gives null: the caller counts 1.
 * @param decimal the file's decimal separator when its quantity column shows one (number-locale.ts).
 * @returns the value, or the reason it is refused (completes `quantity "x" ...`).
 */
export function parseQuantity(raw: string, decimal: DecimalSeparator | null = null): QuantityResult | null {
  return parseWholeQuantity(raw, decimal);
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
