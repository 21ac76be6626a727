/**
 * Which barcode a count sheet prints for a product (DESIGN.md section 14): its GTIN as EAN/UPC
 * when it has a valid one (EAN-13, UPC-A, EAN-8; a GTIN-14 of a unit, indicator 0, as its EAN-13;
 * any other GTIN-14 as ITF-14), else a Code 128 of its SKU (or of the key section 6 gave it).
 *
 * Code 128 carries printable ASCII only: a SKU with other characters ('ŁÓDŹ-1') would be drawn as
 * its UTF-8 bytes and read back as other text. Such a product gets a Code 128 of another value
 * the engine finds it by at one read = one unit (DESIGN.md section 5 rule 2): its other
 * identifier, else an alternate barcode or alias counting 1 unit. When it has none, no barcode is
 * printed (null): the counter writes the count by the SKU printed beside it.
 * Scanning the printed code finds the product by the engine's rules either way.
 */
import { hasValidGs1CheckDigit, isDigits } from './gtin.js';

/** bwip-js symbology names and the text they encode. */
export type SheetBarcode = { bcid: 'ean13' | 'upca' | 'ean8' | 'itf14' | 'code128'; text: string };

/** What of a product the choice looks at (a count catalogue item has it all). */
export interface SheetBarcodeProduct {
  sku: string;
  upc: string | null;
  otherIdentifier?: string | null;
  alternates?: readonly { value: string; kind: 'barcode' | 'alias'; units: number }[];
}

/** Printable ASCII (space to '~'), at least one character other than a space: what Code 128 carries as is. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*[\x21-\x7e][\x20-\x7e]*$/;

function gtinBarcode(code: string | null | undefined): SheetBarcode | null {
  const upc = code?.trim() ?? '';
  if (!isDigits(upc) || !hasValidGs1CheckDigit(upc)) return null;
  if (upc.length === 13) return { bcid: 'ean13', text: upc };
  if (upc.length === 12) return { bcid: 'upca', text: upc };
  if (upc.length === 8) return { bcid: 'ean8', text: upc };
  if (upc.length === 14) return upc.startsWith('0') ? { bcid: 'ean13', text: upc.slice(1) } : { bcid: 'itf14', text: upc };
  return null;
}

export function sheetBarcode(product: SheetBarcodeProduct): SheetBarcode | null {
  const own = gtinBarcode(product.upc);
  if (own) return own;
  if (PRINTABLE_ASCII.test(product.sku)) return { bcid: 'code128', text: product.sku };
  const units1 = (product.alternates ?? []).filter((a) => a.units === 1);
  const other = product.otherIdentifier?.trim();
  if (other && PRINTABLE_ASCII.test(other)) return { bcid: 'code128', text: other };
  for (const a of units1) {
    const code = a.kind === 'barcode' ? gtinBarcode(a.value) : null;
    if (code) return code;
    if (PRINTABLE_ASCII.test(a.value.trim())) return { bcid: 'code128', text: a.value.trim() };
  }
  return null;
}
