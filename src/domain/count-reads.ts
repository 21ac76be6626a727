/**
 * What a count session's reads add up to (DESIGN.md section 14; docs/decisions/0126). Reads are
 * append-only: an undo is a read of its own naming the read it takes back, so it survives being
 * sent again, arriving late or arriving first exactly as a read does. A read counts unless an
 * undo of the same session cancels it; undos never count themselves, and an undo of an undo
 * (or of a read the session does not hold) takes back nothing.
 */

/** A stored read as this module needs it: a read (value + quantity) or an undo (cancels). */
export interface StoredCountRead {
  id: string;
  value: string | null;
  quantity: string | null;
  location: string | null;
  cancels: string | null;
  /** ISO 8601, the device's clock. */
  readAt: string;
}

/** A read that counts: the value, its quantity (decimal string) and the location label before it. */
export interface EffectiveCountRead {
  id: string;
  value: string;
  quantity: string;
  location: string | null;
  readAt: string;
}

/**
 * The reads that count, in the order given (read order): reads no undo cancels.
 * @example effectiveReads([a, b, undo(b)]) -> [a]
 */
export function effectiveReads(reads: readonly StoredCountRead[]): EffectiveCountRead[] {
  const cancelled = new Set<string>();
  for (const r of reads) if (r.cancels !== null) cancelled.add(r.cancels);
  const out: EffectiveCountRead[] = [];
  for (const r of reads) {
    if (r.cancels !== null || r.value === null || r.quantity === null || cancelled.has(r.id)) continue;
    out.push({ id: r.id, value: r.value, quantity: r.quantity, location: r.location, readAt: r.readAt });
  }
  return out;
}

/**
 * A quantity as a scan file writes it: trailing zeros of the fraction dropped ('2.000' -> '2',
 * '0.250' -> '0.25'), so whole counts read back as whole numbers (section 5 rule 4).
 */
export function plainQuantity(quantity: string): string {
  if (!quantity.includes('.')) return quantity;
  const trimmed = quantity.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}
