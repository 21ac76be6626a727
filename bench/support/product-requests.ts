/**
 * A realistic mix of product list requests for `bench:products` (DESIGN.md section 7: "varied
 * filters + searches"): people browsing pages, typing quick searches (popular words far more
 * often than rare ones, whole words and the first letters of one), adding one or two Advanced
 * Filters, at the page sizes the screen offers. Drawn from a seeded random source, so every run
 * asks the same sequence; a cache has to earn its hits on the repeats this mix has, not on one
 * request asked over and over.
 */
import { seededRandom } from '../../src/domain/test-support/seeded-random.js';

export interface ListRequestWords {
  adjectives: readonly string[];
  materials: readonly string[];
  nouns: readonly string[];
  categories: readonly string[];
  tags: readonly string[];
}

/** Zipf-like: item i is drawn with weight 1 / (i + 1), so the first few dominate. */
function zipf(random: () => number, size: number): number {
  let total = 0;
  for (let i = 0; i < size; i += 1) total += 1 / (i + 1);
  let at = random() * total;
  for (let i = 0; i < size; i += 1) {
    at -= 1 / (i + 1);
    if (at <= 0) return i;
  }
  return size - 1;
}

/**
 * `count` list request paths (`/api/products?...`), in the order they are sent. The mix: 35%
 * browsing without search (pages 1-5 mostly, now and then deep), 35% a quick search, 20% a
 * search with one or two filters, 10% filters alone; page size 50 mostly, else 25 or 100.
 */
export function variedListPaths(count: number, words: ListRequestWords, seed = 2026): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const popular = <T>(list: readonly T[]) => list[zipf(random, list.length)]!;
  const vocabulary = [...words.nouns, ...words.materials, ...words.adjectives];
  const page = (deep: number) => {
    const r = random();
    if (r < 0.6) return 1;
    if (r < 0.9) return 2 + Math.floor(random() * 4);
    return 6 + Math.floor(random() * deep);
  };
  const limit = () => {
    const r = random();
    return r < 0.7 ? 50 : r < 0.85 ? 25 : 100;
  };
  const search = () => {
    const r = random();
    const word = popular(vocabulary);
    if (r < 0.6) return word.toLowerCase();
    if (r < 0.85) return word.slice(0, 3 + Math.floor(random() * 2)).toLowerCase(); // still typing
    if (r < 0.95) return `SKU-0${Math.floor(random() * 1000)}`;
    return `${popular(words.materials)} ${popular(words.nouns)}`.toLowerCase();
  };
  const filter = () => {
    const r = random();
    if (r < 0.4) return { field: 'category', operator: 'eq', value: popular(words.categories) };
    if (r < 0.65) return { field: 'price', operator: pick(['lt', 'gt']), value: pick(['10', '25', '50', '100']) };
    if (r < 0.85) return { field: 'tags', operator: 'contains', value: popular(words.tags) };
    return { field: 'location', operator: 'starts_with', value: `${String.fromCharCode(65 + Math.floor(random() * 20))}-` };
  };
  const filters = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `f${i + 1}`, ...filter(), ...(i > 0 ? { logicalOperator: 'AND' } : {}) }));
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const params = new URLSearchParams();
    const kind = random();
    if (kind < 0.35) {
      params.set('page', String(page(200)));
    } else if (kind < 0.7) {
      params.set('page', String(random() < 0.8 ? 1 : 2 + Math.floor(random() * 2)));
      params.set('search', search());
    } else if (kind < 0.9) {
      params.set('page', String(random() < 0.85 ? 1 : 2));
      params.set('search', search());
      params.set('filters', JSON.stringify(filters(random() < 0.7 ? 1 : 2)));
    } else {
      params.set('page', String(page(20)));
      params.set('filters', JSON.stringify(filters(random() < 0.6 ? 1 : 2)));
    }
    params.set('limit', String(limit()));
    paths.push(`/api/products?${params.toString()}`);
  }
  return paths;
}
