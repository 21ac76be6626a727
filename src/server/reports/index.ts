/**
 * Audit reports: the Professional XLSX and the Simple CSV (Legacy) exports of a completed audit
 * (spec part 1 section 2 export dialog and section 7; DESIGN.md sections 6 and 7).
 */
export type { ReportAudit, ReportInput } from './report-input.js';
export { writeXlsxReport } from './write-xlsx-report.js';
export { writeCsvReport, CSV_COLUMNS } from './write-csv-report.js';
export { reportFileName } from './report-file-name.js';
export { spreadsheetSafe, looksLikeFormula } from './spreadsheet-safe.js';
export { reportSections, type ReportSection } from './report-sections.js';
