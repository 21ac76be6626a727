/**
 * The last total the products list answered for each recent query, used only to choose how the
 * next page of the same query is read (docs/decisions/0085-list-total-with-the-page.md): a
 * total under the cap means the page statement can count the matches itself. A stale hint
 * costs at most a second statement, never a wrong total: both ways count exactly.
 *
 * In-process, least recently used dropped first; a key names the organisation and the query's
 * search and filters (`totalHintKey`).
 */
import type { ProductFilterCondition } from '../../../contracts/product-filters.js';

/**
 * Recently used values by key, in this process: reading or writing a key marks it most recently
 * used; past `capacity` keys, or past `maxBytes` in all as `bytesOf` measures the values, the
 * least recently used are dropped.
 */
export class RecentMap<V> {
  private readonly values = new Map<string, V>();
  private bytes = 0;

  /**
   * @param capacity how many keys are kept (>= 1).
   * @param budget optional bound on the values' size: `bytesOf(value)` each, at most `maxBytes` in all.
   */
  constructor(
    private readonly capacity: number,
    private readonly budget?: { maxBytes: number; bytesOf: (value: V) => number },
  ) {}

  /** The value kept for `key`, or undefined; marks it recently used. */
  get(key: string): V | undefined {
    const value = this.values.get(key);
    if (value !== undefined) {
      this.values.delete(key);
      this.values.set(key, value);
    }
    return value;
  }

  /** Keeps `value` for `key`, dropping the least recently used keys past the bounds. */
  remember(key: string, value: V): void {
    const before = this.values.get(key);
    if (before !== undefined && this.budget) this.bytes -= this.budget.bytesOf(before);
    this.values.delete(key);
    this.values.set(key, value);
    if (this.budget) this.bytes += this.budget.bytesOf(value);
    while (this.values.size > this.capacity || (this.budget !== undefined && this.bytes > this.budget.maxBytes && this.values.size > 1)) {
      const oldest = this.values.keys().next().value!;
      if (this.budget) this.bytes -= this.budget.bytesOf(this.values.get(oldest)!);
      this.values.delete(oldest);
    }
  }

  get size(): number {
    return this.values.size;
  }

  /** The values' size in all by `bytesOf` (0 without a budget). */
  get totalBytes(): number {
    return this.bytes;
  }
}

/** The last total answered per list query (`totalHintKey`). */
export class TotalHints extends RecentMap<number> {}

/** The key of one list query: organisation, quick search and filter rows (not the page). */
export function totalHintKey(opts: {
  organizationId: string;
  search?: string | undefined;
  filters?: readonly ProductFilterCondition[] | undefined;
}): string {
  return JSON.stringify([opts.organizationId, opts.search ?? '', opts.filters ?? []]);
}
