/**
 * The rows of one worksheet part (`<sheetData>`), built from XmlScanner events: cell text as
 * excel-cell-text.ts gives it, rows in batches bounded by rows and by cells.
 *
 * Positions follow ECMA-376 Part 1, 18.3.1.73 and 18.3.1.4: `r` is optional on both `<row>` and
 * `<c>`. A row without `r` is the row after the previous one (the first is row 1); a cell
 * without `r` is the column after the previous cell (the first is A). A cell beyond column XFD
 * (16,384) is refused: it would pad its row without end.
 */
import { excelCellText, numberText } from './excel-cell-text.js';
import { MAX_COLUMNS, type ReadLimits } from './read-limits.js';
import type { SharedStrings } from './shared-strings.js';
import { isBlankRow, type TableRow } from './table.js';
import type { WorkbookParts } from './xlsx-package.js';
import { XmlScanner, XmlSyntaxError, type XmlHandler } from './xml-scanner.js';

/** Rows per batch, and cells per batch (a 16,384-column sheet flushes every few rows). */
const BATCH_ROWS = 1000;
const BATCH_CELLS = 64 * 1024;

/** A worksheet breaks a rule of the format that we rely on (the message names the row). */
export class SheetFormatError extends XmlSyntaxError {
  override name = 'SheetFormatError';
}

type Capture = 0 | 1 | 2; // nothing, <v>, <t> inside <is>

/** Builds rows from a worksheet's XML pushed in text chunks. */
export class SheetRows implements XmlHandler {
  private readonly scanner: XmlScanner;
  private readonly plainStyle: boolean[];
  private batch: TableRow[] = [];
  private batchCells = 0;
  private inSheetData = false;
  private cells: string[] | null = null;
  private rowNumber = 0;
  private nextColumn = 1;
  private column = 0;
  private cellType = 'n';
  private cellStyle = 0;
  private inCell = false;
  private inInline = false;
  private phonetic = 0;
  private capture: Capture = 0;
  private value = '';
  private inlineText = '';
  private readonly attrs: (string | undefined)[] = [undefined, undefined, undefined];
  /** True once `</sheetData>` was read: the rest of the part is not needed. */
  done = false;

  constructor(
    private readonly parts: Pick<WorkbookParts, 'date1904' | 'styleFormats' | 'styleIsDate'>,
    private readonly strings: SharedStrings,
    limits: ReadLimits,
  ) {
    this.scanner = new XmlScanner(this, { maxTagChars: 64 * 1024, maxTextChars: limits.maxCellChars });
    this.plainStyle = parts.styleFormats.map((f, i) => !parts.styleIsDate[i] && !(f && /^0+$/.test(f)));
  }

  /** Scans more of the part. @throws XmlSyntaxError (SheetFormatError), XmlLimitError */
  push(text: string): void {
    this.scanner.push(text);
  }

  /** The part is over. */
  end(): void {
    this.scanner.end();
  }

  /** True when a batch is full. */
  get ready(): boolean {
    return this.batch.length >= BATCH_ROWS || this.batchCells >= BATCH_CELLS;
  }

  /** The rows completed so far (non-blank), and a fresh batch. */
  take(): TableRow[] {
    const rows = this.batch;
    this.batch = [];
    this.batchCells = 0;
    return rows;
  }

