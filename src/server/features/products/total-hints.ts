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
 * used; past `capacity` keys the least recently used is dropped.
 */
export class RecentMap<V> {
  private readonly values = new Map<string, V>();

  /** @param capacity how many keys are kept (>= 1). */
  constructor(private readonly capacity: number) {}

  /** The value kept for `key`, or undefined; marks it recently used. */
  get(key: string): V | undefined {
    const value = this.values.get(key);
    if (value !== undefined) this.remember(key, value);
    return value;
  }

  /** Keeps `value` for `key`, dropping the least recently used key past the capacity. */
  remember(key: string, value: V): void {
    this.values.delete(key);
    this.values.set(key, value);
    if (this.values.size > this.capacity) this.values.delete(this.values.keys().next().value!);
  }

  get size(): number {
    return this.values.size;
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
