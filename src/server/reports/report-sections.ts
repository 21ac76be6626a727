/**
 * The result categories a report shows, in order, with the title each one carries in the
 * reports and what its lines mean (spec part 1 section 2 "Audit detail": the six tabs of the
 * results screen; DESIGN.md section 5 step 4 for the definitions).
 */
import { RESULT_CATEGORIES, type ResultCategory } from '../../contracts/results.js';
import type { ReportInput } from './report-input.js';

export interface ReportSection {
  category: ResultCategory;
  /** Sheet name in the XLSX (<= 31 characters) and the `Category` value of the CSV. */
  title: string;
  /** One or two sentences for the Instructions sheet. */
  meaning: string;
}

export const REPORT_SECTIONS: Readonly<Record<ResultCategory, ReportSection>> = {
  quantityCorrect: {
    category: 'quantityCorrect',
    title: 'Correct',
    meaning: 'Products in scope whose counted quantity equals the expected quantity.',
  },
  quantityAbove: {
    category: 'quantityAbove',
    title: 'Above',
    meaning: 'Products in scope counted above the expected quantity (a surplus).',
  },
  quantityBelow: {
    category: 'quantityBelow',
    title: 'Below',
    meaning: 'Products in scope that were scanned but counted below the expected quantity (a shortfall).',
  },
  crossFileDiscrepancies: {
    category: 'crossFileDiscrepancies',
    title: 'Cross-File Discrepancies',
    meaning:
      'Cross-validation audits only: products whose count differs between the scan files, with each ' +
      "file's count. They appear in no other category: recount them to settle the quantity.",
  },
  notFound: {
    category: 'notFound',
    title: 'Not Found',
    meaning:
      'Scanned values that match no product in the catalogue, one line per value. Scanned Before and ' +
      'Scanned After are the nearest recognised scans around it in the same file, to find the item on ' +
      'the shelf; Reason says why it matched nothing (an unknown code, a barcode damaged by a ' +
      'spreadsheet, or a code shared by several products).',
  },
  scannedNotExpected: {
    category: 'scannedNotExpected',
    title: 'Not Expected',
    meaning:
      "Scanned products that are in the catalogue but outside this audit's scope; Actual Category " +
      'shows where they belong.',
  },
  zeroSheetItems: {
    category: 'zeroSheetItems',
    title: 'Zero Sheet',
    meaning:
      'Products in scope that were expected (quantity other than 0) but never scanned: missing, or ' +
      'not counted.',
  },
};

/** The part of a report that lists serialised items read again (not a result category). */
export const REPEATED_READS_SECTION = {
  title: 'Repeated Reads',
  meaning:
    'Serialised items (a GS1 GTIN with a serial number) read again after their first read: one item ' +
    'is one unit, so a repeat is not counted. Each row says where the repeat was (file and line) and ' +
    'where the item was first read.',
} as const;

/** The part of a report that lists misplaced stock and proposed moves (not a result category). */
export const MISPLACED_STOCK_SECTION = {
  title: 'Misplaced Stock',
  meaning:
    "Products counted in this audit's location whose catalogue location is another one: found here, " +
    'belonging there. Where the latest completed audit of their home location shows them short (Below ' +
    'or Zero Sheet), the proposed move is the smaller of the two quantities: stock to move back, not shrinkage.',
} as const;

/**
 * The sections of `input`'s report, in `RESULT_CATEGORIES` order: always the six categories of
 * the results screen, plus Cross-File Discrepancies for a cross-validation audit (or, so that no
 * line is ever left out, for any audit that has such lines).
 */
export function reportSections(input: Pick<ReportInput, 'audit' | 'counts'>): ReportSection[] {
  return RESULT_CATEGORIES.filter(
    (category) =>
      category !== 'crossFileDiscrepancies' ||
      input.audit.mode === 'cross-validation' ||
      input.counts.crossFileDiscrepancies > 0,
  ).map((category) => REPORT_SECTIONS[category]);
}
