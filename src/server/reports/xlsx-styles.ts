/**
 * The look of the XLSX report: colours per category, number formats and the cell styles that
 * use them (spec part 1 section 9: difference colours green 0, red above, amber below).
 *
 * Every style is one shared object. ExcelJS's style registry caches by object identity, so
 * handing the same object to 100,000 cells costs one lookup each instead of serialising a new
 * style per cell (a several-fold speed-up of the streaming writer).
 */
import type { Style } from 'exceljs';
import type { ResultCategory } from '../../contracts/results.js';

/** Number formats (Excel format codes). */
export const NUMBER_FORMATS = {
  /** Whole units with a thousands separator. */
  integer: '#,##0',
  /** Whole units with an explicit sign, for differences. */
  signedInteger: '+#,##0;-#,##0;0',
  /**
   * A quantity with a fraction (2.5 kg, 0.125 m): the places it has, up to 3. Whole quantities
   * keep `integer` (Excel has no format that drops the point of a whole number only), so each
   * quantity cell takes one of the two by its value (`quantityStyle`).
   */
  quantityFraction: '#,##0.0##',
  signedQuantityFraction: '+#,##0.0##;-#,##0.0##;0',
  /**
   * Money with two decimals, negatives in red. No currency symbol: the catalogue stores amounts
   * in the business's own currency without naming it.
   */
  money: '#,##0.00;[Red]-#,##0.00',
  /** Fractions 0-1 shown as percent with one decimal (spec part 1 section 9). */
  percent: '0.0%',
  /** Signed percent for % Difference. */
  signedPercent: '+0.0%;-0.0%;0.0%',
  /** Date and time (UTC). */
  dateTime: 'yyyy-mm-dd hh:mm',
  /** Milliseconds shown as seconds elsewhere are written as seconds with one decimal. */
  seconds: '0.0 "s"',
} as const;

/** Colours of a sheet's tab and header row, as ARGB hex. */
export interface SheetColours {
  fill: string;
  text: string;
}

const WHITE = 'FFFFFFFF';
const INK = 'FF1F1F1F';

/** Report sheets that are not a category. */
export const REPORT_COLOURS = {
  instructions: { fill: 'FF1F3864', text: WHITE },
  summary: { fill: 'FF1F3864', text: WHITE },
} as const satisfies Record<string, SheetColours>;

export const CATEGORY_COLOURS: Readonly<Record<ResultCategory, SheetColours>> = {
  quantityCorrect: { fill: 'FF2E7D32', text: WHITE },
  quantityAbove: { fill: 'FFC62828', text: WHITE },
  quantityBelow: { fill: 'FFFFB300', text: INK },
  crossFileDiscrepancies: { fill: 'FF6A1B9A', text: WHITE },
  notFound: { fill: 'FF424242', text: WHITE },
  scannedNotExpected: { fill: 'FF1565C0', text: WHITE },
  zeroSheetItems: { fill: 'FFEF6C00', text: WHITE },
};

/** The Repeated Reads sheet: not a category, a neutral slate. */
export const REPEATED_READS_COLOURS: SheetColours = { fill: 'FF455A64', text: WHITE };

/** The Misplaced Stock sheet: the Not Expected lines it comes from, in teal. */
export const MISPLACED_STOCK_COLOURS: SheetColours = { fill: 'FF00695C', text: WHITE };

export type CellStyle = Partial<Style>;

/** Every font names its face and size: a bare `<b/>` font leaves the size to the reader. */
const font = (extra: CellStyle['font']): CellStyle['font'] => ({ name: 'Calibri', family: 2, size: 11, ...extra });

const thinBottom: CellStyle['border'] = { bottom: { style: 'thin', color: { argb: 'FFBFBFBF' } } };

/** Styles of data cells, by kind of value. */
export const CELL_STYLES = {
  text: { alignment: { vertical: 'top' } },
  wrappedText: { alignment: { vertical: 'top', wrapText: true } },
  integer: { numFmt: NUMBER_FORMATS.integer, alignment: { vertical: 'top' } },
  signedInteger: { numFmt: NUMBER_FORMATS.signedInteger, alignment: { vertical: 'top' } },
  quantityFraction: { numFmt: NUMBER_FORMATS.quantityFraction, alignment: { vertical: 'top' } },
  signedQuantityFraction: { numFmt: NUMBER_FORMATS.signedQuantityFraction, alignment: { vertical: 'top' } },
  money: { numFmt: NUMBER_FORMATS.money, alignment: { vertical: 'top' } },
  percent: { numFmt: NUMBER_FORMATS.percent, alignment: { vertical: 'top' } },
  signedPercent: { numFmt: NUMBER_FORMATS.signedPercent, alignment: { vertical: 'top' } },
  dateTime: { numFmt: NUMBER_FORMATS.dateTime, alignment: { horizontal: 'left', vertical: 'top' } },
  seconds: { numFmt: NUMBER_FORMATS.seconds, alignment: { horizontal: 'left', vertical: 'top' } },
  label: { font: font({ bold: true }), alignment: { vertical: 'top' } },
  title: { font: font({ bold: true, size: 16, color: { argb: 'FF1F3864' } }) },
  subtitle: { font: font({ italic: true, color: { argb: 'FF595959' } }) },
} as const satisfies Record<string, CellStyle>;

export type CellStyleName = keyof typeof CELL_STYLES;

/**
 * The style of a quantity cell (DESIGN.md section 5 rule 4: at most 3 decimals): whole numbers
 * without decimals, fractions with theirs; `signed` for differences and variance.
 */
export function quantityStyle(value: number | null, signed = false): CellStyle {
  if (value === null || Number.isInteger(value)) return signed ? CELL_STYLES.signedInteger : CELL_STYLES.integer;
  return signed ? CELL_STYLES.signedQuantityFraction : CELL_STYLES.quantityFraction;
}

const headerStyles = new Map<SheetColours, CellStyle>();

/** Bold header cell (table headers, section headings) on a colour; one shared object per pair. */
export function headerStyle(colours: SheetColours): CellStyle {
  let style = headerStyles.get(colours);
  if (style === undefined) {
    style = {
      font: font({ bold: true, color: { argb: colours.text } }),
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: colours.fill } },
      alignment: { vertical: 'middle', wrapText: true },
      border: thinBottom,
    };
    headerStyles.set(colours, style);
  }
  return style;
}

