/**
 * The memory and size bounds of the .xlsx reader (docs/decisions/0050-xlsx-reader-bounded-memory.md).
 * Whatever an upload holds, reading it keeps at most about `maxSharedStringBytes` plus a few MB
 * per read, and stops with a FileError naming the file and the part when a bound is met.
 * Defaults suit a server with a 512 MB budget; tests lower them with `configureReadLimits` so
 * that the files proving each rule stay small.
 */

export interface ReadLimits {
  /** Inflated bytes read from any one part of a package (the worksheet, shared strings): counted while inflating. */
  maxPartBytes: number;
  /** Inflated bytes of an index part read whole (workbook.xml, relationships, styles.xml). */
  maxIndexPartBytes: number;
  /** UTF-8 bytes of shared-string text kept in memory for one read. */
  maxSharedStringBytes: number;
  /** Number of shared strings kept (each costs 8 bytes of offsets). */
  maxSharedStrings: number;
  /** Characters of one cell's text (Excel's own limit is 32,767). */
  maxCellChars: number;
  /** Entries in a zip's central directory. */
  maxZipEntries: number;
}

/** Excel's last column is XFD: a cell reference beyond it is refused (it would pad a row without end). */
export const MAX_COLUMNS = 16_384;

const DEFAULTS: ReadLimits = {
  maxPartBytes: 1024 * 1024 * 1024,
  maxIndexPartBytes: 16 * 1024 * 1024,
  maxSharedStringBytes: 64 * 1024 * 1024,
  maxSharedStrings: 4 * 1024 * 1024,
  maxCellChars: 256 * 1024,
  maxZipEntries: 10_000,
};

let current: ReadLimits = { ...DEFAULTS };

/** The limits in force. */
export function readLimits(): Readonly<ReadLimits> {
  return current;
}

/** Changes some limits (tests; an operator could too); `undefined` restores the defaults. */
export function configureReadLimits(changes?: Partial<ReadLimits>): void {
  current = changes === undefined ? { ...DEFAULTS } : { ...current, ...changes };
}
