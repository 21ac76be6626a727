/**
 * The first worksheet of an .xlsx package, as a small zip stream ExcelJS's streaming reader
 * can read safely. DESIGN.md sections 1a and 6.
 *
 * Why: ExcelJS 4.4.0's WorkbookReader reads the zip front to back. Excel and ExcelJS itself
 * store the worksheets before sharedStrings.xml and workbook.xml, so the reader parks every
 * worksheet in a temp file first; with two or more worksheets its zip iteration then stalls
 * (exceljs issue #2790, open): worksheets go missing, or it crashes reading `model.sheets` of
 * a workbook.xml it never reached. We read the central directory instead (the upload is a file
 * on disk) and hand ExcelJS, in this order: an empty workbook rels part (so it takes no
 * worksheet for a known one), workbook.xml (date system), styles.xml (dates, number formats),
 * sharedStrings.xml (or an empty one) and the one worksheet we want, renamed sheet1.xml. The
 * worksheet's bytes are copied still compressed; nothing is parked on disk, and the other
 * sheets are never inflated.
 *
 * "First worksheet" is the first visible worksheet in tab order (workbook.xml), falling back to
 * the first worksheet when every one is hidden; chart sheets are skipped.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  assertReadable,
  dataOffset,
  localHeader,
  readEntryText,
  readZipDirectory,
  storedEntry,
  ZipFormatError,
  type ZipEntry,
} from './zip-directory.js';

/** Largest workbook.xml / rels part read into memory: they are a few KB in practice. */
const MAX_INDEX_PART_BYTES = 16 * 1024 * 1024;
/** ExcelJS keeps every shared string in memory; refuse a sharedStrings part above this (uncompressed). */
export const MAX_SHARED_STRINGS_BYTES = 512 * 1024 * 1024;

export interface FirstWorksheet {
  sheetName: string;
  /** Zip entries to stream, in order (undefined sharedStrings: an empty one is made up). */
  workbook: ZipEntry;
  styles?: ZipEntry;
  sharedStrings?: ZipEntry;
  worksheet: ZipEntry;
}

/** Why the package is not a workbook we can read; the message is for logs. */
export class XlsxPackageError extends Error {
  override name = 'XlsxPackageError';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'too-large' = 'invalid',
  ) {
    super(message);
  }
}

/**
 * Finds the first worksheet of the package at `filePath` and the parts it depends on.
 * @throws XlsxPackageError when the zip or its index parts cannot be read or hold no worksheet.
 */
