/**
 * `POST /api/products/preview` with flow 'scan' (docs/decisions/0003-server-side-preview.md):
 * the server reads CSV of any delimiter and encoding, XLSX and XLS, and suggests which header is
 * the scan value and which the quantity, from the headers and the first rows.
 */
import type { FilePreview } from '../../../../contracts/products';
import { sendFileOrToken } from '../../products/api/staged-file';

/**
 * @param hasHeader 'auto' lets the server decide from the data; 'yes'/'no' is the user's choice.
 * @param uploadToken the token of an earlier preview of the same file: the server reads the file
 *   it kept instead of receiving it again; when that token has lapsed, the file is sent.
 * The answer's `uploadToken` is what the upload calls send instead of the file (decision 0047).
 */
export async function previewScanFile(
  file: File,
  signal?: AbortSignal,
  hasHeader: 'auto' | 'yes' | 'no' = 'auto',
  uploadToken?: string,
): Promise<FilePreview> {
  return sendFileOrToken<FilePreview>('/api/products/preview', file, uploadToken, (form) => {
    form.append('flow', 'scan');
    form.append('hasHeader', hasHeader);
  }, signal ? { signal } : {});
}
