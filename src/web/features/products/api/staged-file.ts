/**
 * A file the preview kept (docs/decisions/0161): the catalogue import and the quantity upload
 * send the file with their first preview only; the server keeps it under an upload token (the
 * organisation's and the user's, lasting 1 hour) that each later preview and the final import
 * name instead of the file. And the choices those calls carry over the preview's decisions.
 */
import type { FilePreview } from '../../../../contracts/products';
import { uploadWithProgress, type UploadOptions } from '@/lib/api';
import { isLapsedUploadToken } from '../../audits/api/upload-scan-files';

/**
 * The user's choices over the preview's decisions (each optional; none gives the proposal): the
 * header row's line, the location the count is for ('all': summed), what further rows of one item
 * do to its stock. The preview states its decisions under them and the import reads the file so.
 */
export interface FileChoices {
  headerLine?: number;
  location?: string;
  repeatedRows?: 'sum' | 'first';
}

/** Appends the choices made as the form fields `headerLine`, `location`, `repeatedRows`. */
export function appendChoices(form: FormData, choices: FileChoices): void {
  if (choices.headerLine !== undefined) form.append('headerLine', String(choices.headerLine));
  if (choices.location) form.append('location', choices.location);
  if (choices.repeatedRows) form.append('repeatedRows', choices.repeatedRows);
}

/**
 * Posts a form of `fields` to `url` with `uploadToken` in place of the file when there is one,
 * else with the file (multipart field `file`, last so the server has the fields first). A token
 * that lapsed or is unknown (404 UPLOAD_TOKEN_NOT_FOUND, 400 UPLOAD_TOKEN_EXPIRED) sends the
 * file instead, once.
 */
export async function sendFileOrToken<T>(
  url: string,
  file: File,
  uploadToken: string | undefined,
  fields: (form: FormData) => void,
  options: UploadOptions = {},
): Promise<T> {
  const send = (token: string | undefined) => {
    const form = new FormData();
    fields(form);
    if (token) form.append('uploadToken', token);
    else form.append('file', file, file.name);
    return uploadWithProgress<T>(url, form, options);
  };
  if (!uploadToken) return send(undefined);
  try {
    return await send(uploadToken);
  } catch (error) {
    if (!isLapsedUploadToken(error)) throw error;
    return send(undefined);
  }
}


/**
 * Previews a file for `flow` ('import': the catalogue import, 'quantities': the quantity upload).
 * With `choices` and the user's `mapping` (file header -> field) the server states its decisions
 * under them; with `uploadToken` (an earlier preview's answer) it reads the file it kept.
 */
export function previewFile(
  flow: 'import' | 'quantities',
  file: File,
  options: UploadOptions,
  choices: FileChoices,
  mapping: Record<string, string> | undefined,
  uploadToken: string | undefined,
): Promise<FilePreview> {
  return sendFileOrToken<FilePreview>('/api/products/preview', file, uploadToken, (form) => {
    form.append('flow', flow);
    appendChoices(form, choices);
    if (mapping !== undefined) form.append('columnMapping', JSON.stringify(mapping));
  }, options);
}
