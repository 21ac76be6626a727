/**
 * Which columns the products table shows (issue 13, point 5): all twelve are wider than the card
 * at 1280 px, so the user chooses, and the choice is kept per browser in localStorage. SKU always
 * shows (it names the row), and so do the selection box and Actions.
 */
import { useCallback, useState } from 'react';

export const PRODUCT_COLUMNS = [
  'SKU',
  'UPC',
  'Other ID',
  'Name',
  'Distributor',
  'Manufacturer',
  'Category',
  'Current Stock',
  'Cost Price',
  'Selling Price',
  'Location',
  'Tags',
] as const;

export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/** Columns the user may hide: every one but SKU. */
export const OPTIONAL_COLUMNS = PRODUCT_COLUMNS.filter((c) => c !== 'SKU');

/** What fits a 1280 px screen beside the sidebar; the other identifiers, suppliers and
 * the cost price are a click away. */
export const DEFAULT_COLUMNS: readonly ProductColumn[] = [
  'SKU',
  'Name',
  'Category',
  'Current Stock',
  'Selling Price',
  'Location',
  'Tags',
];

export const COLUMNS_STORAGE_KEY = 'stocktally.products.columns';

function read(): Set<ProductColumn> {
  try {
    const raw = window.localStorage.getItem(COLUMNS_STORAGE_KEY);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) {
        const known = new Set<ProductColumn>(PRODUCT_COLUMNS.filter((c) => parsed.includes(c)));
        known.add('SKU');
        return known;
      }
    }
  } catch {
    // Storage blocked or the value is not ours: the defaults.
  }
  return new Set(DEFAULT_COLUMNS);
}

function write(columns: ReadonlySet<ProductColumn>): void {
  try {
    window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(PRODUCT_COLUMNS.filter((c) => columns.has(c))));
  } catch {
    // Storage blocked (private mode, quota): the choice lasts for this page only.
  }
}

/** The columns shown, a setter for one column, and a reset to the defaults. */
export function useProductColumns() {
  const [shown, setShown] = useState<ReadonlySet<ProductColumn>>(read);
  const setColumn = useCallback((column: ProductColumn, visible: boolean) => {
    setShown((current) => {
      const next = new Set(current);
      if (visible || column === 'SKU') next.add(column);
      else next.delete(column);
      write(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    const next = new Set(DEFAULT_COLUMNS);
    write(next);
    setShown(next);
  }, []);
  return { shown, setColumn, reset };
}
