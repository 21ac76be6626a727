/**
 * File preview for the import, quantity-upload and scan-file flows (spec part 2 section 7
 * `POST /api/products/preview`): headers, the first rows, the row count and a suggested mapping
 * guessed from the headers and those rows; for the import flow also the reason and confidence
 * per column, the export layout recognised and any per-location quantity columns.
 * Runs on the server for every format so that delimiter, encoding and header detection are the
 * same ones processing uses (docs/decisions/0003-server-side-preview.md).
 */
import type { FilePreview, HeaderChoice } from '../../../contracts/products.js';
import { proposeProductImport, suggestMapping } from '../../../domain/column-mapping.js';
import { previewTable } from '../../files/index.js';
import type { ReceivedFile } from '../../http/multipart.js';

export type PreviewFlow = 'import' | 'quantities' | 'scan';

/** Preview rows returned (the dialogs show 3 or 5 of them). */
const PREVIEW_ROWS = 10;

/**
 * @param hasHeader whether the first row is a header: 'auto' (the default) decides from the data
 *   (DESIGN.md section 6); 'yes'/'no' is the user's choice. The import flow always has one.
 */
export async function previewUpload(file: ReceivedFile, flow: PreviewFlow, hasHeader: HeaderChoice = 'auto'): Promise<FilePreview> {
  const header = flow === 'import' ? 'yes' : hasHeader;
  const preview = await previewTable(file.path, file.fileName, { rows: PREVIEW_ROWS, header });
  const base = {
    headers: preview.headers,
    preview: preview.rows,
    totalRows: preview.totalRows,
    headerRow: preview.headerRow,
    format: preview.format,
    ...(preview.fixedWidth ? { fixedWidth: true } : {}),
  };
  if (flow !== 'import') return { ...base, suggestedMapping: suggestMapping(flow, preview.headers, preview.rows) };
  const proposal = proposeProductImport(preview.headers, preview.rows);
  return {
    ...base,
    suggestedMapping: proposal.mapping,
    columnProposals: proposal.columns,
    layout: proposal.layout,
    locations: proposal.locations,
  };
}
