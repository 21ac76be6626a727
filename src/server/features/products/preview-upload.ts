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
import { interpretTable, type RepeatedRows, type TableInterpretation } from '../../../domain/table-interpretation.js';
import type { Db } from '../../db/client.js';
import { previewTable } from '../../files/index.js';
import { createUploadToken, type TokenFile } from '../audits/upload-tokens.js';

export type PreviewFlow = 'import' | 'quantities' | 'scan';

/** Preview rows returned (the dialogs show 3 or 5 of them). */
const PREVIEW_ROWS = 10;

/** The user's choices over the import preview's proposal; each optional, none gives the proposal. */
export interface PreviewChoices {
  /** Whether the first row is a header: 'auto' (the default) decides from the data (DESIGN.md section 6); the import flow always has one. */
  hasHeader?: HeaderChoice;
  /** The header row's line in the file (a report's title rows above it are skipped). */
  headerLine?: number;
  /** Import flow: the location the count is for, or 'all' (summed). */
  location?: string;
  /** Import flow: further rows of one item add their stock ('sum', the default) or not ('first'). */
  repeatedRows?: RepeatedRows;
  /** Import flow: the mapping as the user has it (header -> field or 'skip'): the decisions are stated under it. */
  mapping?: Record<string, string>;
}

/**
 * The preview of an upload, stating the interpretation's decisions under the user's choices (a
 * fresh answer for each change the dialog makes: header row, columns, location).
 */
export async function previewUpload(file: { path: string; fileName: string }, flow: PreviewFlow, choices: PreviewChoices = {}): Promise<FilePreview> {
  const header = flow === 'import' ? 'yes' : (choices.hasHeader ?? 'auto');
  const preview = await previewTable(file.path, file.fileName, { rows: PREVIEW_ROWS, header, ...(choices.headerLine ? { headerLine: choices.headerLine } : {}) });
  const base = {
    headers: preview.headers,
    preview: preview.rows,
    totalRows: preview.totalRows,
    headerRow: preview.headerRow,
    headerLine: preview.headerLine,
    headerCandidates: preview.headerCandidates,
    format: preview.format,
    ...(preview.warnings ? { warnings: preview.warnings } : {}),
    ...(preview.fixedWidth ? { fixedWidth: true } : {}),
  };
  if (flow !== 'import') return { ...base, suggestedMapping: suggestMapping(flow, preview.headers, preview.rows) };
  // A mapping made for other headers (the header row changed since) is not the user's choice for these.
  const mapping = choices.mapping !== undefined && Object.keys(choices.mapping).every((h) => preview.headers.includes(h)) ? choices.mapping : undefined;
  const interpretation = interpretTable(preview.headers, preview.rows, foldHeader, {
    ...(choices.location ? { location: choices.location } : {}),
    ...(mapping !== undefined ? { mapping } : {}),
    ...(choices.repeatedRows ? { repeatedRows: choices.repeatedRows } : {}),
  });
  const suggested: Record<string, string> = { ...interpretation.mapping };
  const stock = interpretation.stock;
  if (stock !== null && stock.headers.length > 0 && !Object.values(suggested).includes('currentQuantity')) suggested[stock.headers[0]!] = 'currentQuantity';
  const decisions = [...interpretation.decisions];
  const titles = preview.skippedTitleRows ?? 0;
  if (choices.headerLine !== undefined) {
    decisions.unshift({
      topic: 'header',
      text: `The column names are on line ${preview.headerLine} (your choice)${titles > 0 ? `: the ${titles === 1 ? 'row' : `${titles} rows`} above ${titles === 1 ? 'is' : 'are'} skipped` : ''}.`,
    });
  } else if (titles > 0) {
    decisions.unshift({
      topic: 'header',
      text: `The column names are on line ${preview.headerLine}: the ${titles === 1 ? 'row above is a title' : `${titles} rows above are titles`} (the report's name, company or period), skipped.`,
    });
  } else {
    decisions.unshift({ topic: 'header', text: `The column names are on line ${preview.headerLine}, the first row of the file.` });
  }
  return {
    ...base,
    suggestedMapping: suggested,
    columnProposals: interpretation.columns,
    layout: interpretation.layout,
    locations: stock?.locations ?? [],
    locationChoice: locationChoiceOf(interpretation),
    repeatedRows: interpretation.listKind === 'barcodes' ? null : interpretation.repeatedRows,
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
  choices?: PreviewChoices;
}): Promise<FilePreview> {
  const { file, flow } = opts;
  const preview = await previewUpload(file, flow, opts.choices);
  if ('uploadToken' in file) return { ...preview, uploadToken: file.uploadToken, uploadTokenExpiresAt: file.expiresAt.toISOString() };
  if (flow !== 'scan') return preview;
  const kept = await createUploadToken(opts.db, opts.organizationId, file);
  return { ...preview, uploadToken: kept.uploadToken, uploadTokenExpiresAt: kept.expiresAt.toISOString() };
}
