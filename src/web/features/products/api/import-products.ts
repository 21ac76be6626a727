/**
 * The product import calls (spec part 2 sections 4, 5, 7): preview a file, then import it with
 * a column mapping. The first preview uploads the file (multipart field `file`, with real upload
 * progress); later previews and the import name the kept file's token instead (staged-file.ts).
 */
import type { ColumnMapping, FilePreview, ImportOnProblems, ImportResponse, ImportRowError } from '../../../../contracts/products';
import { ApiError, type UploadOptions } from '@/lib/api';
import { appendChoices, previewFile, sendFileOrToken, type FileChoices } from './staged-file';

/** The user's choices over the import preview's decisions (staged-file.ts). */
export type ImportChoices = FileChoices;

/**
 * Previews a file for the import. With `choices` and the user's `mapping`, the server answers
 * afresh: its decisions (and its proposal for a new header row or location) under them. With
 * `uploadToken` (an earlier preview's answer) the kept file is read, not sent again.
 */
export function previewProductFile(
  file: File,
  options: UploadOptions = {},
  choices: ImportChoices = {},
  mapping?: ColumnMapping,
  uploadToken?: string,
): Promise<FilePreview> {
  return previewFile('import', file, options, choices, mapping, uploadToken);
}

/**
 * @param onProblems 'importValid' imports the good rows of a file with problems (the user's
 *   explicit choice); by default such a file imports nothing.
 * @param uploadToken the kept file's token (the preview's answer): the file is not sent again.
 */
export function importProductFile(
  file: File,
  mapping: ColumnMapping,
  options: UploadOptions = {},
  onProblems: ImportOnProblems = 'importNothing',
  choices: ImportChoices = {},
  uploadToken?: string,
): Promise<ImportResponse> {
  return sendFileOrToken<ImportResponse>('/api/products/import', file, uploadToken, (form) => {
    form.append('columnMapping', JSON.stringify(mapping));
    form.append('onProblems', onProblems);
    appendChoices(form, choices);
  }, options);
}

/** What a refused import reported: its failing rows, how many rows could be imported, the rejected rows as CSV. */
export interface ImportRowProblems {
  errors: ImportRowError[];
  errorCount: number;
  /** Rows that would be imported by a partial import (absent on older answers). */
  importable?: number;
  /** Rows with problems. */
  rejected?: number;
  rejectedCsv?: string;
}

/** The failing rows an all-or-nothing import reported in `details` (empty when none). */
export function importRowErrors(error: unknown): ImportRowProblems {
  if (!(error instanceof ApiError) || error.details === null || typeof error.details !== 'object') {
    return { errors: [], errorCount: 0 };
  }
  const details = error.details as { errors?: unknown; errorCount?: unknown; importable?: unknown; rejected?: unknown; rejectedCsv?: unknown };
  const extra: Omit<ImportRowProblems, 'errors' | 'errorCount'> = {};
  if (typeof details.importable === 'number') extra.importable = details.importable;
  if (typeof details.rejected === 'number') extra.rejected = details.rejected;
  if (typeof details.rejectedCsv === 'string') extra.rejectedCsv = details.rejectedCsv;
  const errors = Array.isArray(details.errors)
    ? details.errors.filter(
        (e): e is ImportRowError =>
          e !== null && typeof e === 'object' && typeof (e as ImportRowError).message === 'string',
      )
    : [];
  const errorCount = typeof details.errorCount === 'number' ? details.errorCount : errors.length;
  return { errors, errorCount, ...extra };
}

/** Offers `csv` as a file download named after the imported file (`products.csv` -> `products-rejected-rows.csv`). */
export function downloadRejectedRows(csv: string, fileName: string, suffix = 'rejected-rows'): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/\.[^.]+$/, '')}-${suffix}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