export async function locateFirstWorksheet(filePath: string, fileSize: number): Promise<FirstWorksheet> {
  const handle = await open(filePath, 'r');
  try {
    const entries = await readZipDirectory(handle, fileSize);
    const part = (name: string) => entries.get(name.replace(/^\//, '').toLowerCase());
    const text = async (entry: ZipEntry) => readEntryText(handle, entry, MAX_INDEX_PART_BYTES);

    const rootRels = part('_rels/.rels');
    const officeDocument = rootRels ? relationships(await text(rootRels)).find((r) => r.type.endsWith('/officeDocument')) : undefined;
    const workbookPath = officeDocument ? resolveTarget('', officeDocument.target) : 'xl/workbook.xml';
    const workbook = part(workbookPath);
    if (!workbook) throw new XlsxPackageError(`no workbook part (${workbookPath})`);
    const folder = path.posix.dirname(workbookPath);
    const workbookRels = part(`${folder}/_rels/${path.posix.basename(workbookPath)}.rels`);
    if (!workbookRels) throw new XlsxPackageError('no workbook relationships');
    const rels = relationships(await text(workbookRels));

    const worksheets = sheetsOf(await text(workbook)).flatMap((sheet) => {
      const rel = rels.find((r) => r.id === sheet.relId && r.type.endsWith('/worksheet'));
      const entry = rel ? part(resolveTarget(folder, rel.target)) : undefined;
      return entry ? [{ ...sheet, entry }] : [];
    });
    const chosen = worksheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden') ?? worksheets[0];
    if (!chosen) throw new XlsxPackageError('no worksheet');

    const byType = (suffix: string) => {
      const rel = rels.find((r) => r.type.endsWith(suffix));
      return rel ? part(resolveTarget(folder, rel.target)) : undefined;
    };
    const sharedStrings = byType('/sharedStrings');
    if (sharedStrings && sharedStrings.uncompressedSize > MAX_SHARED_STRINGS_BYTES) {
      throw new XlsxPackageError('shared strings too large', 'too-large');
    }
    for (const entry of [workbook, chosen.entry, sharedStrings]) if (entry) assertReadable(entry);
    const styles = byType('/styles');
    return { sheetName: chosen.name, workbook, styles: styles && isReadable(styles) ? styles : undefined, sharedStrings, worksheet: chosen.entry };
  } catch (error) {
    if (error instanceof ZipFormatError) throw new XlsxPackageError(error.message);
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * A zip stream of the parts ExcelJS needs, in the order it needs them (see the file comment).
 * The worksheet's compressed bytes are streamed from the file, not loaded.
 */
export function firstWorksheetPackage(filePath: string, parts: FirstWorksheet): Readable {
  return Readable.from(packageChunks(filePath, parts));
}

async function* packageChunks(filePath: string, parts: FirstWorksheet): AsyncGenerator<Buffer> {
  const rels = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
  yield storedEntry('xl/_rels/workbook.xml.rels', rels);
  yield* copyEntry(filePath, parts.workbook, 'xl/workbook.xml');
  if (parts.styles) yield* copyEntry(filePath, parts.styles, 'xl/styles.xml');
  if (parts.sharedStrings) yield* copyEntry(filePath, parts.sharedStrings, 'xl/sharedStrings.xml');
  else yield storedEntry('xl/sharedStrings.xml', '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');
  yield* copyEntry(filePath, parts.worksheet, 'xl/worksheets/sheet1.xml');
}

async function* copyEntry(filePath: string, entry: ZipEntry, name: string): AsyncGenerator<Buffer> {
  const handle = await open(filePath, 'r');
  let start: number;
  try {
    start = await dataOffset(handle, entry);
  } finally {
    await handle.close();
  }
  yield localHeader(entry, name);
  if (entry.compressedSize === 0) return;
  const stream = createReadStream(filePath, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } finally {
    stream.destroy();
  }
}

function isReadable(entry: ZipEntry): boolean {
  try {
    assertReadable(entry);
    return true;
  } catch {
    return false;
  }
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/** The <Relationship> elements of a .rels part. */
function relationships(xml: string): Relationship[] {
  return elements(xml, 'Relationship').map((a) => ({ id: a.get('Id') ?? '', type: a.get('Type') ?? '', target: a.get('Target') ?? '' }));
}

/** The <sheet> elements of workbook.xml, in tab order. */
function sheetsOf(xml: string): Array<{ name: string; relId: string; state: string }> {
  return elements(xml, 'sheet').map((a) => {
    // The relationship id is `r:id` (any prefix bound to the relationships namespace).
    const relKey = [...a.keys()].find((k) => /^[\w.-]+:id$/.test(k));
    return { name: a.get('name') ?? '', relId: relKey ? (a.get(relKey) ?? '') : '', state: a.get('state') ?? 'visible' };
  });
}

/** Attributes of every element named `local` (any namespace prefix). Enough for these machine-written parts. */
function elements(xml: string, local: string): Array<Map<string, string>> {
  const tag = new RegExp(`<(?:[\\w.-]+:)?${local}(\\s[^>]*?)?/?>`, 'g');
  const attribute = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const found: Array<Map<string, string>> = [];
  for (const m of xml.matchAll(tag)) {
    const attrs = new Map<string, string>();
    for (const a of (m[1] ?? '').matchAll(attribute)) attrs.set(a[1], decodeXml(a[2] ?? a[3] ?? ''));
    found.push(attrs);
  }
  return found;
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()] ?? '';
  });
}

/** A relationship target relative to `folder` (or absolute from the package root), normalised. */
function resolveTarget(folder: string, target: string): string {
  const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(folder, target);
  return path.posix.normalize(resolved);
}
