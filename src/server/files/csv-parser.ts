/**
 * Incremental CSV parser: text chunks in, records with their physical line numbers out.
 * Pure (no I/O); `csv-source.ts` feeds it a decoded file stream. DESIGN.md section 6.
 *
 * Grammar: RFC 4180, read leniently the way spreadsheet programs do:
 * - fields are separated by one delimiter character (`,` `;` tab `|`, chosen by the caller);
 * - a field that starts with `"` is quoted: it may hold delimiters, line breaks and `""` (one
 *   quote); text after its closing quote is kept as it is (`"ab"c` -> `abc`);
 * - a `"` inside an unquoted field is an ordinary character (`37.8"N` stays `37.8"N`);
 * - a line break is CRLF, LF or a lone CR, mixed freely within one file;
 * - an empty line yields no record (blank lines are skipped); a line of delimiters only
 *   (`,,`) yields a record of empty cells, which the table layer drops;
 * - no trimming: cells come out exactly as written (`" 336618 "` -> ` 336618 `), the engine
 *   normalises values later (DESIGN.md section 5).
 *
 * Line numbers are 1-based physical lines as an editor shows them; a record spanning several
 * lines (quoted line breaks) carries the line it starts on.
 *
 * Why not papaparse: see docs/decisions/0005-csv-reader.md (line numbers, mixed line breaks,
 * unclosed quotes, speed).
 */

/** One parsed record: the physical line it starts on and its cells, untrimmed. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A structural problem in the CSV text; the caller turns it into a FileError with the file name. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly code: 'UNCLOSED_QUOTE' | 'ROW_TOO_LONG',
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Largest record (in characters) the parser keeps in memory before giving up: 4 Mi characters. */
export const MAX_RECORD_CHARS = 4 * 1024 * 1024;

const LF = 10;
const CR = 13;
const QUOTE = 34;

const enum Mode {
  /** At the start of a field (start of a record, or just after a delimiter). */
  FieldStart,
  /** Inside an unquoted field (or after the closing quote of a quoted one). */
  Unquoted,
  /** Inside a quoted field. */
  Quoted,
  /** Inside a quoted field, just after a `"`: either `""` (a quote) or the closing quote. */
  QuoteSeen,
}

/**
 * The grammar above as a state machine, whatever is made of each record: `CsvParser` keeps every
 * record as cells, `CsvScanCellParser` (csv-scan-cells.ts) only the two cells the scan reader
 * needs. `Out` is what one `push` fills.
 */
export abstract class CsvTextParser<Out> {
  protected readonly delim: string;
  protected readonly delimCode: number;
  private readonly maxRecordChars: number;

  private mode = Mode.FieldStart;
  /** Cells of the record being read. */
  private cells: string[] = [];
  /** Text of the current field read so far (when it spans chunks or holds `""`). */
  private field = '';
  /** Characters held for the current record, for the size guard. */
  private recordChars = 0;
  /** Physical line of the next character. */
  private line = 1;
  /** Line the current record started on. */
  private recordLine = 1;
  /** Line of the opening quote of the current quoted field (for the unclosed-quote message). */
  private quoteLine = 1;
  /** The previous chunk ended in a CR that ended a line: an LF starting this chunk belongs to it. */
  private skipLf = false;
  /** The previous chunk ended in a CR inside a quoted field (line counting across chunks). */
  private quotedCrPending = false;
  /** Position of the next delimiter in the plain lines being read (see `cellEnd`). */
  private nextDelim = -1;

