/**
 * A count sheet's rows (DESIGN.md section 14), shared by the PDF (count-sheet-pdf.ts) and the CSV
 * (count-sheet-csv.ts): what a row shows and their order. Kept apart from the PDF writer so that
 * the CSV, and the server at start, do not load the PDF libraries (pdf-lib, fontkit, bwip-js):
 * the route loads the writer when a PDF is first asked for.
 */
import type { SheetBarcodeProduct } from '../../../domain/count-sheet-barcode.js';

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
  /**
   * Every product of the organisation, holding the sheet's products themselves (the same
   * objects): the barcodes printed are checked against it (domain/count-sheet-barcode.ts).
   * Default: the sheet's products.
   */
  catalogue?: readonly SheetProduct[];
}

/** The sheet's row order (the PDF's and the CSV's): by location, then SKU, in code-unit order. */
export function inSheetOrder<T extends Pick<SheetProduct, 'sku' | 'location'>>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => compare(a.location ?? '', b.location ?? '') || compare(a.sku, b.sku));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
