/**
 * The quantity cell of a scan row as a whole number of units (DESIGN.md section 5: "a blank
 * quantity counts 1; a quantity that is not a whole number is an error naming file and line;
 * negative quantities (corrections) are summed like any other").
 *
 * Accepted, after trimming spaces (fixed-width exports pad them): an optional sign and digits
 * (`4`, `+3`, `-2`, ` 4 `, `007`); and a whole number written with a decimal part of zeros,
 * as spreadsheets and German exports write them: `5.0`, `5,0`, `5.00`, `5,00`.
 *
 * Refused:
 * - a real fraction: `5.5`, `0,25`;
 * - a separator followed by exactly three digits (`1.000`, `1,000`, even `5.000`): in half the
 *   world that is one thousand, in the other half one; guessing would silently miscount;
 * - anything else: `abc`, `Not stocked` (Shopify), `1e3`, `1 000`, `(3)`;
 * - beyond ±2,147,483,647 (a barcode scanned into the quantity field, most likely).
 */

export type QuantityResult = { ok: true; value: number } | { ok: false; reason: string };

/** Largest magnitude accepted (PostgreSQL `integer`). */
export const MAX_QUANTITY = 2_147_483_647;

const WHOLE = /^([+-]?)(\d+)(?:[.,](\d+))?$/;

/**
 * @param raw the cell as read; blank (or whitespace) gives null: the caller counts 1.
 * @returns the value, or the reason it is refused (completes `quantity "x" ...`).
 */
export function parseQuantity(raw: string): QuantityResult | null {
  const text = raw.trim();
  if (text === '') return null;
  const m = WHOLE.exec(text);
  if (!m) return { ok: false, reason: 'is not a whole number' };
  const [, sign, digits, fraction] = m;
  if (fraction !== undefined) {
    if (fraction.length === 3) {
      return { ok: false, reason: 'is ambiguous (a thousands separator or a decimal point?): write it without separators' };
    }
    if (!/^0+$/.test(fraction)) return { ok: false, reason: 'is not a whole number' };
  }
  const value = Number(digits) * (sign === '-' ? -1 : 1);
  if (Math.abs(value) > MAX_QUANTITY) return { ok: false, reason: 'is too large to be a quantity' };
  return { ok: true, value: value === 0 ? 0 : value }; // no -0
}
