/**
 * What a file is: its first bytes decide the reader (DESIGN.md section 6, docs/decisions/0119);
 * the format its name claims only words an error about a damaged workbook.
 */

export type DeclaredFormat = 'csv' | 'xlsx' | 'xls';

/** What the first bytes are: a zip (xlsx), an OLE2 compound file (xls, or an encrypted xlsx), or other. */
export type Container = 'zip' | 'ole2' | 'other';

const EXTENSIONS: Record<string, DeclaredFormat> = {
  csv: 'csv',
  txt: 'csv', // Opticon SCANNED.TXT, Excel's 'Unicode text'
  tsv: 'csv',
  tab: 'csv',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xls: 'xls',
};

/** The format the file name claims, or null for an extension we do not read. */
export function formatFromName(fileName: string): DeclaredFormat | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return EXTENSIONS[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function containerOf(head: Uint8Array): Container {
  const startsWith = (magic: number[]) => magic.every((byte, i) => head[i] === byte);
  if (startsWith(ZIP_LOCAL_HEADER) || startsWith(ZIP_EMPTY_ARCHIVE)) return 'zip';
  if (startsWith(OLE2)) return 'ole2';
  return 'other';
}
