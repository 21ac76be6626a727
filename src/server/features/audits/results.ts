/**
 * Reading a finished audit's results: the paged results-enhanced answer and the report input
 * for the exports (spec part 1 sections 2 "Audit detail", 3 "Enhanced results", 7).
 */
import type { Db } from '../../db/client.js';
import {
  RESULT_CATEGORIES,
  type CategoryCounts,
  type Categories,
  REPEATED_READS_SHOWN,
  type PagedResults,
  type ResultsQuery,
  type ResultsSummary,
} from '../../../contracts/results.js';
import { filterExpressionSchema } from '../../../contracts/filters.js';
import { describeFilter } from '../../../domain/describe-filter.js';
import { AppError } from '../../errors.js';
import type { ReportInput } from '../../reports/index.js';
import { breakdownOf, readLinesPage, readMoneySummary, readSummary, type AuditRow, type SummaryRow } from './repo.js';
import { streamLines } from './stream-lines.js';
import { readRepeatedReads } from './repeated-reads-repo.js';
import { readMisplacedStock } from './read-misplaced-stock.js';

function toResultsSummary(summary: SummaryRow, audit: AuditRow): ResultsSummary {
  return {
    totalScanned: summary.totalScanned,
    matchedScanned: summary.matchedScanned,
    matchRate: summary.matchRate,
    processingTime: summary.processingTimeMs,
    scanFileBreakdown: breakdownOf(summary),
    accuracy: summary.accuracy,
    varianceUnits: summary.varianceUnits,
    varianceValue: summary.varianceValue,
    mode: audit.mode as ResultsSummary['mode'],
  };
}

/** A product audit's filter as a sentence; null for a cycle count or an unreadable filter. */
function scopeOf(audit: AuditRow): string | null {
  if (audit.auditType !== 'product-audit') return null;
  const parsed = filterExpressionSchema.safeParse(audit.filterExpression);
  return parsed.success ? describeFilter(parsed.data) : null;
}

async function requireSummary(db: Db, audit: AuditRow) {
  const summary = audit.status === 'complete' ? await readSummary(db, audit.id) : null;
  if (!summary) {
    throw new AppError('AUDIT_NOT_COMPLETE', "Audit Not Complete: This audit hasn't been completed yet. Check back later.", 409);
  }
  return summary;
}

/** The spec's enhanced results with one page per category (or every line with `all=true`). */
export async function readPagedResults(db: Db, audit: AuditRow, query: ResultsQuery): Promise<PagedResults> {
  const summary = await requireSummary(db, audit);
  const counts = summary.counts as CategoryCounts;
  const categories = {} as Categories;
  const totals = {} as CategoryCounts;
  const pages = {} as PagedResults['pages'];
  const all = query.all === 'true';
  const [money, repeated] = await Promise.all([
    readMoneySummary(db, audit.id),
    readRepeatedReads(db, audit.id, REPEATED_READS_SHOWN),
    ...RESULT_CATEGORIES.map(async (category) => {
      const pageSize = all ? Math.max(1, counts[category]) : query.pageSize;
      const page = all ? 1 : query[`${category}Page`];
      const { items, total } = await readLinesPage(db, {
        auditId: audit.id,
        category,
        search: query.search || undefined,
        page,
        pageSize,
        sort: query.sort,
        dir: query.dir,
      });
      categories[category] = items;
      totals[category] = total;
      pages[category] = { page, pageSize };
    }),
  ]);
  return {
    auditType: audit.auditType as PagedResults['auditType'],
    totalProductsInFilter: summary.totalProductsInFilter,
    summary: toResultsSummary(summary, audit),
    money,
    counts,
    categories,
    totals,
    pages,
    repeatedReads: repeated.reads,
    repeatedReadsTotal: repeated.total,
  };
}

/** What the XLSX and CSV reports read: the summary, and each category's lines streamed from the database. */
export async function reportInput(db: Db, audit: AuditRow, organizationName: string | null): Promise<ReportInput> {
  const summary = await requireSummary(db, audit);
  return {
    audit: {
      name: audit.name,
      section: audit.section,
      auditType: audit.auditType as ReportInput['audit']['auditType'],
      mode: audit.mode as ReportInput['audit']['mode'],
      createdAt: audit.createdAt,
      completedAt: audit.completedAt,
      organizationName,
      scope: scopeOf(audit),
    },
    totalProductsInFilter: summary.totalProductsInFilter,
    summary: toResultsSummary(summary, audit),
    money: await readMoneySummary(db, audit.id),
    counts: summary.counts as CategoryCounts,
    lines: (category) => streamLines(db, audit.id, category),
    repeatedReads: (await readRepeatedReads(db, audit.id)).reads,
    misplacedStock: (await readMisplacedStock(db, audit)).items,
  };
}
