/**
 * The count sheet's CSV (DESIGN.md section 14; docs/decisions/0128): the sheet's rows to type the
 * counts into and upload back as a scan file (scan column `SKU`, quantity column
 * COUNT_SHEET_COUNT_HEADER). Its count column's header says its own rule: a blank count cell is a
 * product not counted, and the row is skipped, where any other file's blank quantity counts 1
 * (section 5 rule 4).
 */

/** Header of the count sheet CSV's count column; a file whose quantity column has it skips rows left blank. */
export const COUNT_SHEET_COUNT_HEADER = 'Count (blank: not counted)';

/** True when a quantity column of this header skips its blank cells (the count sheet's CSV). */
export function skipsBlankQuantities(quantityHeader: string): boolean {
  return quantityHeader.trim().toLowerCase() === COUNT_SHEET_COUNT_HEADER.toLowerCase();
}
