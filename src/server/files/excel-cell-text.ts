/**
 * The text of a spreadsheet cell, as our tables carry every cell (DESIGN.md section 6: codes must
 * survive the trip; Excel keeps 15 significant digits).
 *
 * - numbers: integers as their plain digits (`12345678905`, never `1.2345678905E10`); other
 *   numbers rounded to Excel's 15 significant digits (`0.1 + 0.2` -> `0.3`); an integer under a
 *   zero-padding format such as `000000000000` keeps the zeros the sheet shows (`012345678905`);
 * - dates: ISO 8601 without time zone (Excel has none): `2026-11-07`, `2026-11-07T10:34:00`,
 *   a time alone (day 0) as `10:34:00`;
 * - booleans: `TRUE` / `FALSE` as Excel shows them; errors: their code (`#N/A`);
 * - rich text: its runs joined; formulas: their cached result; hyperlinks: their text.
 *
 * Accepts the value shapes of ExcelJS (xlsx) and the plain values the XLS worker posts.
 */

export function excelCellText(value: unknown, numFmt?: string | null): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      return (v.richText as Array<{ text?: unknown }>).map((run) => (typeof run.text === 'string' ? run.text : '')).join('');
    }
    if ('formula' in v || 'sharedFormula' in v) return excelCellText(v.result, numFmt);
    if ('error' in v) return typeof v.error === 'string' ? v.error : '';
    if ('text' in v) return excelCellText(v.text, numFmt);
  }
  return '';
}

/** Plain digits for integers; 15 significant digits otherwise. */
export function numberText(n: number, numFmt?: string | null): string {
  if (!Number.isFinite(n)) return ''; // a formula error cached as NaN
  if (Number.isInteger(n)) {
    const digits = Math.abs(n) < 1e21 ? n.toFixed(0) : String(n);
    if (numFmt && /^0+$/.test(numFmt) && n >= 0 && digits.length < numFmt.length) {
      return digits.padStart(numFmt.length, '0');
    }
    return digits;
  }
  const rounded = Number(n.toPrecision(15));
  if (Number.isInteger(rounded)) return numberText(rounded, numFmt);
  const text = String(rounded);
  return text.includes('e') ? plainDecimal(rounded) : text;
}

/** 1e-7 -> `0.0000001` (String() would give an exponent). */
function plainDecimal(n: number): string {
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString(); // Excel dates are wall-clock times read as UTC
  const day = iso.slice(0, 10);
  let time = iso.slice(11, 23);
  if (time.endsWith('.000')) time = time.slice(0, 8);
  if (day === '1899-12-30' || day === '1904-01-01') return time; // serial < 1: a time of day alone
  return time === '00:00:00' ? day : `${day}T${time}`;
}
