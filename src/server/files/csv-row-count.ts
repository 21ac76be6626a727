/**
 * The number of data rows of a CSV file, read through the CSV grammar without making them: what
 * the import preview states as the file's row count (preview-table.ts) without a record, a cells
 * array and a string per cell for every row of the file (docs/decisions/0152-catalogue-import-streams-rows-to-copy.md).
 *
 * It counts exactly the rows `Table.batches()` yields: records after the header line (blank rows,
 * every cell empty or white space, left out), with the parser's grammar, lines and errors.
 */
import { CsvTextParser } from './csv-parser.js';
import { isBlankRow } from './table.js';

/** The running count of one read. */
export interface RowCount {
  rows: number;
}

/** A CsvTextParser that counts the data records after `afterLine` that are not blank. */
export class CsvRowCounter extends CsvTextParser<RowCount> {
  constructor(
    delimiter: string,
    private readonly afterLine: number,
    options: { maxRecordChars?: number } = {},
  ) {
    super(delimiter, options);
  }

  protected takePlainLine(text: string, start: number, end: number, line: number, out: RowCount): void {
    if (line <= this.afterLine) return;
    // The usual row starts with a printable ASCII character other than the delimiter: not blank.
    const first = text.charCodeAt(start);
    if (first > 32 && first < 127 && first !== this.delimCode) {
      out.rows++;
      return;
    }
    if (!isBlankRow(text.slice(start, end).split(this.delim))) out.rows++;
  }

  protected takeRecord(line: number, cells: string[], out: RowCount): void {
    if (line > this.afterLine && !isBlankRow(cells)) out.rows++;
  }
}
