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
 *
 * `sheetBarcodes` makes sure of it across the whole catalogue (docs/decisions/0160): each
 * candidate above, in that order, is read back through the engine's own matcher
 * (catalogue-index.ts) over every product of the organisation, and printed only when it finds
 * this product, one unit a read. A SKU that is also another product's identifier at a level the
 * engine tries first, a value two products share, a SKU that reads as a GS1 element string naming
 * another product: such a candidate is passed over for the next one (the other identifier, a unit
 * barcode or alias). When none is left the sheet prints no barcode and says why.
 */
import { buildCatalogueIndex, ONE_UNIT, type CatalogueProduct } from './catalogue-index.js';
import { hasValidGs1CheckDigit, isDigits } from './gtin.js';
import { normalizeScanValue } from './normalize-scan-value.js';

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

/** The first barcode `sheetBarcodeCandidates` offers (no catalogue check), or null. */
export function sheetBarcode(product: SheetBarcodeProduct): SheetBarcode | null {
  return sheetBarcodeCandidates(product)[0] ?? null;
}

/** The barcodes a product could get, best first: its GTIN, its SKU, its other identifier, its unit alternates. */
export function sheetBarcodeCandidates(product: SheetBarcodeProduct): SheetBarcode[] {
  const out: SheetBarcode[] = [];
  const own = gtinBarcode(product.upc);
  if (own) out.push(own);
  if (PRINTABLE_ASCII.test(product.sku)) out.push({ bcid: 'code128', text: product.sku });
  const other = product.otherIdentifier?.trim();
  if (other && PRINTABLE_ASCII.test(other)) out.push({ bcid: 'code128', text: other });
  for (const a of (product.alternates ?? []).filter((alt) => alt.units === 1)) {
    const code = a.kind === 'barcode' ? gtinBarcode(a.value) : null;
    if (code) out.push(code);
    else if (PRINTABLE_ASCII.test(a.value.trim())) out.push({ bcid: 'code128', text: a.value.trim() });
  }
  return out.filter((c, i) => out.findIndex((d) => d.bcid === c.bcid && d.text === c.text) === i);
}

/** A sheet row's barcode, or why none is printed (`reason`: one line, e.g. 'code X would count SKU-2'). */
export type SheetBarcodeChoice = { barcode: SheetBarcode; reason?: undefined } | { barcode: null; reason: string | null };

/** What readers transmit for a printed code: a UPC-A is sent as 12 digits or as the EAN-13 it also is. */
function readBack(code: SheetBarcode): string[] {
  return code.bcid === 'upca' ? [code.text, `0${code.text}`] : [code.text];
}

/**
 * The barcode of each product of `sheet`, checked against `catalogue` (every product of the
 * organisation, holding the sheet's products themselves: the same objects) with the engine's
 * matcher (DESIGN.md section 5 rules 1-2): the first candidate (`sheetBarcodeCandidates`) whose
 * every read-back form finds this product at one unit a read. None: `barcode` null and `reason`
 * says what the first candidate would do instead (null when the product has no printable
 * candidate at all). Throws when a sheet product is not in `catalogue` (a caller's mistake).
 */
export function sheetBarcodes<P extends SheetBarcodeProduct>(sheet: readonly P[], catalogue: readonly P[]): Map<P, SheetBarcodeChoice> {
  const at = new Map<P, number>(catalogue.map((p, i) => [p, i]));
  const index = buildCatalogueIndex(catalogue.map(asCatalogueProduct));
  const out = new Map<P, SheetBarcodeChoice>();
  for (const product of sheet) {
    const self = at.get(product);
    if (self === undefined) throw new Error(`sheetBarcodes: product ${product.sku} is not in the catalogue given`);
    let reason: string | null = null;
    let chosen: SheetBarcode | null = null;
    for (const code of sheetBarcodeCandidates(product)) {
      const problem = readBack(code)
        .map((value) => readBackProblem(index, self, value))
        .find((p) => p !== null);
      if (problem === undefined) {
        chosen = code;
        break;
      }
      reason ??= problem;
    }
    out.set(product, chosen ? { barcode: chosen } : { barcode: null, reason });
  }
  return out;
}

/** Null when `value` read by a scanner finds product `self` at one unit; else what it does instead. */
function readBackProblem(index: ReturnType<typeof buildCatalogueIndex>, self: number, value: string): string | null {
  const normalized = normalizeScanValue(value);
  if (normalized === '') return `code ${value} reads as blank`;
  const found = index.resolve(normalized);
  if (found.kind === 'notFound') return found.reason.startsWith('ambiguous: ') ? `code ${value} is shared by ${found.reason.slice(11)}` : `code ${value} is not found (${found.reason})`;
  if (found.productIndex !== self) return `code ${value} would count ${index.products[found.productIndex]!.sku}`;
  index.match(normalized);
  if (index.lastUnits !== ONE_UNIT) return `code ${value} counts ${index.lastUnits / ONE_UNIT} units a read`;
  return null;
}

function asCatalogueProduct(p: SheetBarcodeProduct, i: number): CatalogueProduct {
  return {
    id: String(i),
    sku: p.sku,
    upc: p.upc,
    otherIdentifier: p.otherIdentifier ?? null,
    name: null,
    category: null,
    location: null,
    expectedQuantity: 0,
    costPrice: null,
    inScope: true,
    ...(p.alternates ? { alternates: p.alternates } : {}),
  };
}
