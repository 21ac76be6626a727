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

export class TotalHints {
  private readonly totals = new Map<string, number>();

  /** @param capacity how many queries are remembered (>= 1). */
  constructor(private readonly capacity: number) {}

  /** The last total remembered for `key`, or undefined; marks it recently used. */
  get(key: string): number | undefined {
    const total = this.totals.get(key);
    if (total !== undefined) this.remember(key, total);
    return total;
  }

  /** Remembers `total` for `key`, dropping the least recently used key past the capacity. */
  remember(key: string, total: number): void {
    this.totals.delete(key);
    this.totals.set(key, total);
    if (this.totals.size > this.capacity) this.totals.delete(this.totals.keys().next().value!);
  }

  get size(): number {
    return this.totals.size;
  }
}

/** The key of one list query: organisation, quick search and filter rows (not the page). */
export function totalHintKey(opts: {
  organizationId: string;
  search?: string | undefined;
  filters?: readonly ProductFilterCondition[] | undefined;
}): string {
  return JSON.stringify([opts.organizationId, opts.search ?? '', opts.filters ?? []]);
}
