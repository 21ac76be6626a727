/**
 * Header row decisions: whether the first row is labels or data, and the column names.
 * DESIGN.md section 6 (Opticon's header-less `SCANNED.TXT`: `barcode,serial,hh:mm:ss,dd/mm/yyyy`).
 */

/** Digit-only codes and numbers: `0012345678905`, `'0123`, `-3`, `4.5`, `1,5`, `1.23457E+11`. */
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;
/** Dates, with or without a time: `07/11/2026`, `2026-11-07`, `2026-11-07T10:34:00`, `7.11.26`. */
const DATE = /^(?:\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2})(?:[ T].*)?$/;
/** Times: `10:34`, `10:34:00`, `10:34:00.5`, `10:34 AM`. */
const TIME = /^\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?[AaPp]\.?[Mm]\.?)?$/;

/** True when a cell reads as a value (code, number, date, time) rather than a column label. */
export function looksLikeData(cell: string): boolean {
  let v = cell.trim();
  if (v.startsWith("'")) v = v.slice(1); // a spreadsheet's text marker: '0123
  if (v === '') return false;
  return NUMBER.test(v) || DATE.test(v) || TIME.test(v);
}

/**
 * The shape of a cell holding a digit: runs of letters as `A`, runs of digits as `9`, other
 * characters kept (`A1554244` -> `A9`, `qty:50` -> `A:9`); null for a cell without a digit.
 */
function codeShape(cell: string): string | null {
  const v = cell.trim();
  if (!/\d/.test(v)) return null;
  return v.replace(/\p{L}+/gu, 'A').replace(/\d+/g, '9');
}

/** A scanned payload, never a label: over 40 characters, a `{...}` record, or control characters (GS). */
function looksLikePayload(cell: string): boolean {
  const v = cell.trim();
  // eslint-disable-next-line no-control-regex
  return v.length > 40 || (v.startsWith('{') && v.endsWith('}')) || /[\x00-\x08\x0e-\x1f]/.test(v);
}

/**
 * Decides whether `firstRow` (the first non-blank row) is a header row.
 * 'auto': a header unless one of its cells looks like data (DESIGN.md section 6): a code, number,
 * date or time; a scanned payload (over 40 characters, a `{...}` record, control characters such as
 * GS); or a cell holding digits shaped like the cell below it (`A1554244` over
 * `A1505151` in a header-less SKU list, `{pbn:PICK2110,qty:50}` payloads of a scanner dump).
 * Labels such as `scan`, `Barcode,Qty,Timestamp`, `EAN;Menge` or `Item Code,Counted` hold none.
 */
export function isHeaderRow(firstRow: readonly string[], mode: 'auto' | 'yes' | 'no', secondRow?: readonly string[]): boolean {
  if (mode !== 'auto') return mode === 'yes';
  if (firstRow.some((cell) => looksLikeData(cell) || looksLikePayload(cell))) return false;
  if (secondRow === undefined) return true;
  return !firstRow.some((cell, i) => {
    const shape = codeShape(cell);
    return shape !== null && shape === codeShape(secondRow[i] ?? '');
  });
}

/**
 * Column names from a header row: trimmed; a blank one becomes 'Column N' (N its 1-based
 * position); a repeated one gets ' (2)', ' (3)'... Names are compared case-insensitively, so
 * 'qty' and 'Qty' cannot both exist (column look-up falls back to case-insensitive matching).
 * Written names keep priority over generated ones: ['', 'Column 1'] -> ['Column 1 (2)', 'Column 1'].
 */
export function uniqueHeaders(raw: readonly string[]): string[] {
  const names = raw.map((h) => h.trim());
  const used = new Set<string>();
  const result: string[] = new Array<string>(names.length);
  const claim = (base: string): string => {
    let name = base;
    for (let k = 2; used.has(name.toLowerCase()); k++) name = `${base} (${k})`;
    used.add(name.toLowerCase());
    return name;
  };
  names.forEach((name, i) => {
    if (name !== '') result[i] = claim(name);
  });
  names.forEach((name, i) => {
    if (name === '') result[i] = claim(`Column ${i + 1}`);
  });
  return result;
}

/** 'Column 1' ... 'Column n', for a file without a header row. */
export function numberedHeaders(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Column ${i + 1}`);
}