  constructor(delimiter: string, options: { maxRecordChars?: number } = {}) {
    if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n') {
      throw new Error(`CsvParser: invalid delimiter ${JSON.stringify(delimiter)}`);
    }
    this.delim = delimiter;
    this.delimCode = delimiter.charCodeAt(0);
    this.maxRecordChars = options.maxRecordChars ?? MAX_RECORD_CHARS;
  }

  /**
   * One record of a plain line: text[start, end) holds no quote and no line break, and its
   * cells are split by `cellEnd`. `line` is its physical line.
   */
  protected abstract takePlainLine(text: string, start: number, end: number, line: number, out: Out): void;

  /** One record read by the slow path (quotes, or a record across chunks), as its cells. */
  protected abstract takeRecord(line: number, cells: string[], out: Out): void;

  /**
   * Inside `takePlainLine`: the end of the cell that starts at `start` on the plain line ending
   * at `end` (the next delimiter, else `end`). Cells must be asked for from left to right.
   */
  protected cellEnd(text: string, start: number, end: number): number {
    let next = this.nextDelim;
    // The cached position stays right while it lies ahead: no delimiter between here and it.
    if (next !== -1 && next < start) next = this.nextDelim = text.indexOf(this.delim, start);
    return next === -1 || next > end ? end : next;
  }

  /**
   * Parses one chunk of text and appends every record completed by it to `out`.
   * A record still open at the end of the chunk is kept for the next call.
   * @throws CsvSyntaxError ROW_TOO_LONG when one record exceeds `maxRecordChars`.
   */
  push(text: string, out: Out): void {
    const n = text.length;
    const D = this.delimCode;
    let i = 0;
    // Cached position of the next quote (-2: not searched yet, -1: none left).
    let nextQuote = -2;

    if (this.quotedCrPending) {
      this.quotedCrPending = false;
      if (n > 0 && text.charCodeAt(0) === LF) i = 1; // the CRLF inside quotes was counted at the CR
      if (i === 1) this.field += '\n';
    }

    while (i < n) {
      if (this.skipLf) {
        this.skipLf = false;
        if (text.charCodeAt(i) === LF) {
          i++;
          continue;
        }
      }

      if (this.mode === Mode.FieldStart && this.cells.length === 0) {
        // Fast path: whole lines without quotes, split natively.
        if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
        i = this.plainLines(text, i, nextQuote === -1 ? n : nextQuote, out);
        if (i >= n) break;
        if (this.skipLf) continue;
        this.recordLine = this.line;
      }

      switch (this.mode) {
        case Mode.FieldStart: {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            this.mode = Mode.Quoted;
            this.quoteLine = this.line;
            i++;
          } else if (c === D) {
            this.cells.push('');
            i++;
          } else if (c === LF || c === CR) {
            if (this.cells.length > 0) {
              this.cells.push('');
              this.emit(out);
            }
            i = this.lineBreak(text, i);
          } else {
            this.mode = Mode.Unquoted;
          }
          break;
        }
        case Mode.Unquoted: {
          const start = i;
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (c === D || c === LF || c === CR) break;
            i++;
          }
          if (i === n) {
            this.field += text.slice(start, i);
            break;
          }
          this.cells.push(this.field + text.slice(start, i));
          this.recordChars += this.field.length + i - start;
          this.field = '';
          this.mode = Mode.FieldStart;
          if (c === D) {
            i++;
          } else {
            this.emit(out);
            i = this.lineBreak(text, i);
          }
          break;
        }
        case Mode.Quoted: {
          if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
          const end = nextQuote === -1 ? n : nextQuote;
          this.countQuotedLineBreaks(text, i, end);
          this.field += text.slice(i, end);
          if (end === n) {
            i = n;
          } else {
            this.mode = Mode.QuoteSeen;
            i = end + 1;
          }
          break;
        }
        case Mode.QuoteSeen: {
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            this.mode = Mode.Quoted;
            i++;
          } else {
            // Closing quote: a delimiter or line break ends the field; anything else is kept.
            this.mode = Mode.Unquoted;
          }
          break;
        }
      }
    }

    if (this.mode === Mode.Quoted && n > 0 && text.charCodeAt(n - 1) === CR) {
      // The CR was counted as a line break; an LF opening the next chunk must not count again.
      this.quotedCrPending = true;
    }
    if (this.recordChars + this.field.length > this.maxRecordChars) {
      throw new CsvSyntaxError(
        'ROW_TOO_LONG',
        this.recordLine,
        `a row is longer than ${Math.round(this.maxRecordChars / 1024 / 1024)} million characters`,
      );
    }
  }

  /**
   * Signals the end of the text: appends the last record (one without a final line break).
   * @throws CsvSyntaxError UNCLOSED_QUOTE when a quoted field is still open.
   */
  end(out: Out): void {
    this.skipLf = false;
    this.quotedCrPending = false;
    switch (this.mode) {
      case Mode.Quoted:
        throw new CsvSyntaxError(
          'UNCLOSED_QUOTE',
          this.quoteLine,
          'a quoted value is never closed (a " without its closing ")',
        );
      case Mode.QuoteSeen:
      case Mode.Unquoted:
        this.cells.push(this.field);
        this.emit(out);
        break;
      case Mode.FieldStart:
        if (this.cells.length > 0) {
          this.cells.push('');
          this.emit(out);
        }
        break;
    }
  }

  /**
   * Reads the complete lines of text[i, limit) that hold no quote (limit: the next quote or the
   * end of the chunk) and returns the index where the slow path must continue.
   */
  private plainLines(text: string, i: number, limit: number, out: Out): number {
    const n = text.length;
    let line = this.line;
    let nextLf = text.indexOf('\n', i);
    let nextCr = text.indexOf('\r', i);
    this.nextDelim = text.indexOf(this.delim, i);
    for (;;) {
      if (nextLf !== -1 && nextLf < i) nextLf = text.indexOf('\n', i);
      if (nextCr !== -1 && nextCr < i) nextCr = text.indexOf('\r', i);
      const end = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : nextLf < nextCr ? nextLf : nextCr;
      if (end === -1 || end > limit) break;
      if (end > i) this.takePlainLine(text, i, end, line, out);
      line++;
      if (text.charCodeAt(end) === CR) {
        if (end + 1 === n) {
          this.skipLf = true;
          i = n;
          break;
        }
        i = text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
      } else {
        i = end + 1;
      }
    }
    this.line = line;
    return i;
  }

  private emit(out: Out): void {
    this.takeRecord(this.recordLine, this.cells, out);
    this.cells = [];
    this.field = '';
    this.recordChars = 0;
    this.mode = Mode.FieldStart;
  }

  /** Consumes the line break at `i` (CRLF, LF or CR) and returns the index after it. */
  private lineBreak(text: string, i: number): number {
    this.line++;
    if (text.charCodeAt(i) === CR) {
      if (i + 1 < text.length) return text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
      this.skipLf = true;
    }
    return i + 1;
  }

  /** Counts the line breaks in text[from, to) of a quoted field: CRLF, LF and CR each count one. */
  private countQuotedLineBreaks(text: string, from: number, to: number): void {
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c === CR || (c === LF && (k === from || text.charCodeAt(k - 1) !== CR))) this.line++;
    }
  }
}

/** The parser that keeps every record: its line and all its cells. */
export class CsvParser extends CsvTextParser<CsvRecord[]> {
  protected takePlainLine(text: string, start: number, end: number, line: number, out: CsvRecord[]): void {
    // Cells sliced straight from the chunk (no intermediate line string to split).
    const cells: string[] = [];
    for (;;) {
      const cellEnd = this.cellEnd(text, start, end);
      cells.push(text.slice(start, cellEnd));
      if (cellEnd === end) break;
      start = cellEnd + 1;
    }
    out.push({ line, cells });
  }

  protected takeRecord(line: number, cells: string[], out: CsvRecord[]): void {
    out.push({ line, cells });
  }
}
