/**
 * Count sheets (DESIGN.md section 14): an A4 PDF of an audit's scope for counting on paper, one row
 * per product with SKU, name, the barcode drawn (EAN/UPC for a GTIN, else Code 128 of the SKU:
 * domain/count-sheet-barcode.ts, which also says what a SKU beyond ASCII gets), a blank count box and optionally the expected quantity; rows
 * ordered by location, each location starting on a new page, a signature line on every page.
 *
 * Bars come from bwip-js's encoder (`raw`: the widths of bars and spaces) and are drawn as filled
 * rectangles with pdf-lib's operators: rendering each barcode as an image or SVG cost 3 ms a
 * product, drawing the encoder's widths a fraction of that (a 5,000-product sheet in seconds).
 *
 * Text: Helvetica (a standard font, nothing embedded) for what WinAnsi holds; names and SKUs in
 * other scripts (Cyrillic, Greek, Latin beyond WinAnsi...) in DejaVu Sans, embedded as a subset
 * only when the sheet has such text (docs/decisions/0141). A character neither font has
 * (CJK among them) prints as '?'.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import bwipjs from 'bwip-js/node';
import { closePath, fill, lineTo, moveTo, PDFDocument, popGraphicsState, pushGraphicsState, rgb, StandardFonts, type PDFFont, type PDFOperator, type PDFPage } from 'pdf-lib';
import { sheetBarcode, type SheetBarcodeProduct } from '../../../domain/count-sheet-barcode.js';

export interface SheetProduct {
  sku: string;
  name: string | null;
  upc: string | null;
  location: string | null;
  expectedQuantity: number | null;
  /** Used for the barcode when the SKU is not printable ASCII (domain/count-sheet-barcode.ts). */
  otherIdentifier?: string | null;
  alternates?: SheetBarcodeProduct['alternates'];
}

