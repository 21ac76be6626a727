/**
 * File preview for the import, quantity-upload and scan-file flows (spec part 2 section 7
 * `POST /api/products/preview`): headers, the first rows, the row count and a suggested mapping
 * guessed from the headers and those rows; for the import flow also the reason and confidence
 * per column, the export layout recognised and any per-location quantity columns.
 * Runs on the server for every format so that delimiter, encoding and header detection are the
 * same ones processing uses (docs/decisions/0003-server-side-preview.md). Every preview keeps the
 * file and answers an upload token that the next previews and the upload or import take instead
 * of the file (docs/decisions/0047 for scan files, 0161 for catalogue and quantity files).
 */
import type { FilePreview, HeaderChoice } from '../../../contracts/products.js';
import { foldHeader, suggestMapping } from '../../../domain/column-mapping.js';
import { interpretTable, type RepeatedRows, type TableInterpretation } from '../../../domain/table-interpretation.js';
import type { Db } from '../../db/client.js';
import { previewTable } from '../../files/index.js';
import { keepUploadAlongside, type TokenFile } from '../audits/upload-tokens.js';

export type PreviewFlow = 'import' | 'quantities' | 'scan';

type TableDecision = NonNullable<FilePreview['decisions']>[number];

/** Preview rows returned (the dialogs show 3 or 5 of them). */
const PREVIEW_ROWS = 10;

/** The user's choices over the import preview's proposal; each optional, none gives the proposal. */
export interface PreviewChoices {
  /** Whether the first row is a header: 'auto' (the default) decides from the data (DESIGN.md section 6); the import flow always has one. */
  hasHeader?: HeaderChoice;
  /** The header row's line in the file (a report's title rows above it are skipped). */
  headerLine?: number;
  /** Import and quantity flows: the location the count is for, or 'all' (summed). */
  location?: string;
  /** Import and quantity flows: further rows of one item add their stock ('sum', the default) or not ('first'). */
  repeatedRows?: RepeatedRows;
  /**
   * The mapping as the user has it, the decisions stated under it: import flow header -> field or
   * 'skip'; quantity flow header -> 'sku' | 'quantity'.
   */
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
  // A mapping made for other headers (the header row changed since) is not the user's choice for these.
  const mapping = choices.mapping !== undefined && Object.keys(choices.mapping).every((h) => preview.headers.includes(h)) ? choices.mapping : undefined;
  if (flow === 'scan') return { ...base, suggestedMapping: suggestMapping(flow, preview.headers, preview.rows) };
  if (flow === 'quantities') return { ...base, ...quantityDecisions(preview, choices, mapping) };
  const interpretation = interpretTable(preview.headers, preview.rows, foldHeader, {
    ...(choices.location ? { location: choices.location } : {}),
    ...(mapping !== undefined ? { mapping } : {}),
    ...(choices.repeatedRows ? { repeatedRows: choices.repeatedRows } : {}),
  });
  const suggested: Record<string, string> = { ...interpretation.mapping };
  const stock = interpretation.stock;
  if (stock !== null && stock.headers.length > 0 && !Object.values(suggested).includes('currentQuantity')) suggested[stock.headers[0]!] = 'currentQuantity';
  const decisions = [headerDecision(preview, choices), ...interpretation.decisions];
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

/** Where the column names are, in words: the first row, a row the user chose, or one below title rows. */
function headerDecision(preview: { headerLine: number; skippedTitleRows?: number }, choices: PreviewChoices): TableDecision {
  const titles = preview.skippedTitleRows ?? 0;
  if (choices.headerLine !== undefined) {
    return {
      topic: 'header',
      text: `The column names are on line ${preview.headerLine} (your choice)${titles > 0 ? `: the ${titles === 1 ? 'row' : `${titles} rows`} above ${titles === 1 ? 'is' : 'are'} skipped` : ''}.`,
    };
  }
  if (titles > 0) {
    return {
      topic: 'header',
      text: `The column names are on line ${preview.headerLine}: the ${titles === 1 ? 'row above is a title' : `${titles} rows above are titles`} (the report's name, company or period), skipped.`,
    };
  }
  return { topic: 'header', text: `The column names are on line ${preview.headerLine}, the first row of the file.` };
}

/**
 * The quantity flow's proposal and decisions: the SKU and quantity columns (the user's, else
 * guessed from the headers and rows), read through the same interpretation as the upload
 * (upload-quantities.ts), under the user's header row, location and repeated-rows choices. A
 * location chosen among per-location columns makes that column the quantity column.
 */
function quantityDecisions(
  preview: { headers: string[]; rows: string[][]; headerLine: number; skippedTitleRows?: number },
  choices: PreviewChoices,
  chosen: Record<string, string> | undefined,
): Pick<FilePreview, 'suggestedMapping' | 'decisions' | 'locationChoice' | 'repeatedRows' | 'layout'> {
  const suggested: Record<string, string> = { ...(chosen ?? suggestMapping('quantities', preview.headers, preview.rows)) };
  const skuHeader = Object.keys(suggested).find((h) => suggested[h] === 'sku');
  const quantityHeader = Object.keys(suggested).find((h) => suggested[h] === 'quantity');
  const mapping: Record<string, string> = {
    ...(skuHeader !== undefined ? { [skuHeader]: 'sku' } : {}),
    ...(quantityHeader !== undefined ? { [quantityHeader]: 'currentQuantity' } : {}),
  };
  const interpretation = interpretTable(preview.headers, preview.rows, foldHeader, {
    mapping,
    ...(choices.location ? { location: choices.location } : {}),
    ...(choices.repeatedRows ? { repeatedRows: choices.repeatedRows } : {}),
  });
  const stock = interpretation.stock;
  if (choices.location && stock !== null && stock.locations.length > 0 && stock.headers.length === 1) {
    if (quantityHeader !== undefined) delete suggested[quantityHeader];
    suggested[stock.headers[0]!] = 'quantity';
  }
  return {
    suggestedMapping: suggested,
    layout: interpretation.layout,
    locationChoice: locationChoiceOf(interpretation),
    repeatedRows: interpretation.listKind === 'barcodes' ? null : interpretation.repeatedRows,
    decisions: [headerDecision(preview, choices), ...interpretation.decisions],
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
 * The preview, and the upload token that the next previews and the upload or import calls take
 * instead of the file: a file sent with the preview is kept (the route is for users who may run
 * audits, auth/route-roles.ts), a scan file's for the organisation (docs/decisions/0047), a
 * catalogue or quantity file's for the organisation and `userId` alone (docs/decisions/0161);
 * a file that came as a token answers that same token. Nothing is kept when the file cannot be
 * read (FileError 400, as previewUpload).
 */
export async function previewAndKeep(opts: {
  db: Db;
  organizationId: string;
  userId: string;
  file: { path: string; fileName: string; sizeBytes: number } | TokenFile;
  flow: PreviewFlow;
  choices?: PreviewChoices;
}): Promise<FilePreview> {
  const { file, flow } = opts;
  if ('uploadToken' in file) {
    const preview = await previewUpload(file, flow, opts.choices);
    return { ...preview, uploadToken: file.uploadToken, uploadTokenExpiresAt: file.expiresAt.toISOString() };
  }
  // The file is stored while it is previewed; a preview that fails keeps nothing.
  const { value: preview, kept } = await keepUploadAlongside(opts.db, opts.organizationId, file, () => previewUpload(file, flow, opts.choices), { userId: flow === 'scan' ? undefined : opts.userId });
  return { ...preview, uploadToken: kept.uploadToken, uploadTokenExpiresAt: kept.expiresAt.toISOString() };
}
