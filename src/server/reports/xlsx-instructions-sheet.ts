/**
 * The 'Instructions' sheet, first in the XLSX report: what each sheet and category means, how
 * the figures are computed and how to filter (spec part 1 section 2 export dialog: "multi-tab
 * with instructions"; DESIGN.md section 5 steps 5-6 for the formulas stated here).
 */
import type { stream } from 'exceljs';
import type { ReportInput } from './report-input.js';
import { MISPLACED_STOCK_SECTION, REPEATED_READS_SECTION, type ReportSection } from './report-sections.js';
import { SUMMARY_SHEET_NAME } from './xlsx-summary-sheet.js';
import { commitRow } from './xlsx-rows.js';
import { CELL_STYLES, REPORT_COLOURS, headerStyle } from './xlsx-styles.js';

export const INSTRUCTIONS_SHEET_NAME = 'Instructions';

const COLOURS = REPORT_COLOURS.instructions;

const COLUMN_NOTES: ReadonlyArray<readonly [string, string]> = [
  ['Expected', "The quantity on record for the product when the audit's processing started."],
  [
    'Scanned / Quantity',
    'Units counted over all scan files. In a cross-validation audit every file is a full count and ' +
      'this is the count the files agree on.',
  ],
  ['Difference', 'Scanned - Expected, in units. Positive: more on the shelf than on record; negative: fewer.'],
  ['% Difference', 'Difference / Expected. Blank when Expected is 0.'],
  [
    'Variance Value',
    "Difference x the product's cost price: the value of a surplus (positive) or of a loss (negative, " +
      'in red). Blank when the product has no cost price.',
  ],
  ['Scan Files', 'The files the product or value was scanned in, in upload order.'],
];

const FIGURE_NOTES: ReadonlyArray<readonly [string, string]> = [
  ['Match Rate', 'Scanned units that matched a product in scope / all scanned units (also per scan file).'],
  ['Accuracy', 'Products in scope counted correctly / products in scope counted.'],
  ['Variance', 'The sums of Difference (units) and of Variance Value (money) over the product lines.'],
];

const USE_NOTES: ReadonlyArray<readonly [string, string]> = [
  [
    'Filter and sort',
    "Every category sheet has filter buttons on its header row. Click the arrow in a column's header " +
      'to sort it or to show only some values: for example sort Variance Value from smallest to largest ' +
      "to see the biggest losses first, or filter Scan Files on one team's file. Data > Clear removes " +
      'the filters.',
  ],
  ['Frozen header', 'The header row of each category sheet stays in view while you scroll.'],
  [
    'Text',
    'Codes and names are stored as text exactly as scanned, so leading zeros are kept and text that ' +
      'starts with = + - or @ is never run as a formula. Invisible control characters inside a scan ' +
      '(such as the GS1 group separator) are shown as symbols like \u241D.',
  ],
  ['Times', 'Dates and times are in UTC.'],
  ['Money', "Amounts are in the catalogue's currency, with two decimals."],
];

/**
 * Writes the instructions sheet. Only the sheets that this report holds are described, in the
 * order of the tabs. `generatedAt` is printed as the report's date.
 */
export function writeInstructionsSheet(
  workbook: stream.xlsx.WorkbookWriter,
  input: ReportInput,
  sections: readonly ReportSection[],
  generatedAt: Date,
): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET_NAME, {
    properties: { tabColor: { argb: COLOURS.fill } },
    pageSetup: { orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [{ width: 26 }, { width: 100 }];

  const note = (label: string, text: string) => commitRow(sheet, [label, text], [CELL_STYLES.label, CELL_STYLES.wrappedText]);
  const heading = (text: string) => commitRow(sheet, [text, ''], headerStyle(COLOURS), 20);
  const gap = () => commitRow(sheet, [], []);

  commitRow(sheet, ['How to read this report'], CELL_STYLES.title, 26);
  commitRow(sheet, ['Audit', input.audit.name], [CELL_STYLES.label, CELL_STYLES.wrappedText]);
  commitRow(sheet, ['Generated (UTC)', generatedAt], [CELL_STYLES.label, CELL_STYLES.dateTime]);
  gap();

  heading('Sheets');
  note(INSTRUCTIONS_SHEET_NAME, 'This page.');
  note(
    SUMMARY_SHEET_NAME,
    "The audit's details, the headline figures (match rate, accuracy, variance), the number of lines " +
      'in each category and the performance of each scan file.',
  );
  for (const section of sections) note(section.title, section.meaning);
  if (input.repeatedReads.length > 0) note(REPEATED_READS_SECTION.title, REPEATED_READS_SECTION.meaning);
  if ((input.misplacedStock?.length ?? 0) > 0) note(MISPLACED_STOCK_SECTION.title, MISPLACED_STOCK_SECTION.meaning);
  gap();

  heading('Columns');
  for (const [label, text] of COLUMN_NOTES) note(label, text);
  gap();

  heading('Figures');
  for (const [label, text] of FIGURE_NOTES) note(label, text);
  gap();

  heading('Using this workbook');
  for (const [label, text] of USE_NOTES) note(label, text);

  sheet.commit();
}
