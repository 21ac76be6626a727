/**
 * `POST /api/products/preview` with flow 'scan' (docs/decisions/0003-server-side-preview.md):
 * the server reads CSV of any delimiter and encoding, XLSX and XLS, and suggests which header is
 * the scan value and which the quantity, from the headers and the first rows.
 */
import type { FilePreview } from '../../../../contracts/products';
import { api } from '@/lib/api';
import { isLapsedUploadToken } from './upload-scan-files';

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
  const send = (token: string | undefined) => {
    const form = new FormData();
    form.append('flow', 'scan');
    form.append('hasHeader', hasHeader);
    if (token) form.append('uploadToken', token);
    else form.append('file', file, file.name);
    return api.post<FilePreview>('/api/products/preview', form, { signal });
  };
  if (!uploadToken) return send(undefined);
  try {
    return await send(uploadToken);
  } catch (error) {
    if (!isLapsedUploadToken(error)) throw error;
    return send(undefined);
  }
}
