/**
 * The codes of every FileError the file readers raise (src/server/errors.ts), so that callers
 * and tests can match on them. The message is for the user and names the file (and the line
 * where there is one); the code is for programs. DESIGN.md section 6.
 */
export const FILE_ERROR = {
  /** The file has no bytes, or only a BOM, blank lines or blank cells. */
  EMPTY: 'FILE_EMPTY',
  /** A header row and nothing below it. */
  NO_DATA_ROWS: 'FILE_NO_DATA_ROWS',
  /** The name does not end in .csv/.txt/.tsv/.tab/.xlsx/.xlsm/.xls. */
  UNSUPPORTED_TYPE: 'FILE_UNSUPPORTED_TYPE',
  /** Larger than the caller's `maxBytes` or the XLS cap (HTTP 413). */
  TOO_LARGE: 'FILE_TOO_LARGE',
  /** A .csv/.txt whose bytes are not text (binary, a zip, an old Excel file...). */
  NOT_TEXT: 'FILE_NOT_TEXT',
  /** An .xlsx/.xls whose bytes are not a readable workbook. */
  INVALID_EXCEL: 'FILE_INVALID_EXCEL',
  /** An encrypted workbook. */
  PASSWORD_PROTECTED: 'FILE_PASSWORD_PROTECTED',
  /** The .xls reader ran out of time or memory (a worker with limits), or an .xlsx holds too much text. */
  TOO_COMPLEX: 'FILE_TOO_COMPLEX',
  /** A `"` that opens a quoted CSV value and is never closed. */
  UNCLOSED_QUOTE: 'CSV_UNCLOSED_QUOTE',
  /** One CSV row longer than the parser's limit (a sign the file is not a CSV). */
  ROW_TOO_LONG: 'CSV_ROW_TOO_LONG',
  /** The header row chosen is not among the file's first rows. */
  HEADER_ROW_NOT_FOUND: 'HEADER_ROW_NOT_FOUND',
  /** A mapped column name that is not among the file's headers. */
  UNKNOWN_COLUMN: 'UNKNOWN_COLUMN',
  /** No scan value column chosen. */
  MISSING_SCAN_COLUMN: 'MISSING_SCAN_COLUMN',
  /** The same column chosen for scan values and for quantities. */
  SAME_COLUMN: 'SCAN_AND_QUANTITY_SAME_COLUMN',
  /** A quantity that is not a number of at most 3 decimal places (or has a comma, or is too large). */
  BAD_QUANTITY: 'BAD_QUANTITY',
} as const;

export type FileErrorCode = (typeof FILE_ERROR)[keyof typeof FILE_ERROR];