  open(name: string, attributes: string, selfClosing: boolean): void {
    if (!this.inSheetData) {
      if (name === 'sheetData') this.inSheetData = !selfClosing;
      return;
    }
    switch (name) {
      case 'c':
        if (this.cells === null) return;
        readAttributes(attributes, CELL_ATTRIBUTES, this.attrs);
        this.column = this.attrs[0] ? this.columnOf(this.attrs[0]) : this.nextColumn;
        if (this.column > MAX_COLUMNS) throw new SheetFormatError(`row ${this.rowNumber} has a cell beyond column XFD`);
        this.cellType = this.attrs[1] ?? 'n';
        this.cellStyle = this.attrs[2] ? Number(this.attrs[2]) : 0;
        this.value = '';
        this.inlineText = '';
        this.inCell = true;
        if (selfClosing) this.endCell();
        return;
      case 'v':
        if (this.inCell && !selfClosing) this.capture = 1;
        return;
      case 't':
        if (this.inInline && this.phonetic === 0 && !selfClosing) this.capture = 2;
        return;
      case 'is':
        if (this.inCell && !selfClosing) this.inInline = true;
        return;
      case 'rPh':
        if (!selfClosing) this.phonetic++;
        return;
      case 'row': {
        readAttributes(attributes, ROW_ATTRIBUTES, this.attrs);
        const r = this.attrs[0] ? Number(this.attrs[0]) : NaN;
        this.rowNumber = Number.isInteger(r) && r > 0 ? r : this.rowNumber + 1;
        this.cells = [];
        this.nextColumn = 1;
        if (selfClosing) this.endRow();
        return;
      }
      default:
    }
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.capture = 0;
        return;
      case 'c':
        if (this.inCell) this.endCell();
        return;
      case 'is':
        this.inInline = false;
        return;
      case 'rPh':
        if (this.phonetic > 0) this.phonetic--;
        return;
      case 'row':
        if (this.cells !== null) this.endRow();
        return;
      case 'sheetData':
        this.inSheetData = false;
        this.done = true;
        this.scanner.stop();
        return;
      default:
    }
  }

  text(value: string): void {
    if (this.capture === 1) this.value = this.value.length === 0 ? value : this.value + value;
    else if (this.capture === 2) this.inlineText = this.inlineText.length === 0 ? value : this.inlineText + value;
  }

  wantsText(): boolean {
    return this.capture !== 0;
  }

  private endCell(): void {
    this.inCell = false;
    this.inInline = false;
    this.capture = 0;
    const column = this.column;
    this.nextColumn = column + 1;
    const text = this.cellText();
    if (text.length === 0) return;
    const cells = this.cells!;
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
  }

  private endRow(): void {
    const cells = this.cells!;
    this.cells = null;
    if (isBlankRow(cells)) return;
    this.batch.push({ line: this.rowNumber, cells });
    this.batchCells += cells.length;
  }

  private cellText(): string {
    const v = this.value;
    switch (this.cellType) {
      case 's':
        return v.length === 0 ? '' : this.strings.get(Number(v));
      case 'inlineStr':
        return this.inlineText.length > 0 ? this.inlineText : v;
      case 'str':
      case 'e':
        return v;
      case 'b':
        return v.length === 0 ? '' : Number(v) !== 0 ? 'TRUE' : 'FALSE';
      case 'd':
        return isoDateText(v);
      default: {
        if (v.length === 0) return '';
        const style = this.cellStyle;
        if (this.plainStyle[style] !== false && isPlainInteger(v)) return v;
        const n = Number(v);
        if (Number.isNaN(n)) return v.trim();
        if (this.parts.styleIsDate[style]) return excelCellText(excelDate(n, this.parts.date1904));
        return numberText(n, this.parts.styleFormats[style] ?? null);
      }
    }
  }

  /** Column number (A = 1) of a cell reference such as `AB12`; the next column when it has no letters. */
  private columnOf(ref: string): number {
    let column = 0;
    for (let i = 0; i < ref.length; i++) {
      const c = ref.charCodeAt(i) | 0x20; // lower case
      if (c < 97 || c > 122) break;
      column = column * 26 + (c - 96);
      if (column > MAX_COLUMNS) return column;
    }
    return column === 0 ? this.nextColumn : column;
  }
}

const CELL_ATTRIBUTES = ['r', 't', 's'];
const ROW_ATTRIBUTES = ['r'];

/**
 * One pass over a tag's raw attribute text: `out[i]` = the value of `names[i]` (no prefix,
 * entities left as written: these attributes hold references, types and numbers), or undefined.
 */
function readAttributes(attributes: string, names: readonly string[], out: (string | undefined)[]): void {
  for (let k = 0; k < names.length; k++) out[k] = undefined;
  const n = attributes.length;
  let i = 0;
  while (i < n) {
    const eq = attributes.indexOf('=', i);
    if (eq < 0) return;
    let nameEnd = eq;
    while (nameEnd > i && attributes.charCodeAt(nameEnd - 1) <= 32) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > i && attributes.charCodeAt(nameStart - 1) > 32) nameStart--;
    let q = eq + 1;
    while (q < n && attributes.charCodeAt(q) <= 32) q++;
    const quote = attributes.charCodeAt(q);
    if (quote !== 34 && quote !== 39) return;
    const close = attributes.indexOf(quote === 34 ? '"' : "'", q + 1);
    if (close < 0) return;
    for (let k = 0; k < names.length; k++) {
      const name = names[k]!;
      if (nameEnd - nameStart === name.length && attributes.startsWith(name, nameStart)) {
        out[k] = attributes.slice(q + 1, close);
        break;
      }
    }
    i = close + 1;
  }
}

/** Digits only, no leading zero, at most 15 digits: its text is already what numberText gives. */
function isPlainInteger(v: string): boolean {
  const n = v.length;
  if (n > 15) return false;
  let i = 0;
  if (v.charCodeAt(0) === 45) {
    if (n === 1) return false;
    i = 1;
  }
  if (v.charCodeAt(i) === 48 && n > i + 1) return false;
  for (; i < n; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
  }
  return v !== '-0';
}

/** An Excel serial date as the wall-clock time it shows, read as UTC (as ExcelJS does). */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}

/** A `t="d"` cell holds an ISO 8601 date; without a zone it is wall-clock time. */
function isoDateText(v: string): string {
  const m = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.exec(v.trim());
  if (!m) return v;
  const date = new Date(m[1] ? `${v.trim()}Z` : v.trim());
  return Number.isNaN(date.getTime()) ? v : excelCellText(date);
}
