/**
 * The catalogue of a processing job, built in the processing thread from the JSON text that
 * `loadCatalogueSnapshot` (repo.ts) reads from the database, with the audit's scope applied.
 *
 *   const { catalogue, productTags } = parseCatalogueSnapshot(input.catalogue.snapshotJson, input.catalogue.filter);
 *   createReconciler({ ...input.options, catalogue });
 *   writeProductLinesCsv(file, owner, lines, productTags);
 */
import type { FilterExpression } from '../../../../contracts/filters.js';
import type { CatalogueProduct } from '../../../../domain/reconcile.js';
import { compileFilter } from '../../../../domain/filters.js';

/**
 * One product as the snapshot lists it: `[id, sku, upc, otherIdentifier, name, category,
 * location, manufacturer, distributor, tags, expectedQuantity, costPrice, alternates?]` (cost
 * price as decimal text, e.g. "12.5000", or null; alternates `[[value, kind, units], ...]` or
 * null, absent when the organisation has none).
 */
type SnapshotRow = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string[],
  number,
  string | null,
  ([string, 'barcode' | 'alias', number][] | null)?,
];

/** The engine's catalogue and the tags each product had at the snapshot (DESIGN.md section 11). */
export interface ParsedCatalogue {
  catalogue: CatalogueProduct[];
  /**
   * Product id -> tags, for the products that have tags: a product without any is not in it
   * (`productTags.get(id)` undefined, which `lineTags` reads as no tags). A catalogue where few
   * products are tagged then costs few entries (docs/decisions/0084).
   */
  productTags: Map<string, readonly string[]>;
}

/**
 * Builds the engine's catalogue from `json` (see `SnapshotRow`), in the snapshot's order.
 * `inScope` is every product for a cycle count (`filter` null) and the filter's matches for a
 * product audit (DESIGN.md section 5, rules in src/domain/filters.ts); for a recount, whose scope
 * is a list of product ids (`scopeIds`, DESIGN.md section 13), exactly those products.
 * @throws SyntaxError when `json` is not a snapshot's text (a programming error, not user input).
 */
export function parseCatalogueSnapshot(json: string, filter: FilterExpression | null, scopeIds: readonly string[] | null = null): ParsedCatalogue {
  const rows = JSON.parse(json) as SnapshotRow[];
  const inFilter = filter ? compileFilter(filter) : null;
  const inList = scopeIds ? new Set(scopeIds) : null;
  const catalogue: CatalogueProduct[] = new Array(rows.length);
  const productTags = new Map<string, readonly string[]>();
  for (let i = 0; i < rows.length; i++) {
    const [id, sku, upc, otherIdentifier, name, category, location, manufacturer, distributor, tags, expectedQuantity, costPrice, alternates] = rows[i]!;
    const inScope = inList ? inList.has(id) : inFilter === null || inFilter({ sku, name, manufacturer, category, distributor, location, tags });
    catalogue[i] = { id, sku, upc, otherIdentifier, name, category, location, expectedQuantity, costPrice, inScope };
    if (alternates) catalogue[i]!.alternates = alternates.map(([value, kind, units]) => ({ value, kind, units }));
    if (tags.length !== 0) productTags.set(id, tags);
  }
  return { catalogue, productTags };
}
