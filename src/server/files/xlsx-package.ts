/**
 * The parts of an .xlsx package the reader needs, found through its relationships: the first
 * worksheet, the date system (workbook.xml), the number format of each cell style (styles.xml)
 * and the shared strings. DESIGN.md sections 1a and 6; docs/decisions/0050.
 *
 * "First worksheet" is the first visible worksheet in tab order (workbook.xml), falling back to
 * the first worksheet when every one is hidden; chart sheets are skipped. The index parts are
 * small and read whole (at most `maxIndexPartBytes` inflated); the worksheet and the shared
 * strings are streamed (xlsx-sheet.ts, shared-strings.ts).
 */
import path from 'node:path';
import type { Entry } from 'yauzl';
import type { ReadLimits } from './read-limits.js';
import { decodeEntities } from './xml-scanner.js';
import type { ZipArchive } from './zip-archive.js';

export interface WorkbookParts {
  sheetName: string;
  worksheet: Entry;
  sharedStrings?: Entry;
  /** True when dates count from 1904 (old Mac workbooks). */
  date1904: boolean;
  /** Per cell style index (`s` of a cell): its number format code, or null (General). */
  styleFormats: (string | null)[];
  /** Per cell style index: true when its number format shows a date or time. */
  styleIsDate: boolean[];
}

/** Why the package is not a workbook we can read; the message is for logs. */
export class XlsxPackageError extends Error {
  override name = 'XlsxPackageError';
}

/**
 * Finds the first worksheet of `zip` and reads the index parts around it.
 * @throws XlsxPackageError when there is no workbook or no worksheet; ZipFormatError /
 *   ZipLimitError from reading a part.
 */
export async function locateWorkbookParts(zip: ZipArchive, limits: ReadLimits): Promise<WorkbookParts> {
  const part = (name: string) => zip.entries.get(name.replace(/^\//, '').toLowerCase());
  const text = (entry: Entry) => zip.readText(entry, limits.maxIndexPartBytes);

  const rootRels = part('_rels/.rels');
  const officeDocument = rootRels ? relationships(await text(rootRels)).find((r) => r.type.endsWith('/officeDocument')) : undefined;
  const workbookPath = officeDocument ? resolveTarget('', officeDocument.target) : 'xl/workbook.xml';
  const workbook = part(workbookPath);
  if (!workbook) throw new XlsxPackageError(`no workbook part (${workbookPath})`);
  const folder = path.posix.dirname(workbookPath);
  const workbookRels = part(`${folder}/_rels/${path.posix.basename(workbookPath)}.rels`);
  if (!workbookRels) throw new XlsxPackageError('no workbook relationships');
  const rels = relationships(await text(workbookRels));

  const workbookXml = await text(workbook);
  const worksheets = sheetsOf(workbookXml).flatMap((sheet) => {
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
  const workbookPr = elements(workbookXml, 'workbookPr')[0];
  const date1904 = ['1', 'true'].includes(workbookPr?.get('date1904') ?? '');
  const stylesEntry = byType('/styles');
  let styles = { formats: [] as (string | null)[], isDate: [] as boolean[] };
  if (stylesEntry) {
    try {
      styles = cellStyles(await text(stylesEntry));
    } catch {
      // Styles only tell dates from numbers: an unreadable styles part reads every number as a number.
    }
  }
  return {
    sheetName: chosen.name,
    worksheet: chosen.entry,
    sharedStrings: byType('/sharedStrings'),
    date1904,
    styleFormats: styles.formats,
    styleIsDate: styles.isDate,
  };
}

/** Built-in number formats that matter here: 1 (`0`) and the date/time ids. */
const BUILT_IN_DATE_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Per cellXfs index: the format code (custom ones, and `0` for id 1) and whether it is a date. */
function cellStyles(xml: string): { formats: (string | null)[]; isDate: boolean[] } {
  const custom = new Map<number, string>();
  for (const a of elements(xml, 'numFmt')) custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '');
  const cellXfs = /<(?:[\w.-]+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  const formats: (string | null)[] = [];
  const isDate: boolean[] = [];
  for (const a of elements(cellXfs, 'xf')) {
    const id = Number(a.get('numFmtId') ?? 0);
    const code = custom.get(id) ?? (id === 1 ? '0' : null);
    formats.push(code);
    isDate.push(custom.has(id) ? isDateFormat(code) : BUILT_IN_DATE_IDS.has(id));
  }
  return { formats, isDate };
}

/** A format code shows a date or time when, outside quotes and brackets, it uses y m d h s (as Excel and ExcelJS read it). */
export function isDateFormat(code: string | null): boolean {
  if (!code) return false;
  const bare = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]/.test(bare);
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
    for (const a of (m[1] ?? '').matchAll(attribute)) attrs.set(a[1], decodeEntities(a[2] ?? a[3] ?? ''));
    found.push(attrs);
  }
  return found;
}

/** A relationship target relative to `folder` (or absolute from the package root), normalised. */
function resolveTarget(folder: string, target: string): string {
  const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(folder, target);
  return path.posix.normalize(resolved);
}
