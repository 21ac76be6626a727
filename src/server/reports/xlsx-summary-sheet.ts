/**
 * The 'Executive Summary' sheet of the XLSX report: the audit's details, the headline figures,
 * the lines per category and each scan file's performance (spec part 1 section 2 "Audit
 * detail": summary cards and Scan File Performance; DESIGN.md section 5 step 6 for match rate
 * and accuracy).
 */
import type { stream } from 'exceljs';
import type { ReportInput } from './report-input.js';
import { AUDIT_MODE_LABELS, AUDIT_TYPE_LABELS } from './report-labels.js';
import type { ReportSection } from './report-sections.js';
import { moneyValue } from './line-values.js';
import { commitRow, type CellValue } from './xlsx-rows.js';
import { CELL_STYLES, REPORT_COLOURS, headerStyle, quantityStyle, type CellStyle } from './xlsx-styles.js';

export const SUMMARY_SHEET_NAME = 'Executive Summary';

const COLOURS = REPORT_COLOURS.summary;
const HEADER = headerStyle(COLOURS);

/**
 * Writes the summary sheet from `input`'s audit, summary and counts (it reads no lines).
 * Each figure is a number in its own format: units as quantities (decimals only when they have some), rates as percentages, money
 * with two decimals; a figure that does not exist (accuracy with nothing counted) reads 'n/a'.
 */
export function writeSummarySheet(
  workbook: stream.xlsx.WorkbookWriter,
  input: ReportInput,
  sections: readonly ReportSection[],
): void {
  const { audit, summary } = input;
  const sheet = workbook.addWorksheet(SUMMARY_SHEET_NAME, {
    properties: { tabColor: { argb: COLOURS.fill } },
    pageSetup: { orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [{ width: 30 }, { width: 30 }, { width: 18 }, { width: 14 }, { width: 14 }];

  const field = (label: string, value: CellValue, style: CellStyle = CELL_STYLES.text) =>
    commitRow(sheet, [label, value], [CELL_STYLES.label, style]);
  const heading = (...cells: string[]) => commitRow(sheet, cells, HEADER, 20);
  const gap = () => commitRow(sheet, [], []);

  commitRow(sheet, ['Audit Report'], CELL_STYLES.title, 26);
  commitRow(sheet, [audit.name], CELL_STYLES.subtitle);
  gap();

  heading('Audit', '');
  field('Audit Name', audit.name);
  if (audit.organizationName !== null) field('Organization', audit.organizationName);
  field('Section', audit.section ?? '-');
  field('Audit Type', AUDIT_TYPE_LABELS[audit.auditType]);
  field('Mode', AUDIT_MODE_LABELS[audit.mode]);
  if (audit.scope !== null) field('Scope (filter)', audit.scope);
  field('Created (UTC)', audit.createdAt, CELL_STYLES.dateTime);
  field('Completed (UTC)', audit.completedAt ?? 'Not completed', audit.completedAt ? CELL_STYLES.dateTime : CELL_STYLES.text);
  field('Processing Time', summary.processingTime / 1000, CELL_STYLES.seconds);
  gap();

  heading('Results', '');
  field('Total Scanned (units)', summary.totalScanned, quantityStyle(summary.totalScanned));
  field('Matched Scanned (units)', summary.matchedScanned, quantityStyle(summary.matchedScanned));
  field('Match Rate', summary.matchRate, CELL_STYLES.percent);
  field('Accuracy', summary.accuracy ?? 'n/a', summary.accuracy === null ? CELL_STYLES.text : CELL_STYLES.percent);
  if (audit.auditType === 'product-audit' && input.totalProductsInFilter !== null) {
    field('Products in Filter', input.totalProductsInFilter, CELL_STYLES.integer);
  }
  field('Variance (units)', summary.varianceUnits, quantityStyle(summary.varianceUnits, true));
  field('Variance Value', moneyValue(summary.varianceValue), CELL_STYLES.money);
  field('Units Short', input.money.unitsShort, quantityStyle(input.money.unitsShort));
  field('Value Short', moneyValue(input.money.valueShort), CELL_STYLES.money);
  field('Units Over', input.money.unitsOver, quantityStyle(input.money.unitsOver));
  field('Value Over', moneyValue(input.money.valueOver), CELL_STYLES.money);
  field('Net Shrinkage Value', moneyValue(input.money.netShrinkageValue), CELL_STYLES.money);
  gap();

  heading('Category', 'Lines');
  for (const section of sections) {
    commitRow(sheet, [section.title, input.counts[section.category]], [CELL_STYLES.text, CELL_STYLES.integer]);
  }
  gap();

  heading('Scan File', 'Team', 'Scanner ID', 'Total Items', 'Match Rate');
  if (summary.scanFileBreakdown.length === 0) commitRow(sheet, ['No scan files'], CELL_STYLES.subtitle);
  for (const file of summary.scanFileBreakdown) {
    commitRow(sheet, [file.fileName, file.teamName, file.scannerId, file.totalItems, file.matchRate], [
      CELL_STYLES.text,
      CELL_STYLES.text,
      CELL_STYLES.text,
      quantityStyle(file.totalItems),
      CELL_STYLES.percent,
    ]);
  }

  sheet.commit();
}
