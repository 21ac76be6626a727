/**
 * The product import calls (spec part 2 sections 4, 5, 7): preview a file, then import it with
 * a column mapping. Both upload the file as multipart field `file`, with real upload progress.
 */
import type { ColumnMapping, FilePreview, ImportOnProblems, ImportResponse, ImportRowError } from '../../../../contracts/products';
import { ApiError, uploadWithProgress, type UploadOptions } from '@/lib/api';

/**
 * The user's choices over the preview's decisions (each optional; none gives the proposal): the
 * header row's line, the location the count is for ('all': summed), what further rows of one item
 * do to its stock. The preview states its decisions under them and the import reads the file so.
 */
export interface ImportChoices {
  headerLine?: number;
  location?: string;
  repeatedRows?: 'sum' | 'first';
}

function appendChoices(form: FormData, choices: ImportChoices): void {
  if (choices.headerLine !== undefined) form.append('headerLine', String(choices.headerLine));
  if (choices.location) form.append('location', choices.location);
  if (choices.repeatedRows) form.append('repeatedRows', choices.repeatedRows);
}

/**
 * Previews a file for the import. With `choices` and the user's `mapping`, the server answers
 * afresh: its decisions (and its proposal for a new header row or location) under them.
 */
export function previewProductFile(
  file: File,
  options: UploadOptions = {},
  choices: ImportChoices = {},
  mapping?: ColumnMapping,
): Promise<FilePreview> {
  const form = new FormData();
  form.append('flow', 'import');
  appendChoices(form, choices);
  if (mapping !== undefined) form.append('columnMapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return uploadWithProgress<FilePreview>('/api/products/preview', form, options);
}

/**
 * @param onProblems 'importValid' imports the good rows of a file with problems (the user's
 *   explicit choice); by default such a file imports nothing.
 */
export function importProductFile(
  file: File,
  mapping: ColumnMapping,
  options: UploadOptions = {},
  onProblems: ImportOnProblems = 'importNothing',
  choices: ImportChoices = {},
): Promise<ImportResponse> {
  const form = new FormData();
  // Fields before the file, so the server has the mapping when the file stream starts.
  form.append('columnMapping', JSON.stringify(mapping));
  form.append('onProblems', onProblems);
  appendChoices(form, choices);
  form.append('file', file, file.name);
  return uploadWithProgress<ImportResponse>('/api/products/import', form, options);
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
