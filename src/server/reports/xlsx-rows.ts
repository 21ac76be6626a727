/**
 * Writing one row of a streaming ExcelJS sheet: the value rules every report sheet shares.
 */
import type { Worksheet } from 'exceljs';
import type { CellStyle } from './xlsx-styles.js';
import { xlsxText } from './xlsx-text.js';

/** What a report cell holds; null leaves the cell empty. */
export type CellValue = string | number | Date | null;

/**
 * Appends a row to `sheet` and commits it, after which ExcelJS writes it out and forgets it.
 *
 * Strings become string-typed cells through `xlsxText` (never formulas, whatever they start
 * with); a number that is not finite becomes an empty cell, because Excel refuses a file with
 * `NaN` in a cell. `styles` is one shared style for every cell or one per cell.
 */
export function commitRow(
  sheet: Worksheet,
  values: readonly CellValue[],
  styles: CellStyle | readonly CellStyle[],
  height?: number,
): void {
  const row = sheet.addRow(values.map(cellValue));
  for (let i = 0; i < values.length; i++) {
    // Assigning the shared object (not a copy) is what keeps styling cheap; see xlsx-styles.ts.
    row.getCell(i + 1).style = Array.isArray(styles) ? styles[i] : (styles as CellStyle);
  }
  if (height !== undefined) row.height = height;
  row.commit();
}

function cellValue(value: CellValue): CellValue {
  if (typeof value === 'string') return xlsxText(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
