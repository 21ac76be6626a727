/**
 * Which barcode a count sheet prints for a product (DESIGN.md section 14): its GTIN as EAN/UPC
 * when it has a valid one (EAN-13, UPC-A, EAN-8; a GTIN-14 of a unit, indicator 0, as its EAN-13;
 * any other GTIN-14 as ITF-14), else a Code 128 of its SKU (or of the key section 6 gave it).
 * Scanning the printed code finds the product by the engine's rules either way.
 */
import { hasValidGs1CheckDigit, isDigits } from './gtin.js';

/** bwip-js symbology names and the text they encode. */
export type SheetBarcode = { bcid: 'ean13' | 'upca' | 'ean8' | 'itf14' | 'code128'; text: string };

export function sheetBarcode(product: { sku: string; upc: string | null }): SheetBarcode {
  const upc = product.upc?.trim() ?? '';
  if (isDigits(upc) && hasValidGs1CheckDigit(upc)) {
    if (upc.length === 13) return { bcid: 'ean13', text: upc };
    if (upc.length === 12) return { bcid: 'upca', text: upc };
    if (upc.length === 8) return { bcid: 'ean8', text: upc };
    if (upc.length === 14) return upc.startsWith('0') ? { bcid: 'ean13', text: upc.slice(1) } : { bcid: 'itf14', text: upc };
  }
  return { bcid: 'code128', text: product.sku };
}