export interface CountSheetOptions {
  auditName: string;
  /** Print the expected quantity column (never for a blind count). */
  withExpected: boolean;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const ROW_HEIGHT = 50;
const HEADER_HEIGHT = 70;
const FOOTER_HEIGHT = 50;
const ROWS_PER_PAGE = Math.floor((PAGE.height - MARGIN * 2 - HEADER_HEIGHT - FOOTER_HEIGHT) / ROW_HEIGHT);
/** Width of the barcode's narrowest bar (points): 0.33 mm, the nominal EAN-13 module. */
const MODULE = 0.94;
const BAR_HEIGHT = 28;
const COLUMNS = { sku: MARGIN, name: MARGIN + 90, barcode: MARGIN + 250, expected: MARGIN + 405, count: MARGIN + 455 };

/** Answers the PDF's bytes for `products` (already in scope, any order: sorted here by location, SKU). */
export async function writeCountSheetPdf(products: readonly SheetProduct[], opts: CountSheetOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Count sheet: ${opts.auditName}`);
  const fonts = await sheetFonts(doc, [opts.auditName, ...products.flatMap((p) => [p.sku, p.name ?? '', p.location ?? ''])]);
  const sorted = inSheetOrder(products);
  const groups = new Map<string, SheetProduct[]>();
  for (const p of sorted) {
    const key = p.location?.trim() || 'No location';
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  if (groups.size === 0) groups.set('No products in scope', []);
  let pageNumber = 0;
  for (const [location, rows] of groups) {
    for (let start = 0; start === 0 || start < rows.length; start += ROWS_PER_PAGE) {
      const page = doc.addPage([PAGE.width, PAGE.height]);
      pageNumber += 1;
      drawHeader(page, fonts, opts, location, pageNumber);
      rows.slice(start, start + ROWS_PER_PAGE).forEach((p, i) => drawRow(page, fonts, p, i, opts.withExpected));
      drawSignature(page, fonts.font);
      if (rows.length === 0) break;
    }
  }
  return doc.save({ useObjectStreams: true });
}

/** The sheet's row order (the PDF's and the CSV's): by location, then SKU, in code-unit order. */
export function inSheetOrder<T extends Pick<SheetProduct, 'sku' | 'location'>>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => compare(a.location ?? '', b.location ?? '') || compare(a.sku, b.sku));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Text the standard fonts can draw (WinAnsi, less the few Windows-1252 extras). */
const WIN_ANSI = /^[\u0020-\u007E\u00A0-\u00FF]*$/;

/** The DejaVu Sans files of the `dejavu-fonts-ttf` package, and each one's character set. */
const UNICODE_FONT_FILES = { font: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' } as const;
type Weight = keyof typeof UNICODE_FONT_FILES;
let unicodeFonts: Promise<Record<Weight, { bytes: Uint8Array; codePoints: ReadonlySet<number> }>> | undefined;

/** Reads the two font files once per process. */
function loadUnicodeFonts() {
  unicodeFonts ??= (async () => {
    const resolve = createRequire(import.meta.url).resolve;
    const load = async (file: string) => {
      const bytes = new Uint8Array(await readFile(resolve(file)));
      return { bytes, codePoints: new Set(fontkit.create(bytes).characterSet) };
    };
    const [font, bold] = await Promise.all([load(UNICODE_FONT_FILES.font), load(UNICODE_FONT_FILES.bold)]);
    return { font, bold };
  })();
  return unicodeFonts;
}

/**
 * The sheet's fonts: Helvetica and Helvetica Bold, and, when some text of the sheet (`texts`) is
 * beyond WinAnsi, DejaVu Sans and DejaVu Sans Bold embedded as subsets of what is drawn.
 */
export interface SheetFonts {
  font: PDFFont;
  bold: PDFFont;
  unicode?: Record<Weight, { font: PDFFont; codePoints: ReadonlySet<number> }>;
}

async function sheetFonts(doc: PDFDocument, texts: readonly string[]): Promise<SheetFonts> {
  const fonts: SheetFonts = { font: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  if (texts.every((t) => WIN_ANSI.test(t))) return fonts;
  const files = await loadUnicodeFonts();
  doc.registerFontkit(fontkit);
  const embed = async (weight: Weight) => ({ font: await doc.embedFont(files[weight].bytes, { subset: true }), codePoints: files[weight].codePoints });
  fonts.unicode = { font: await embed('font'), bold: await embed('bold') };
  return fonts;
}

/** `text` in the font that draws it: Helvetica when it can; else DejaVu, a character it lacks as '?'. */
function typeset(text: string, fonts: SheetFonts, weight: Weight): { text: string; font: PDFFont } {
  if (WIN_ANSI.test(text) || !fonts.unicode) return { text: WIN_ANSI.test(text) ? text : text.replace(/[^\u0020-\u007E\u00A0-\u00FF]/gu, '?'), font: fonts[weight] };
  const { font, codePoints } = fonts.unicode[weight];
  const drawn = Array.from(text, (c) => (codePoints.has(c.codePointAt(0)!) ? c : '?')).join('');
  return { text: drawn, font };
}

/** Draws `text` at (x, y), cut with '...' to `width` points. */
function drawFitted(page: PDFPage, fonts: SheetFonts, text: string, at: { x: number; y: number; size: number; width: number; weight?: Weight }) {
  const set = typeset(text, fonts, at.weight ?? 'font');
  let t = set.text;
  if (set.font.widthOfTextAtSize(t, at.size) > at.width) {
    const chars = Array.from(t);
    while (chars.length > 1 && set.font.widthOfTextAtSize(`${chars.join('')}...`, at.size) > at.width) chars.pop();
    t = `${chars.join('')}...`;
  }
  page.drawText(t, { x: at.x, y: at.y, size: at.size, font: set.font });
}

function drawHeader(page: PDFPage, fonts: SheetFonts, opts: CountSheetOptions, location: string, pageNumber: number) {
  const top = PAGE.height - MARGIN;
  drawFitted(page, fonts, `Count sheet: ${opts.auditName}`, { x: MARGIN, y: top - 14, size: 14, width: 420, weight: 'bold' });
  page.drawText(`Page ${pageNumber}`, { x: PAGE.width - MARGIN - 50, y: top - 14, size: 9, font: fonts.font });
  drawFitted(page, fonts, `Location: ${location}`, { x: MARGIN, y: top - 34, size: 11, width: 500, weight: 'bold' });
  const y = top - HEADER_HEIGHT + 8;
  const label = (text: string, x: number) => page.drawText(text, { x, y, size: 8, font: fonts.bold, color: rgb(0.3, 0.3, 0.3) });
  label('SKU', COLUMNS.sku);
  label('Name', COLUMNS.name);
  label('Barcode', COLUMNS.barcode);
  if (opts.withExpected) label('Expected', COLUMNS.expected);
  label('Count', COLUMNS.count);
  page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: PAGE.width - MARGIN, y: y - 4 }, thickness: 0.5 });
}

function drawRow(page: PDFPage, fonts: SheetFonts, p: SheetProduct, index: number, withExpected: boolean) {
  const top = PAGE.height - MARGIN - HEADER_HEIGHT - index * ROW_HEIGHT;
  const textY = top - 18;
  drawFitted(page, fonts, p.sku, { x: COLUMNS.sku, y: textY, size: 9, width: 86, weight: 'bold' });
  drawFitted(page, fonts, p.name ?? '', { x: COLUMNS.name, y: textY, size: 9, width: 156 });
  const code = sheetBarcode(p);
  if (code) {
    drawBarcode(page, code.bcid, code.text, COLUMNS.barcode, top - 8 - BAR_HEIGHT);
    drawFitted(page, fonts, code.text, { x: COLUMNS.barcode + 10 * MODULE, y: top - 8 - BAR_HEIGHT - 9, size: 7, width: 160 });
  } else {
    drawFitted(page, fonts, 'No barcode: count by the SKU', { x: COLUMNS.barcode + 10 * MODULE, y: textY, size: 7, width: 140 });
  }
  if (withExpected && p.expectedQuantity !== null) page.drawText(String(p.expectedQuantity), { x: COLUMNS.expected, y: textY, size: 9, font: fonts.font });
  page.drawRectangle({ x: COLUMNS.count, y: top - 38, width: PAGE.width - MARGIN - COLUMNS.count, height: 28, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
  page.drawLine({ start: { x: MARGIN, y: top - ROW_HEIGHT + 2 }, end: { x: PAGE.width - MARGIN, y: top - ROW_HEIGHT + 2 }, thickness: 0.25, color: rgb(0.7, 0.7, 0.7) });
}

/**
 * Draws the bars of `text` in symbology `bcid` with the bottom-left corner at (x, y), a quiet zone
 * of 10 modules on the left included. Widths from bwip-js's `raw` (alternating bar, space).
 */
function drawBarcode(page: PDFPage, bcid: string, text: string, x: number, y: number) {
  const [symbol] = bwipjs.raw(bcid, text, bcid === 'itf14' ? 'includecheckintext' : '') as Array<{ sbs: number[] }>;
  const ops: PDFOperator[] = [pushGraphicsState()];
  let at = x + 10 * MODULE;
  symbol!.sbs.forEach((width, i) => {
    const w = width * MODULE;
    if (i % 2 === 0) ops.push(moveTo(at, y), lineTo(at + w, y), lineTo(at + w, y + BAR_HEIGHT), lineTo(at, y + BAR_HEIGHT), closePath());
    at += w;
  });
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

function drawSignature(page: PDFPage, font: PDFFont) {
  const y = MARGIN + 14;
  const line = (label: string, x: number, width: number) => {
    page.drawText(label, { x, y: y + 3, size: 9, font });
    const start = x + font.widthOfTextAtSize(label, 9) + 4;
    page.drawLine({ start: { x: start, y }, end: { x: x + width, y }, thickness: 0.5 });
  };
  line('Counted by', MARGIN, 190);
  line('Date', MARGIN + 205, 110);
  line('Signature', MARGIN + 330, PAGE.width - MARGIN * 2 - 330);
}
