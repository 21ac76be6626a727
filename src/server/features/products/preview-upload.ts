/**
 * File preview for the import, quantity-upload and scan-file flows (spec part 2 section 7
 * `POST /api/products/preview`): headers, the first rows, the row count and a suggested mapping.
 * Runs on the server for every format so that delimiter, encoding and header detection are the
 * same ones processing uses (docs/decisions/0003-server-side-preview.md).
 */
import type { FilePreview } from '../../../contracts/products.js';
import { suggestMapping } from '../../../domain/column-mapping.js';
import { previewTable } from '../../files/index.js';
import type { ReceivedFile } from '../../http/multipart.js';

export type PreviewFlow = 'import' | 'quantities' | 'scan';

/** Preview rows returned (the dialogs show 3 or 5 of them). */
const PREVIEW_ROWS = 10;

export async function previewUpload(file: ReceivedFile, flow: PreviewFlow): Promise<FilePreview> {
  const preview = await previewTable(file.path, file.fileName, { rows: PREVIEW_ROWS });
  return {
    headers: preview.headers,
    preview: preview.rows,
    totalRows: preview.totalRows,
    headerRow: preview.headerRow,
    format: preview.format,
    suggestedMapping: suggestMapping(flow, preview.headers),
  };
}
