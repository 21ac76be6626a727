/**
 * A scan file in the wizard (spec part 1 sections 3 "Scan file entry", 4 "Scan file validity",
 * 5 "Scan files"): its mapping, the server's preview and whether it is ready to process.
 */
import type { FilePreview } from '../../../../contracts/products';

export type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; preview: FilePreview }
  | { status: 'failed'; reason: string };

export interface ScanFileEntry {
  id: string;
  file: File;
  teamName: string;
  scannerId: string;
  /** Header of the column holding the scanned barcode or SKU ('' until chosen). */
  scanColumn: string;
  /** Header of the quantity column; null = none, every row counts 1. */
  quantityColumn: string | null;
  /** Whether the first row is a header: 'auto' until the user flips the preview's choice (DESIGN.md section 6). */
  hasHeader: 'auto' | 'yes' | 'no';
  preview: PreviewState;
  /** The token of the file's last preview (decision 0047): the upload and a new preview send it instead of the file. */
  uploadToken?: string;
}

let nextId = 0;

/** 'Team N' for the file at 1-based `position`. */
export function defaultTeamName(position: number): string {
  return `Team ${position}`;
}

/** A new entry, named 'Team N' by its position (1-based), waiting for its preview. */
export function newScanFileEntry(file: File, position: number): ScanFileEntry {
  nextId += 1;
  return {
    id: `scan-file-${nextId}`,
    file,
    teamName: defaultTeamName(position),
    scannerId: '',
    scanColumn: '',
    quantityColumn: null,
    hasHeader: 'auto',
    preview: { status: 'loading' },
  };
}

/**
 * The mapping the server suggests (header -> 'scanValue' | 'quantity'), limited to the file's
 * headers; the first header of each kind wins.
 */
export function mappingFromPreview(preview: FilePreview): { scanColumn: string; quantityColumn: string | null } {
  let scanColumn = '';
  let quantityColumn: string | null = null;
  for (const header of preview.headers) {
    const field = preview.suggestedMapping[header];
    if (field === 'scanValue' && !scanColumn) scanColumn = header;
    else if (field === 'quantity' && quantityColumn === null) quantityColumn = header;
  }
  return { scanColumn, quantityColumn };
}

/** What the upload calls send for the entry: its mapping, header choice and upload token. */
export function scanFileUpload(
  entry: ScanFileEntry,
): Pick<ScanFileEntry, 'file' | 'teamName' | 'scannerId' | 'scanColumn' | 'quantityColumn' | 'hasHeader' | 'uploadToken'> {
  const upload = {
    file: entry.file,
    teamName: entry.teamName,
    scannerId: entry.scannerId,
    scanColumn: entry.scanColumn,
    quantityColumn: entry.quantityColumn,
    hasHeader: entry.hasHeader,
  };
  return entry.uploadToken ? { ...upload, uploadToken: entry.uploadToken } : upload;
}

/** A file is valid once its preview is in and a scan value column is chosen. */
export function isScanFileValid(entry: ScanFileEntry): boolean {
  return entry.preview.status === 'ready' && entry.scanColumn !== '';
}

/** The file's row hint (spec "Scan file step"). */
export function scanFileHint(entry: ScanFileEntry): 'Ready to process' | 'Select scan value column' | 'Preview file to configure mapping' {
  if (entry.preview.status !== 'ready') return 'Preview file to configure mapping';
  return entry.scanColumn ? 'Ready to process' : 'Select scan value column';
}

/** Files that still need a scan value column, a preview or a team name. */
export function filesNeedingConfiguration(entries: ScanFileEntry[]): number {
  return entries.filter((e) => !isScanFileValid(e) || e.teamName.trim() === '').length;
}

/** The files step may be left with at least one file, every one configured (spec section 4). */
export function isFilesStepValid(entries: ScanFileEntry[]): boolean {
  return entries.length > 0 && filesNeedingConfiguration(entries) === 0;
}
