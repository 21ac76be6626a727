/**
 * The product import calls (spec part 2 sections 4, 5, 7): preview a file, then import it with
 * a column mapping. Both upload the file as multipart field `file`, with real upload progress.
 */
import type { ColumnMapping, FilePreview, ImportOnProblems, ImportResponse, ImportRowError } from '../../../../contracts/products';
import { ApiError, uploadWithProgress, type UploadOptions } from '@/lib/api';

export function previewProductFile(file: File, options: UploadOptions = {}): Promise<FilePreview> {
  const form = new FormData();
  form.append('flow', 'import');
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
  location?: string,
): Promise<ImportResponse> {
  const form = new FormData();
  // Fields before the file, so the server has the mapping when the file stream starts.
  form.append('columnMapping', JSON.stringify(mapping));
  form.append('onProblems', onProblems);
  // The location a multi-location file's count is for, or 'all' (summed).
  if (location) form.append('location', location);
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
