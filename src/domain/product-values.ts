/**
 * Parsing of catalogue cell values for product imports and quantity uploads
 * (spec part 2 sections 3 and 5; DESIGN.md section 2: money is exact, quantities decimals of at most 3 places).
 * Each parser answers `{ ok: true, value }` or `{ ok: false, message }`, never throws, so an
 * import can list every bad cell of a file at once.
 */

import { parseMoneyAmount, parseQuantityText, type DecimalSeparator } from './number-locale.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A money amount as a decimal string with 2 to 4 places ("1234.50", "0.95", "1.2345"), or null
 * for a blank cell. Accepts a currency sign ($ € £), `.95`, thousands separators ("1,234.50",
 * "1.234,50", "1 234,50"), a decimal comma ("12,5"); `decimal` is the file's decimal separator
 * when its money columns show one (number-locale.ts). Negative amounts are refused (no catalogue
 * price is negative).
 */
export function parseMoney(raw: string | null | undefined, decimal: DecimalSeparator | null = null): Parsed<string | null> {
  return parseMoneyAmount(raw ?? '', decimal);
}

/**
 * A quantity (a decimal of at most 3 places, may be negative), or `blankAs` for a blank cell;
 * the separator rule of decision 0045 (number-locale.ts). "12", "+3", "-2", "1,234", "1.50",
 * "843.00000" are quantities; "1.0005", "abc", "Not stocked" are not.
 */
export function parseQuantityCellText(
  raw: string | null | undefined,
  blankAs: number | null,
  decimal: DecimalSeparator | null = null,
): Parsed<number | null> {
  const text = (raw ?? '').trim();
  const parsed = parseQuantityText(text, decimal);
  if (parsed === null) return { ok: true, value: blankAs };
  if (parsed.ok) return parsed;
  return { ok: false, message: `"${text}" ${parsed.reason}` };
}

/** Tags from one cell: split on commas, trimmed, blanks dropped, duplicates (case-insensitive) dropped. */
export function parseTags(raw: string | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const tag = part.trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/**
 * A stored price as the API answers it: the database's numeric(14,4) text without the trailing
 * zeros past 2 places ("12.5000" -> "12.50", "0.1250" -> "0.125"); null stays null.
 */
export function moneyText(stored: string | null): string | null {
  if (stored === null) return null;
  const m = /^(-?\d+)\.(\d{2})(\d*?)0*$/.exec(stored);
  return m ? `${m[1]}.${m[2]}${m[3]}` : stored;
}
