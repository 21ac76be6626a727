/**
 * Count sheets (DESIGN.md section 14): an A4 PDF of an audit's scope for counting on paper, one row
 * per product with SKU, name, the barcode drawn (EAN/UPC for a GTIN, else Code 128 of the SKU:
 * domain/count-sheet-barcode.ts), a blank count box and optionally the expected quantity; rows
 * ordered by location, each location starting on a new page, a signature line on every page.
 *
 * Bars come from bwip-js's encoder (`raw`: the widths of bars and spaces) and are drawn as filled
 * rectangles with pdf-lib's operators: rendering each barcode as an image or SVG cost 3 ms a
 * product, drawing the encoder's widths a fraction of that (a 5,000-product sheet in seconds).
 */
import bwipjs from 'bwip-js/node';
import { closePath, fill, lineTo, moveTo, PDFDocument, popGraphicsState, pushGraphicsState, rgb, StandardFonts, type PDFFont, type PDFOperator, type PDFPage } from 'pdf-lib';
import { sheetBarcode } from '../../../domain/count-sheet-barcode.js';

export interface SheetProduct {
  sku: string;
  name: string | null;
  upc: string | null;
  location: string | null;
  expectedQuantity: number | null;
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
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
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
      drawHeader(page, { font, bold }, opts, location, pageNumber);
      rows.slice(start, start + ROWS_PER_PAGE).forEach((p, i) => drawRow(page, { font, bold }, p, i, opts.withExpected));
      drawSignature(page, font);
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

/** Text the standard fonts can draw (WinAnsi): other characters become '?'. */
function drawable(text: string): string {
  return text.replace(/[^\u0020-\u007E\u00A0-\u00FF]/g, '?');
}

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let t = drawable(text);
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > width) t = `${t.slice(0, -2)}…`.replace('……', '…');
  return t.replace('…', '...');
}

function drawHeader(page: PDFPage, fonts: { font: PDFFont; bold: PDFFont }, opts: CountSheetOptions, location: string, pageNumber: number) {
  const top = PAGE.height - MARGIN;
  page.drawText(fit(`Count sheet: ${opts.auditName}`, fonts.bold, 14, 420), { x: MARGIN, y: top - 14, size: 14, font: fonts.bold });
  page.drawText(`Page ${pageNumber}`, { x: PAGE.width - MARGIN - 50, y: top - 14, size: 9, font: fonts.font });
  page.drawText(fit(`Location: ${location}`, fonts.bold, 11, 500), { x: MARGIN, y: top - 34, size: 11, font: fonts.bold });
  const y = top - HEADER_HEIGHT + 8;
  const label = (text: string, x: number) => page.drawText(text, { x, y, size: 8, font: fonts.bold, color: rgb(0.3, 0.3, 0.3) });
  label('SKU', COLUMNS.sku);
  label('Name', COLUMNS.name);
  label('Barcode', COLUMNS.barcode);
  if (opts.withExpected) label('Expected', COLUMNS.expected);
  label('Count', COLUMNS.count);
  page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: PAGE.width - MARGIN, y: y - 4 }, thickness: 0.5 });
}

function drawRow(page: PDFPage, fonts: { font: PDFFont; bold: PDFFont }, p: SheetProduct, index: number, withExpected: boolean) {
  const top = PAGE.height - MARGIN - HEADER_HEIGHT - index * ROW_HEIGHT;
  const textY = top - 18;
  page.drawText(fit(p.sku, fonts.bold, 9, 86), { x: COLUMNS.sku, y: textY, size: 9, font: fonts.bold });
  page.drawText(fit(p.name ?? '', fonts.font, 9, 156), { x: COLUMNS.name, y: textY, size: 9, font: fonts.font });
  const code = sheetBarcode(p);
  drawBarcode(page, code.bcid, code.text, COLUMNS.barcode, top - 8 - BAR_HEIGHT);
  page.drawText(fit(code.text, fonts.font, 7, 160), { x: COLUMNS.barcode + 10 * MODULE, y: top - 8 - BAR_HEIGHT - 9, size: 7, font: fonts.font });
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
