/**
 * What the count screen shows per read (DESIGN.md section 14): the product a value names, by the
 * engine's own matching rules (domain/catalogue-index.ts), and the running count of each product
 * over the reads that count (domain/count-reads.ts). Quantities are summed exactly, in thousandths.
 */
import type { CountCatalogue, CountCatalogueItem, CountRead } from '../../../../contracts/counts';
import { buildCatalogueIndex, ONE_UNIT, type CatalogueIndex } from '../../../../domain/catalogue-index';
import { effectiveReads, type EffectiveCountRead } from '../../../../domain/count-reads';
import { isBlankScanValue, normalizeScanValue } from '../../../../domain/normalize-scan-value';
import { timesUnits } from '../../../../domain/quantity-thousandths';

export interface CountLookup {
  /** The product a scanned value names, or null (unknown, ambiguous, damaged). */
  identify(value: string): CountCatalogueItem | null;
  /**
   * What a read of `value` with `thousandths` (its quantity in thousandths) counts, in
   * thousandths, as the engine counts it (domain/reconcile.ts): times a GS1 string's count (37),
   * times an alternate barcode's units (24 for a case of 24); as is otherwise.
   */
  counted(value: string, thousandths: number): number;
  /** True when the value is a location of the catalogue (a shelf label) and no product. */
  isLocation(value: string): boolean;
}

export function countLookup(catalogue: CountCatalogue): CountLookup {
  const items = catalogue.products;
  const index: CatalogueIndex = buildCatalogueIndex(
    items.map((p) => ({
      id: p.id,
      sku: p.sku,
      upc: p.upc,
      otherIdentifier: p.otherIdentifier,
      name: p.name,
      category: null,
      location: p.location,
      expectedQuantity: p.expectedQuantity ?? 0,
      costPrice: null,
      inScope: p.inScope,
      ...(p.alternates ? { alternates: p.alternates } : {}),
    })),
  );
  const locations = new Set(items.map((p) => p.location?.trim().toLowerCase()).filter((l): l is string => Boolean(l)));
  const identify = (value: string) => {
    if (isBlankScanValue(value)) return null;
    const hit = index.match(normalizeScanValue(value));
    return hit >= 0 ? items[hit]! : null;
  };
  const counted = (value: string, thousandths: number) => {
    if (isBlankScanValue(value)) return thousandths;
    const hit = index.match(normalizeScanValue(value));
    const gs1Units = index.lastGs1?.units ?? 1;
    const units = hit >= 0 ? index.lastUnits : ONE_UNIT;
    const n = thousandths * gs1Units;
    return units === ONE_UNIT ? n : timesUnits(n, units);
  };
  return {
    identify,
    counted,
    isLocation: (value) => locations.has(value.trim().toLowerCase()) && identify(value) === null,
  };
}

/** Thousandths of a quantity string ('2.5' -> 2500). */
export function toThousandths(quantity: string): number {
  const negative = quantity.startsWith('-');
  const [whole = '0', fraction = ''] = quantity.replace('-', '').split('.');
  const n = Number(whole) * 1000 + Number((fraction + '000').slice(0, 3));
  return negative ? -n : n;
}

/** A quantity in thousandths as the screen writes it ('2.5', '-1', '0.25'). */
export function formatThousandths(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const whole = Math.floor(abs / 1000);
  const fraction = String(abs % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Running counts (thousandths) by product id, and by value for reads that name no product, over
 * the reads that count; each read counts as the engine counts it (`CountLookup.counted`).
 */
export function runningCounts(reads: readonly CountRead[], lookup: CountLookup): Map<string, number> {
  const totals = new Map<string, number>();
  for (const r of countedReads(reads)) {
    const key = tallyKey(r.value, lookup);
    totals.set(key, (totals.get(key) ?? 0) + lookup.counted(r.value, toThousandths(r.quantity)));
  }
  return totals;
}

/** The key a read is tallied under: its product's id, else `value:` and the value itself. */
export function tallyKey(value: string, lookup: CountLookup): string {
  return lookup.identify(value)?.id ?? `value:${value}`;
}

/** The reads that count (domain/count-reads.ts), from reads in the API's shape. */
export function countedReads(reads: readonly CountRead[]): EffectiveCountRead[] {
  return effectiveReads(
    reads.map((r) =>
      r.kind === 'undo'
        ? { id: r.id, value: null, quantity: null, location: null, cancels: r.cancels, readAt: r.readAt }
        : { id: r.id, value: r.value, quantity: r.quantity, location: r.location ?? null, cancels: null, readAt: r.readAt },
    ),
  );
}
