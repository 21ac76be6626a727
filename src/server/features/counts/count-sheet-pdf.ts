/**
 * Count sheets (DESIGN.md section 14): an A4 PDF of an audit's scope for counting on paper, one row
 * per product with SKU, name, the barcode drawn (EAN/UPC for a GTIN, else Code 128 of the SKU:
 * domain/count-sheet-barcode.ts, which also says what a SKU beyond ASCII gets), a blank count
 * box and optionally the expected quantity; rows ordered by location, each location starting on a new page, a signature line on every page.
 *
 * Bars come from bwip-js's encoder (`raw`: the widths of bars and spaces) and are drawn as filled
 * rectangles with pdf-lib's operators: rendering each barcode as an image or SVG cost 3 ms a
 * product, drawing the encoder's widths a fraction of that (a 5,000-product sheet in seconds).
 *
 * Text: Helvetica (a standard font, nothing embedded) for what WinAnsi holds; other text in runs
 * of DejaVu Sans, Noto Sans SC (CJK) and Noto Sans KR (Hangul), each embedded as a subset only
 * when the sheet needs it (count-sheet-fonts.ts; docs/decisions/0141, 0159). A character none
 * has (emoji) prints as the replacement character U+FFFD.
 *
 * Barcodes are checked against the whole catalogue (`catalogue`): one whose read would count
 * another product is not printed (docs/decisions/0160).
 */
import bwipjs from 'bwip-js/node';
import { closePath, fill, lineTo, moveTo, PDFDocument, popGraphicsState, pushGraphicsState, rgb, type PDFFont, type PDFOperator, type PDFPage } from 'pdf-lib';
import { sheetBarcodes, type SheetBarcodeChoice } from '../../../domain/count-sheet-barcode.js';
import { sheetFonts, type SheetFonts, type TextRun, type Weight } from './count-sheet-fonts.js';
import { inSheetOrder, type CountSheetOptions, type SheetProduct } from './count-sheet-rows.js';

export type { CountSheetOptions, SheetProduct } from './count-sheet-rows.js';

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
  const barcodes = sheetBarcodes(products, opts.catalogue ?? products);
  const fonts = await sheetFonts(doc, {
    bold: [`Count sheet: ${opts.auditName}`, ...products.flatMap((p) => [p.sku, `Location: ${p.location ?? ''}`])],
    font: products.flatMap((p) => [p.name ?? '', barcodes.get(p)!.reason ?? '']),
  });
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
      rows.slice(start, start + ROWS_PER_PAGE).forEach((p, i) => drawRow(page, fonts, p, barcodes.get(p)!, i, opts.withExpected));
      drawSignature(page, fonts.font);
      if (rows.length === 0) break;
    }
  }
  return doc.save({ useObjectStreams: true });
}

/** Draws `text` from (x, y) as runs of the sheet's fonts, cut with '...' to `width` points. */
function drawFitted(page: PDFPage, fonts: SheetFonts, text: string, at: { x: number; y: number; size: number; width: number; weight?: Weight }) {
  let runs = fonts.runs(text, at.weight ?? 'font');
  const widthOf = (r: TextRun) => r.font.widthOfTextAtSize(r.text, at.size);
  let widths = runs.map(widthOf);
  if (widths.reduce((a, b) => a + b, 0) > at.width) {
    // Keep whole runs while they fit with the ellipsis, then as many characters of the next.
    const kept: TextRun[] = [];
    let used = 0;
    for (const [i, run] of runs.entries()) {
      const room = at.width - used - run.font.widthOfTextAtSize('...', at.size);
      if (widths[i]! <= room && i < runs.length - 1) {
        kept.push(run);
        used += widths[i]!;
        continue;
      }
      const chars = Array.from(run.text);
      let n = chars.length;
      while (n > 0 && run.font.widthOfTextAtSize(chars.slice(0, n).join(''), at.size) > room) n = Math.floor(n * 0.9);
      while (n < chars.length && run.font.widthOfTextAtSize(chars.slice(0, n + 1).join(''), at.size) <= room) n += 1;
      kept.push({ text: `${chars.slice(0, n).join('')}...`, font: run.font });
      break;
    }
    runs = kept;
    widths = runs.map(widthOf);
  }
  let x = at.x;
  runs.forEach((run, i) => {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font });
    x += widths[i]!;
  });
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

