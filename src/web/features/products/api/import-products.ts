/**
 * The product import calls (spec part 2 sections 4, 5, 7): preview a file, then import it with
 * a column mapping. Both upload the file as multipart field `file`, with real upload progress.
 */
import type { ColumnMapping, FilePreview, ImportResponse, ImportRowError } from '../../../../contracts/products';
import { ApiError, uploadWithProgress, type UploadOptions } from '@/lib/api';

export function previewProductFile(file: File, options: UploadOptions = {}): Promise<FilePreview> {
  const form = new FormData();
  form.append('flow', 'import');
  form.append('file', file, file.name);
  return uploadWithProgress<FilePreview>('/api/products/preview', form, options);
}

export function importProductFile(file: File, mapping: ColumnMapping, options: UploadOptions = {}): Promise<ImportResponse> {
  const form = new FormData();
  // Fields before the file, so the server has the mapping when the file stream starts.
  form.append('columnMapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return uploadWithProgress<ImportResponse>('/api/products/import', form, options);
}

/** The failing rows an all-or-nothing import reported in `details` (empty when none). */
export function importRowErrors(error: unknown): { errors: ImportRowError[]; errorCount: number } {
  if (!(error instanceof ApiError) || error.details === null || typeof error.details !== 'object') {
    return { errors: [], errorCount: 0 };
  }
  const details = error.details as { errors?: unknown; errorCount?: unknown };
  const errors = Array.isArray(details.errors)
    ? details.errors.filter(
        (e): e is ImportRowError =>
          e !== null && typeof e === 'object' && typeof (e as ImportRowError).message === 'string',
      )
    : [];
  const errorCount = typeof details.errorCount === 'number' ? details.errorCount : errors.length;
  return { errors, errorCount };
}
