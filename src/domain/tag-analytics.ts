/**
 * Tag analytics rules that need no database (DESIGN.md section 11; spec part 2 sections 4 "Tag
 * analytics sorting" and 9 "Business constants"): which result lines count as audited, the date
 * range of a query, the sort a header click gives, and how accuracy and variance are shown.
 */
import type { ResultCategory } from '../contracts/results.js';
import type { SortOrder, TagSortField } from '../contracts/tag-analytics.js';

/** Lines of an in-scope product that was counted (a zero-sheet line is a count of 0). */
export const AUDITED_CATEGORIES: readonly ResultCategory[] = [
  'quantityCorrect',
  'quantityAbove',
  'quantityBelow',
  'crossFileDiscrepancies',
  'zeroSheetItems',
];
/** An audited line is accurate when it is in this category. */
export const ACCURATE_CATEGORY: ResultCategory = 'quantityCorrect';

/** 'Recent activity' and 'Last 30 Days' (spec part 2 section 9). */
export const RECENT_ACTIVITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A half-open window of completion times [from, to); null ends are open. */
export interface CompletionWindow {
  from: Date | null;
  to: Date | null;
  /** Start of the last-30-days window inside [from, to). */
  recentFrom: Date;
}

export class DateRangeError extends Error {
  constructor(
    readonly field: 'dateRangeStart' | 'dateRangeEnd',
    message: string,
  ) {
    super(message);
    this.name = 'DateRangeError';
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The completion window of a query. A date-only start is that day's 00:00 UTC; a date-only end
 * includes its whole day (the window ends at the next day's 00:00 UTC); an instant is used as is
 * (an end instant is inclusive).
 * @throws DateRangeError when the start is after the end.
 */
export function completionWindow(opts: { dateRangeStart?: string; dateRangeEnd?: string; now: Date }): CompletionWindow {
  const from = opts.dateRangeStart ? new Date(DATE_ONLY.test(opts.dateRangeStart) ? `${opts.dateRangeStart}T00:00:00Z` : opts.dateRangeStart) : null;
  let to: Date | null = null;
  if (opts.dateRangeEnd) {
    to = DATE_ONLY.test(opts.dateRangeEnd)
      ? new Date(Date.parse(`${opts.dateRangeEnd}T00:00:00Z`) + DAY_MS)
      : new Date(Date.parse(opts.dateRangeEnd) + 1);
  }
  if (from && to && from.getTime() >= to.getTime()) {
    throw new DateRangeError('dateRangeStart', 'dateRangeStart must not be after dateRangeEnd.');
  }
  const recent = opts.now.getTime() - RECENT_ACTIVITY_DAYS * DAY_MS;
  return { from, to, recentFrom: new Date(Math.max(recent, from?.getTime() ?? recent)) };
}

/** accurate / audited * 100, or null when nothing was audited. */
export function accuracyPercentage(accurate: number, audited: number): number | null {
  return audited > 0 ? (accurate * 100) / audited : null;
}

/** Columns of the list screen that sort (spec part 2 section 4: three of them sort by total_products). */
export type TagColumn =
  | 'tagName'
  | 'totalProducts'
  | 'productsEverAudited'
  | 'productsAuditedLast30Days'
  | 'accuracyPercentage'
  | 'totalQuantityVariance'
  | 'lastAuditDate';

export const COLUMN_SORT_FIELD: Record<TagColumn, TagSortField> = {
  tagName: 'tag_name',
  totalProducts: 'total_products',
  productsEverAudited: 'total_products',
  productsAuditedLast30Days: 'total_products',
  totalQuantityVariance: 'total_products',
  accuracyPercentage: 'accuracy_percentage',
  lastAuditDate: 'last_audit_date',
};

export interface TagSort {
  sortBy: TagSortField;
  sortOrder: SortOrder;
}

export const DEFAULT_TAG_SORT: TagSort = { sortBy: 'tag_name', sortOrder: 'asc' };

/** A header click: desc only when the same field was already sorted ascending, else asc. */
export function nextSort(current: TagSort, column: TagColumn): TagSort {
  const sortBy = COLUMN_SORT_FIELD[column];
  return { sortBy, sortOrder: current.sortBy === sortBy && current.sortOrder === 'asc' ? 'desc' : 'asc' };
}

/** Badge style of an accuracy: >= 95 default, 80 to below 95 secondary, below 80 destructive. */
export function accuracyBadgeVariant(accuracy: number): 'default' | 'secondary' | 'destructive' {
  if (accuracy >= 95) return 'default';
  if (accuracy >= 80) return 'secondary';
  return 'destructive';
}

/** Shown to one decimal with %: 87.5%. */
export function formatAccuracy(accuracy: number): string {
  return `${accuracy.toFixed(1)}%`;
}

/** Variance colour: positive orange, negative red, zero green. */
export function varianceTone(variance: number): 'positive' | 'negative' | 'zero' {
  if (variance > 0) return 'positive';
  if (variance < 0) return 'negative';
  return 'zero';
}

/** Signed units: +3, -2, 0. */
export function formatVariance(variance: number): string {
  return variance > 0 ? `+${variance.toLocaleString('en-US')}` : variance.toLocaleString('en-US');
}
