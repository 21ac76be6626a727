/**
 * The SpreadsheetML of a table sheet's data rows (ECMA-376 part 1 section 18.3.1.73 `row`,
 * 18.3.1.4 `c`), made as text and handed to ExcelJS's stream of the sheet instead of going
 * through ExcelJS's Row and Cell objects (docs/decisions/0077): the same XML ExcelJS writes for
 * these values and styles, without one object per cell.
 *
 * Values follow `commitRow`'s rules (xlsx-rows.ts): strings are string-typed cells through
 * `xlsxText`, so never formulas; a number that is not finite and null are empty cells that keep
 * the column's style.
 */
import type { CellValue } from './xlsx-rows.js';
import type { CellStyle } from './xlsx-styles.js';
import { xlsxText } from './xlsx-text.js';

/**
 * What of ExcelJS's style registry (its StylesXform, `workbook.styles` of the streaming writer)
 * the rows use: the id in styles.xml of a style object, registered on first use. `cellType` is
 * ExcelJS's ValueType of the cell the style is first used on (it picks the default number format
 * of a style without one); the registry caches by object identity, as for ExcelJS's own cells.
 */
export interface StyleRegistry {
  addStyleModel(style: CellStyle, cellType: number): number;
}

/** ExcelJS's ValueType (lib/doc/enums.js) of the values a report cell holds. */
const VALUE_TYPE = { null: 0, number: 2, string: 3, date: 4 } as const;

/** Excel's serial day of 1970-01-01 (the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;
const MS_PER_DAY = 86_400_000;

const XML_SPECIAL = /[&<>"']/g;
const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `text` as XML character data, escaped as ExcelJS escapes it (quotes too, though text needs only & and <). */
function xmlText(text: string): string {
  return text.replace(XML_SPECIAL, (c) => XML_ESCAPES[c]!);
}

/** Column letters of the 1-based column `n`: 1 -> A, 27 -> AA. */
function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

function valueType(value: CellValue): number {
  if (typeof value === 'string') return VALUE_TYPE.string;
  if (value instanceof Date) return VALUE_TYPE.date;
  if (typeof value === 'number' && Number.isFinite(value)) return VALUE_TYPE.number;
  return VALUE_TYPE.null;
}

/**
 * A maker of data rows for a sheet whose columns have `styles` (one style object per column,
 * registered in `registry` on first use); `fractionStyles[i]`, when given, styles the cells of
 * column i whose value is a number with a fraction (a quantity of 2.5 shows its decimals, 843 none).
 *
 * @returns rowXml(rowNumber, values): the `<row>` element of row `rowNumber` (1-based, as in
 *   Excel) with one cell per column, `values[i]` in column i + 1.
 */
export function tableRowXml(
  styles: readonly CellStyle[],
  registry: StyleRegistry,
  fractionStyles: readonly (CellStyle | undefined)[] = [],
): (rowNumber: number, values: readonly CellValue[]) => string {
  const letters = styles.map((_, i) => columnLetters(i + 1));
  const styleAttributes: Array<string | undefined> = styles.map(() => undefined);
  const fractionAttributes: Array<string | undefined> = styles.map(() => undefined);
  const styleAttribute = (i: number, value: CellValue): string => {
    const fraction = fractionStyles[i];
    if (fraction !== undefined && typeof value === 'number' && !Number.isInteger(value)) {
      let attribute = fractionAttributes[i];
      if (attribute === undefined) {
        const id = registry.addStyleModel(fraction, valueType(value));
        attribute = fractionAttributes[i] = id ? ` s="${id}"` : '';
      }
      return attribute;
    }
    let attribute = styleAttributes[i];
    if (attribute === undefined) {
      const id = registry.addStyleModel(styles[i]!, valueType(value));
      attribute = styleAttributes[i] = id ? ` s="${id}"` : '';
    }
    return attribute;
  };
  const open = `" spans="1:${styles.length}" x14ac:dyDescent="0.25">`;

  return (rowNumber, values) => {
    let xml = `<row r="${rowNumber}${open}`;
    for (let i = 0; i < styles.length; i++) {
      const value = values[i] ?? null;
      const style = styleAttribute(i, value);
      const cell = `<c r="${letters[i]}${rowNumber}"${style}`;
      if (typeof value === 'string') xml += `${cell} t="str"><v>${xmlText(xlsxText(value))}</v></c>`;
      else if (typeof value === 'number' && Number.isFinite(value)) xml += `${cell}><v>${value}</v></c>`;
      else if (value instanceof Date) xml += `${cell}><v>${UNIX_EPOCH_SERIAL + value.getTime() / MS_PER_DAY}</v></c>`;
      // An empty cell keeps its style (the format of what is typed in later); unstyled, it is left out.
      else if (style !== '') xml += `${cell}/>`;
    }
    return `${xml}</row>`;
  };
}
