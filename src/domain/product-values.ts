/**
 * Parsing of catalogue cell values for product imports and quantity uploads
 * (spec part 2 sections 3 and 5; DESIGN.md section 2: money is exact, quantities are integers).
 * Each parser answers `{ ok: true, value }` or `{ ok: false, message }`, never throws, so an
 * import can list every bad cell of a file at once.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MONEY_LIMIT = 9_999_999_999.99; // numeric(12,2)

/**
 * A money amount as a decimal string with 2 places ("1234.50"), or null for a blank cell.
 * Accepts a currency sign ($ € £), thousands separators ("1,234.50", "1.234,50", "1 234,50"),
 * a decimal comma ("12,5"). Negative amounts are refused (no catalogue price is negative).
 */
export function parseMoney(raw: string | null | undefined): Parsed<string | null> {
  const text = (raw ?? '').trim().replace(/^[$€£]\s*|\s*[$€£]$/g, '').replace(/[\s\u00a0']/g, '');
  if (text === '') return { ok: true, value: null };
  let normalised = text;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma > -1 && lastDot > -1) {
    // The later separator is the decimal one; the other groups thousands.
    normalised = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (lastComma > -1) {
    // "1,234" (thousands) vs "12,5" / "12,50" (decimal comma).
    normalised = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text.replace(',', '.');
  }
  if (!/^\d+(\.\d+)?$/.test(normalised)) return { ok: false, message: `"${raw?.trim()}" is not an amount of money` };
  const [whole, fraction = ''] = normalised.split('.');
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) {
    return { ok: false, message: `"${raw?.trim()}" has more than 2 decimal places` };
  }
  const value = `${BigInt(whole!).toString()}.${fraction.slice(0, 2).padEnd(2, '0')}`;
  if (Number(value) > MONEY_LIMIT) return { ok: false, message: `"${raw?.trim()}" is too large` };
  return { ok: true, value };
}

const INT_LIMIT = 2_147_483_647;

/**
 * A whole number of units (may be negative), or `blankAs` for a blank cell.
 * "12", "+3", "-2", "1,234", "5.0" are whole numbers; "5.5", "abc", "Not stocked" are not.
 */
export function parseWholeNumber(raw: string | null | undefined, blankAs: number | null): Parsed<number | null> {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, value: blankAs };
  const compact = /^[+-]?\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text;
  const m = /^([+-]?\d+)(?:[.,]0+)?$/.exec(compact);
  if (!m) return { ok: false, message: `"${text}" is not a whole number` };
  const value = Number(m[1]);
  if (Math.abs(value) > INT_LIMIT) return { ok: false, message: `"${text}" is too large` };
  return { ok: true, value: value === 0 ? 0 : value };
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
