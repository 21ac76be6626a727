/** Display rules of the products table (spec part 2 sections 2 and 9). */

/** Stock at or below this is shown in red with a 'Low' badge. */
export const LOW_STOCK_THRESHOLD = 10;
/** Tags shown per row before '+N'. */
export const TAGS_SHOWN = 2;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A decimal string ("12.5") shown with a dollar sign ("$12.50"); null for no price. */
export function formatPrice(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? usd.format(n) : `$${value}`;
}
