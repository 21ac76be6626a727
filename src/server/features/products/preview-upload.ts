/**
 * File preview for the import, quantity-upload and scan-file flows (spec part 2 section 7
 * `POST /api/products/preview`): headers, the first rows, the row count and a suggested mapping
 * guessed from the headers and those rows; for the import flow also the reason and confidence
 * per column, the export layout recognised and any per-location quantity columns.
 * Runs on the server for every format so that delimiter, encoding and header detection are the
 * same ones processing uses (docs/decisions/0003-server-side-preview.md). A scan file's preview
 * keeps the file for the upload calls and answers an upload token (docs/decisions/0047).
 */
import type { FilePreview, HeaderChoice } from '../../../contracts/products.js';
import { proposeProductImport, suggestMapping } from '../../../domain/column-mapping.js';
import type { Db } from '../../db/client.js';
import { previewTable } from '../../files/index.js';
import { createUploadToken, type TokenFile } from '../audits/upload-tokens.js';

export type PreviewFlow = 'import' | 'quantities' | 'scan';

/** Preview rows returned (the dialogs show 3 or 5 of them). */
const PREVIEW_ROWS = 10;

/**
 * @param hasHeader whether the first row is a header: 'auto' (the default) decides from the data
 *   (DESIGN.md section 6); 'yes'/'no' is the user's choice. The import flow always has one.
 */
export async function previewUpload(file: { path: string; fileName: string }, flow: PreviewFlow, hasHeader: HeaderChoice = 'auto'): Promise<FilePreview> {
  const header = flow === 'import' ? 'yes' : hasHeader;
  const preview = await previewTable(file.path, file.fileName, { rows: PREVIEW_ROWS, header });
  const base = {
    headers: preview.headers,
    preview: preview.rows,
    totalRows: preview.totalRows,
    headerRow: preview.headerRow,
    format: preview.format,
    ...(preview.warnings ? { warnings: preview.warnings } : {}),
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

/**
 * The preview, and for the scan flow the upload token the upload calls take instead of the file
 * (docs/decisions/0047): a file sent with the preview is kept (the route is for users who may
 * run audits, auth/route-roles.ts); a file that came as a token answers that same token.
 * Nothing is kept when the file cannot be read (FileError 400, as previewUpload).
 */
export async function previewAndKeep(opts: {
  db: Db;
  organizationId: string;
  file: { path: string; fileName: string; sizeBytes: number } | TokenFile;
  flow: PreviewFlow;
  hasHeader?: HeaderChoice;
}): Promise<FilePreview> {
  const { file, flow } = opts;
  const preview = await previewUpload(file, flow, opts.hasHeader);
  if ('uploadToken' in file) return { ...preview, uploadToken: file.uploadToken, uploadTokenExpiresAt: file.expiresAt.toISOString() };
  if (flow !== 'scan') return preview;
  const kept = await createUploadToken(opts.db, opts.organizationId, file);
  return { ...preview, uploadToken: kept.uploadToken, uploadTokenExpiresAt: kept.expiresAt.toISOString() };
}
