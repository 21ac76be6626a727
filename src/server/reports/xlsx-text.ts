/**
 * Text as an XLSX string cell can hold it (ECMA-376 / Excel limits), so that the file opens
 * without a repair prompt and shows what was scanned.
 *
 * - XML 1.0 cannot carry C0 control characters, and ExcelJS silently deletes them. GS1 barcodes
 *   contain one (the group separator, 0x1D, between application identifiers), so they are shown
 *   as their visible Unicode "control pictures" instead (0x1D -> U+241D), never lost.
 * - XML parsers turn CR and CRLF into LF; writing LF ourselves keeps what is read back equal to
 *   what was written. Excel breaks lines in a cell on LF.
 * - A cell holds at most 32,767 characters; longer text is cut with an ellipsis.
 *
 * Formulas are no concern here: the writer stores text in string-typed cells, which no
 * spreadsheet evaluates (see spreadsheet-safe.ts for the CSV side).
 */

/** Excel's limit on the characters of one cell. */
export const MAX_CELL_TEXT = 32_767;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LINE_BREAK = /\r\n?/g;

/** U+2400-U+241F picture the C0 controls in order; U+2421 pictures DEL. */
function controlPicture(c: string): string {
  const code = c.charCodeAt(0);
  return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
}

/** `text` ready for an XLSX string cell (see the file comment for what changes). */
export function xlsxText(text: string): string {
  const safe = text.replace(LINE_BREAK, '\n').replace(CONTROL, controlPicture);
  if (safe.length <= MAX_CELL_TEXT) return safe;
  let end = MAX_CELL_TEXT - 1;
  // Never cut between the two halves of a surrogate pair (an emoji in a product name).
  if (/[\uD800-\uDBFF]/.test(safe[end - 1])) end -= 1;
  return `${safe.slice(0, end)}…`;
}
