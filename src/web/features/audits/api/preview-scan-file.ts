/**
 * `POST /api/products/preview` with flow 'scan' (docs/decisions/0003-server-side-preview.md):
 * the server reads CSV of any delimiter and encoding, XLSX and XLS, and suggests which header is
 * the scan value and which the quantity, from the headers and the first rows.
 */
import type { FilePreview } from '../../../../contracts/products';
import { api } from '@/lib/api';

/** @param hasHeader 'auto' lets the server decide from the data; 'yes'/'no' is the user's choice. */
export function previewScanFile(file: File, signal?: AbortSignal, hasHeader: 'auto' | 'yes' | 'no' = 'auto'): Promise<FilePreview> {
  const form = new FormData();
  form.append('flow', 'scan');
  form.append('hasHeader', hasHeader);
  form.append('file', file, file.name);
  return api.post<FilePreview>('/api/products/preview', form, { signal });
}
