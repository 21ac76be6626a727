/**
 * The results screen's category tabs (spec part 1 "Audit detail"): tab label and the name used
 * in 'No {category} items found'. Cross-File is shown only when the audit has such lines.
 */
import type { ResultCategory } from '../../../../contracts/results';

export interface CategoryTab {
  category: ResultCategory;
  label: string;
  emptyName: string;
}

export const CATEGORY_TABS: readonly CategoryTab[] = [
  { category: 'quantityCorrect', label: 'Correct', emptyName: 'quantity correct' },
  { category: 'quantityAbove', label: 'Above', emptyName: 'quantity above' },
  { category: 'quantityBelow', label: 'Below', emptyName: 'quantity below' },
  { category: 'crossFileDiscrepancies', label: 'Cross-File', emptyName: 'cross-file' },
  { category: 'notFound', label: 'Not Found', emptyName: 'not found' },
  { category: 'scannedNotExpected', label: 'Not Expected', emptyName: 'not expected' },
  { category: 'zeroSheetItems', label: 'Zero Sheet', emptyName: 'zero sheet' },
];

export interface PageState {
  page: number;
  pageSize: number;
}

/** 'Showing X to Y of Z results' figures and the page count for `total` lines. */
export function pageWindow(total: number, { page, pageSize }: PageState): { from: number; to: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return { from: 0, to: 0, pageCount };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total), pageCount };
}