function drawRow(page: PDFPage, fonts: SheetFonts, p: SheetProduct, choice: SheetBarcodeChoice, index: number, withExpected: boolean) {
  const top = PAGE.height - MARGIN - HEADER_HEIGHT - index * ROW_HEIGHT;
  const textY = top - 18;
  skuLines(fonts, p.sku).forEach((line, i, all) =>
    drawFitted(page, fonts, line, { x: COLUMNS.sku, y: textY - (all.length > 1 ? SKU_SMALL + 1 : 0) * i, size: all.length > 1 ? SKU_SMALL : 9, width: SKU_WIDTH, weight: 'bold' }),
  );
  drawFitted(page, fonts, p.name ?? '', { x: COLUMNS.name, y: textY, size: 9, width: 156 });
  const code = choice.barcode;
  if (code) {
    drawBarcode(page, code.bcid, code.text, COLUMNS.barcode, top - 8 - BAR_HEIGHT);
    drawFitted(page, fonts, code.text, { x: COLUMNS.barcode + 10 * MODULE, y: top - 8 - BAR_HEIGHT - 9, size: 7, width: 160 });
  } else {
    drawFitted(page, fonts, 'No barcode: count by the SKU', { x: COLUMNS.barcode + 10 * MODULE, y: textY, size: 7, width: 140 });
    // Why not: the code this product would get finds another product, or none, when read.
    if (choice.reason) {
      const width = (withExpected ? COLUMNS.expected : COLUMNS.count) - COLUMNS.barcode - 10 * MODULE - 6;
      wrapLines(`(${choice.reason})`, 2, (line) => fonts.font.widthOfTextAtSize(line, 6) <= width).forEach((line, i) =>
        drawFitted(page, fonts, line, { x: COLUMNS.barcode + 10 * MODULE, y: textY - 10 - 8 * i, size: 6, width }),
      );
    }
  }
  if (withExpected && p.expectedQuantity !== null) page.drawText(String(p.expectedQuantity), { x: COLUMNS.expected, y: textY, size: 9, font: fonts.font });
  page.drawRectangle({ x: COLUMNS.count, y: top - 38, width: PAGE.width - MARGIN - COLUMNS.count, height: 28, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
  page.drawLine({ start: { x: MARGIN, y: top - ROW_HEIGHT + 2 }, end: { x: PAGE.width - MARGIN, y: top - ROW_HEIGHT + 2 }, thickness: 0.25, color: rgb(0.7, 0.7, 0.7) });
}

/** Width of the SKU column's text (points) and the size of a SKU too long for one line at 9 points. */
const SKU_WIDTH = 86;
const SKU_SMALL = 7;
/** Lines of a wrapped SKU: four at SKU_SMALL fit the row beside the count box. */
const SKU_MAX_LINES = 4;

/**
 * The SKU as the row prints it: one line at 9 points when it fits SKU_WIDTH, else cut anywhere
 * (a SKU has no words) into at most SKU_MAX_LINES lines at SKU_SMALL points, so that a counter who
 * counts by the SKU reads all of it; only a SKU beyond those lines ends in '...' (drawFitted).
 */
function skuLines(fonts: SheetFonts, sku: string): string[] {
  const widthAt = (text: string, size: number) => fonts.runs(text, 'bold').reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  if (widthAt(sku, 9) <= SKU_WIDTH) return [sku];
  const chars = Array.from(sku);
  const lines: string[] = [];
  let start = 0;
  while (lines.length < SKU_MAX_LINES - 1 && start < chars.length) {
    let end = start + 1;
    while (end < chars.length && widthAt(chars.slice(start, end + 1).join(''), SKU_SMALL) <= SKU_WIDTH) end += 1;
    lines.push(chars.slice(start, end).join(''));
    start = end;
  }
  return start < chars.length ? [...lines, chars.slice(start).join('')] : lines;
}

/** `text` cut at spaces into at most `max` lines that `fits` (the last takes the rest). */
function wrapLines(text: string, max: number, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && !fits(next) && lines.length < max - 1) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
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
