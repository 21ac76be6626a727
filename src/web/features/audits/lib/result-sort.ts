/**
 * The orders the results tabs offer ('Sort by'): a key of `RESULT_SORTS` with a direction, each
 * named by what a manager looks for first ('Largest shortfall first' = difference ascending).
 */
import type { ResultSort } from '../../../../contracts/results';

export interface SortChoice {
  value: string;
  label: string;
  sort: ResultSort;
  dir: 'asc' | 'desc';
}

export const SORT_CHOICES: readonly SortChoice[] = [
  { value: 'position', label: 'Report order', sort: 'position', dir: 'asc' },
  { value: 'shortfall', label: 'Largest shortfall first', sort: 'difference', dir: 'asc' },
  { value: 'surplus', label: 'Largest surplus first', sort: 'difference', dir: 'desc' },
  { value: 'loss', label: 'Largest loss in value first', sort: 'varianceValue', dir: 'asc' },
  { value: 'gain', label: 'Largest gain in value first', sort: 'varianceValue', dir: 'desc' },
  { value: 'sku', label: 'SKU (A-Z)', sort: 'sku', dir: 'asc' },
  { value: 'sku-desc', label: 'SKU (Z-A)', sort: 'sku', dir: 'desc' },
  { value: 'name', label: 'Product name (A-Z)', sort: 'productName', dir: 'asc' },
  { value: 'name-desc', label: 'Product name (Z-A)', sort: 'productName', dir: 'desc' },
];

export const DEFAULT_SORT = SORT_CHOICES[0]!;

export function sortChoice(value: string): SortChoice {
  return SORT_CHOICES.find((c) => c.value === value) ?? DEFAULT_SORT;
}
