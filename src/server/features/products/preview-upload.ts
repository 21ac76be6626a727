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
import { foldHeader, suggestMapping } from '../../../domain/column-mapping.js';
import { interpretTable, type TableInterpretation } from '../../../domain/table-interpretation.js';
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
export async function previewUpload(
  file: { path: string; fileName: string },
  flow: PreviewFlow,
  hasHeader: HeaderChoice = 'auto',
  location?: string,
): Promise<FilePreview> {
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
  const interpretation = interpretTable(preview.headers, preview.rows, foldHeader, location ? { location } : {});
  const mapping: Record<string, string> = { ...interpretation.mapping };
  const stock = interpretation.stock;
  if (stock !== null && stock.headers.length > 0 && !Object.values(mapping).includes('currentQuantity')) mapping[stock.headers[0]!] = 'currentQuantity';
  const decisions = [...interpretation.decisions];
  if (preview.skippedTitleRows) decisions.unshift({ topic: 'header', text: `The first ${preview.skippedTitleRows === 1 ? 'row is a title' : `${preview.skippedTitleRows} rows are titles`} above the column names: skipped.` });
  return {
    ...base,
    suggestedMapping: mapping,
    columnProposals: interpretation.columns,
    layout: interpretation.layout,
    locations: stock?.locations ?? [],
    locationChoice: locationChoiceOf(interpretation),
    decisions,
  };
}

/** The locations a count can be for: per-location columns or a store column's values; the one proposed. */
function locationChoiceOf({ stock }: TableInterpretation): FilePreview['locationChoice'] {
  if (stock === null) return { options: [], chosen: null };
  if (stock.locations.length > 1) return { options: stock.locations.map((l) => l.location), chosen: stock.chosen };
  if (stock.storeColumn !== null && stock.storeColumn.stores.length > 1) return { options: stock.storeColumn.stores, chosen: stock.storeColumn.chosen ?? 'all' };
  return { options: [], chosen: null };
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
  /** Import flow: the location the count is for, or 'all' (the preview states the decisions under it). */
  location?: string;
}): Promise<FilePreview> {
  const { file, flow } = opts;
  const preview = await previewUpload(file, flow, opts.hasHeader, opts.location);
  if ('uploadToken' in file) return { ...preview, uploadToken: file.uploadToken, uploadTokenExpiresAt: file.expiresAt.toISOString() };
  if (flow !== 'scan') return preview;
  const kept = await createUploadToken(opts.db, opts.organizationId, file);
  return { ...preview, uploadToken: kept.uploadToken, uploadTokenExpiresAt: kept.expiresAt.toISOString() };
}
