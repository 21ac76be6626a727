/**
 * What an export needs to know about one completed audit: the audit's header fields, the
 * summary and per-category counts of its results, and a way to stream each category's lines
 * (spec part 1 section 2 "Audit detail" export dialog and section 3 "Enhanced results";
 * DESIGN.md section 5 for the meaning of every figure).
 *
 * The report writers never hold a category's lines in memory: `lines(category)` is read once,
 * front to back, while the rows are written (DESIGN.md section 7: bounded memory at 100,000 lines).
 */
import type { MisplacedItem } from '../../contracts/misplaced-stock.js';
import type {
  AuditMode,
  AuditType,
  CategoryCounts,
  MoneySummary,
  RepeatedRead,
  ResultCategory,
  ResultItem,
  ResultsSummary,
} from '../../contracts/results.js';

/** The audit a report is about, as its header and file name show it. */
export interface ReportAudit {
  /** The audit's name as the user typed it (any text; never trusted as a formula). */
  name: string;
  /** Optional section, e.g. 'Aisle 3'. */
  section: string | null;
  auditType: AuditType;
  /** 'cross-validation' adds the Cross-File Discrepancies sheet. */
  mode: AuditMode;
  createdAt: Date;
  /** When processing finished; null while the audit is not complete. */
  completedAt: Date | null;
  organizationName: string | null;
  /** A product audit's filter as a sentence (`describeFilter`); null for cycle counts. */
  scope: string | null;
}

/** Everything one report is written from. */
export interface ReportInput {
  audit: ReportAudit;
  /** In-scope products of a product audit; null for cycle counts (shown only when present). */
  totalProductsInFilter: number | null;
  summary: ResultsSummary;
  /** Units and value short and over, net shrinkage (contracts/results.ts `moneySummarySchema`). */
  money: MoneySummary;
  /** Lines per category; used for the summary and to know which sheets have rows. */
  counts: CategoryCounts;
  /**
   * The lines of one category in display order, streamed (for example from the database in
   * pages). Called at most once per category; a rejection aborts the report.
   */
  lines(category: ResultCategory): AsyncIterable<ResultItem>;
  /**
   * Serialised items read again (DESIGN.md section 5 rule 1), in reading order: the 'Repeated
   * Reads' part of each report, written only when there are any.
   */
  repeatedReads: readonly RepeatedRead[];
  /**
   * Products found in the audited location that belong in another, with the proposed moves
   * (DESIGN.md section 13 "Misplaced stock"): the 'Misplaced Stock' part of each report, written
   * only when there are any. Absent for an audit not scoped to one location.
   */
  misplacedStock?: readonly MisplacedItem[];
}
