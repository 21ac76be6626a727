/**
 * The seeded catalogue and scan file of the engine and whole-path benches, and the reference:
 * the same reconciliation in DuckDB building the same result lines (DESIGN.md section 7).
 *
 * generate(dir, products, scanRows) writes `catalogue.csv` (SKU, UPC, Product Name, Category,
 * Location, Quantity, Cost Price) and `scans.csv` (Barcode, Qty; 2% unknown barcodes, 10% UPCs
 * with the leading zero dropped, 40% SKUs of which a quarter padded and lower-cased). With
 * `gs1Share`, that share of the rows is instead a GS1 element string of the product's GTIN, in
 * turn bracketed with expiry and lot, raw (`]d2`, GS separators) with a unique serial, and a
 * Digital Link URI with a lot (DESIGN.md section 7: "a tenth of the rows GS1 strings").
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { gs1CheckDigit } from '../../src/domain/gtin.js';
import { seededRandom } from '../../src/domain/test-support/seeded-random.js';

/** How the generated catalogue's headers map to product fields (the import's column mapping). */
export const CATALOGUE_MAPPING = {
  SKU: 'sku',
  UPC: 'upc',
  'Product Name': 'name',
  Category: 'category',
  Location: 'location',
  Quantity: 'currentQuantity',
  'Cost Price': 'costPrice',
} as const;

export function upcOf(i: number): string {
  const body = `0${String(400000000 + i).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
}

/** Row `r`'s GS1 element string for GTIN-14 `gtin`: one of the three forms a scanner sends. */
function gs1Value(gtin: string, r: number): string {
  const lot = `L${r % 97}`;
  switch (r % 3) {
    case 0:
      return `(01)${gtin}(17)271231(10)${lot}`;
    case 1:
      return `]d201${gtin}1727123110${lot}\u001d21${r}`;
    default:
      return `https://example.com/01/${gtin}/10/${lot}`;
  }
}

export async function generate(dir: string, PRODUCTS: number, SCAN_ROWS: number, gs1Share = 0): Promise<{ catalogueFile: string; scanFile: string }> {
  const random = seededRandom(42);
  const catalogueFile = path.join(dir, 'catalogue.csv');
  const lines = ['SKU,UPC,Product Name,Category,Location,Quantity,Cost Price'];
  for (let i = 0; i < PRODUCTS; i += 1) {
    lines.push(`SKU-${String(i).padStart(6, '0')},${upcOf(i)},Product ${i},Cat ${i % 40},L-${i % 90},${Math.floor(random() * 60)},${(random() * 90 + 1).toFixed(2)}`);
  }
  writeFileSync(catalogueFile, lines.join('\n') + '\n');

  const scanFile = path.join(dir, 'scans.csv');
  const out = createWriteStream(scanFile);
  out.write('Barcode,Qty\n');
  let chunk = '';
  for (let r = 0; r < SCAN_ROWS; r += 1) {
    const i = Math.floor(random() * PRODUCTS * 0.95);
    const kind = random();
    let value: string;
    if (gs1Share > 0 && random() < gs1Share) value = gs1Value(upcOf(i).padStart(14, '0'), r);
    else if (kind < 0.02) value = `99${String(Math.floor(random() * 1e10)).padStart(10, '0')}`; // unknown barcode
    else if (kind < 0.5) value = upcOf(i);
    else if (kind < 0.6) value = upcOf(i).slice(1); // leading zero dropped by a spreadsheet
    else if (kind < 0.9) value = `SKU-${String(i).padStart(6, '0')}`;
    else value = ` sku-${String(i).padStart(6, '0')} `;
    chunk += `${value},${1 + Math.floor(random() * 4)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((res) => out.once('drain', () => res()));
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);
  return { catalogueFile, scanFile };
}

/** DuckDB's reader of a generated file: header, every column as text. */
const reader = (f: string) => `read_csv('${f}', header = true, all_varchar = true)`;

/** The references' catalogue table, from the generated catalogue file. */
const CATALOGUE_TABLE = (catalogueFile: string) => `
  CREATE TABLE cat AS
    SELECT SKU AS sku, lower(SKU) AS sku_key, lpad(UPC, 14, '0') AS gtin, CAST(Quantity AS INTEGER) AS expected,
      "Product Name" AS name, Category AS category, Location AS location, CAST("Cost Price" AS DECIMAL(12, 2)) AS cost
    FROM ${reader(catalogueFile)}`;

/** Whether the scan value `v` is a GS1 element string (bracketed, raw `]d2`, Digital Link). */
const IS_GS1 = `left(v, 1) IN ('(', ']', 'h')`;

/**
 * The references' match keys of a scan value `v` (`is_gs1` set): `k` its lower case (not for GS1),
 * `g` its GTIN-14 (a GS1 string's (01), or a digit code padded), `lot` a GS1 string's (10).
 */
const KEY_AND_LOT = `CASE WHEN NOT is_gs1 THEN lower(v) END AS k,
        CASE WHEN is_gs1 THEN regexp_extract(v, '(?:\\(01\\)|^\\]d201|/01/)([0-9]{14})', 1)
             WHEN regexp_full_match(v, '[0-9]{1,14}') THEN lpad(v, 14, '0') END AS g,
        CASE WHEN is_gs1 THEN NULLIF(regexp_extract(v, '(?:\\(10\\)|/10/|^\\]d201[0-9]{14}17[0-9]{6}10)([^\x1d(/]+)', 1), '') END AS lot`;

/**
 * The same reconciliation in SQL, building the same result lines: read both files, normalise,
 * match SKU (case-insensitive) then GTIN-14, sum per product, categorise every product line
 * (expected, scanned, difference, variance value, name, category, location, a scanned value)
 * and group the values that matched nothing into notFound lines; the lines are materialised in
 * a table, in the engine's order (category, then SKU). The category counts are read afterwards.
 * A line's scanned value and lot are any of its reads' (`any_value`), where the engine keeps the
 * first; GS1 expiry and serial are not read: `runDuckDbFirstReads` does both.
 */
export async function runDuckDb(files: { catalogueFile: string; scanFile: string }) {
  return timedReference(files.catalogueFile, `
    CREATE TABLE lines AS
    WITH s AS (
      SELECT trim(Barcode) AS v, COALESCE(CAST(NULLIF(trim(Qty), '') AS INTEGER), 1) AS q
      FROM ${reader(files.scanFile)} WHERE trim(Barcode) <> ''),
    gs1 AS (
      -- GS1 element strings (bracketed, raw ]d2, Digital Link): their GTIN and lot; never a SKU.
      SELECT q, v, ${IS_GS1} AS is_gs1 FROM s),
    keyed AS (
      SELECT q, ${KEY_AND_LOT},
        v FROM gs1),
    by_sku AS (SELECT keyed.*, cat.sku AS sku1 FROM keyed LEFT JOIN cat ON cat.sku_key = keyed.k),
    matched AS (
      SELECT b.q, b.v, b.g, b.lot, COALESCE(b.sku1, c2.sku) AS sku
      FROM by_sku b LEFT JOIN cat c2 ON c2.gtin = b.g),
    per_product AS (SELECT sku, SUM(q) AS scanned, any_value(v) AS first_value, any_value(lot) AS lot FROM matched WHERE sku IS NOT NULL GROUP BY sku),
    product_lines AS (
      SELECT c.sku, p.first_value AS scan_value, c.sku AS matched_sku, c.name, c.category AS actual_category, c.location,
        c.expected, COALESCE(p.scanned, 0) AS scanned, COALESCE(p.scanned, 0) - c.expected AS difference,
        c.cost, (COALESCE(p.scanned, 0) - c.expected) * c.cost AS variance_value,
        ${PRODUCT_LINE_CATEGORY}
      FROM cat c LEFT JOIN per_product p ON p.sku = c.sku),
    not_found AS (
      SELECT any_value(v) AS scan_value, SUM(q) AS scanned FROM matched WHERE sku IS NULL GROUP BY COALESCE(g, lower(v)))
    SELECT * FROM (
      SELECT sku, scan_value, matched_sku, name, actual_category, location, expected, scanned, difference, cost, variance_value, category
      FROM product_lines WHERE category IS NOT NULL
      UNION ALL
      SELECT scan_value, scan_value, NULL, NULL, NULL, NULL, NULL, scanned, NULL, NULL, NULL, 'notFound' FROM not_found)
    ORDER BY category, sku`);
}

/**
 * `runDuckDb`'s reconciliation keeping what the engine's lines keep (docs/decisions/0179): each
 * line's scanned value is its first read's (file order: a row number), a GS1 line's lot, expiry
 * and serial are those of its first read that carries any, and a serialised item ((01) + (21))
 * read again is counted once. For information beside the budgeted reference: the row order costs
 * DuckDB a window over every row. Answers, besides the time and the category counts, `lines`:
 * every line's SKU (or value), scanned value, scanned units, lot, expiry and serial, read after
 * the clock stops; only with `readLines` (else empty: a bench reads them once, for its check,
 * not each run, so that no run leaves 120,000 strings on the heap for the next run to collect).
 */
export async function runDuckDbFirstReads(files: { catalogueFile: string; scanFile: string }, readLines = true) {
  return timedReference(files.catalogueFile, `
    CREATE TABLE lines AS
    WITH s AS (
      SELECT row_number() OVER () AS rn, trim(Barcode) AS v, COALESCE(CAST(NULLIF(trim(Qty), '') AS INTEGER), 1) AS q
      FROM ${reader(files.scanFile)} WHERE trim(Barcode) <> ''),
    gs1 AS (SELECT rn, q, v, ${IS_GS1} AS is_gs1 FROM s),
    keyed AS (
      SELECT rn, q, v, ${KEY_AND_LOT},
        CASE WHEN is_gs1 THEN strftime(strptime(NULLIF(regexp_extract(v, '(?:\\(17\\)|^\\]d201[0-9]{14}17|/17/)([0-9]{6})', 1), ''), '%y%m%d'), '%Y-%m-%d') END AS expiry,
        CASE WHEN is_gs1 THEN NULLIF(regexp_extract(v, '(?:\\(21\\)|\x1d21|/21/)([^\x1d(/]+)', 1), '') END AS serial
      FROM gs1),
    -- A serialised item read again counts once: its first read.
    counted AS (
      SELECT * FROM keyed WHERE serial IS NULL
      UNION ALL
      SELECT * FROM keyed WHERE serial IS NOT NULL QUALIFY row_number() OVER (PARTITION BY g, serial ORDER BY rn) = 1),
    by_sku AS (SELECT counted.*, cat.sku AS sku1 FROM counted LEFT JOIN cat ON cat.sku_key = counted.k),
    matched AS (
      SELECT b.rn, b.q, b.v, b.g, b.lot, b.expiry, b.serial, COALESCE(b.sku1, c2.sku) AS sku,
        b.lot IS NOT NULL OR b.expiry IS NOT NULL OR b.serial IS NOT NULL AS has_details
      FROM by_sku b LEFT JOIN cat c2 ON c2.gtin = b.g),
    per_product AS (
      SELECT sku, SUM(q) AS scanned, arg_min(v, rn) AS first_value,
        arg_min({'lot': lot, 'expiry': expiry, 'serial': serial}, rn) FILTER (WHERE has_details) AS details
      FROM matched WHERE sku IS NOT NULL GROUP BY sku),
    product_lines AS (
      SELECT c.sku, p.first_value AS scan_value, c.sku AS matched_sku, c.name, c.category AS actual_category, c.location,
        c.expected, COALESCE(p.scanned, 0) AS scanned, COALESCE(p.scanned, 0) - c.expected AS difference,
        c.cost, (COALESCE(p.scanned, 0) - c.expected) * c.cost AS variance_value, p.details,
        ${PRODUCT_LINE_CATEGORY}
      FROM cat c LEFT JOIN per_product p ON p.sku = c.sku),
    not_found AS (
      SELECT arg_min(v, rn) AS scan_value, SUM(q) AS scanned,
        arg_min({'lot': lot, 'expiry': expiry, 'serial': serial}, rn) FILTER (WHERE has_details) AS details
      FROM matched WHERE sku IS NULL GROUP BY COALESCE(g, lower(v)))
    SELECT * FROM (
      SELECT sku, scan_value, matched_sku, name, actual_category, location, expected, scanned, difference, cost, variance_value, details, category
      FROM product_lines WHERE category IS NOT NULL
      UNION ALL
      SELECT scan_value, scan_value, NULL, NULL, NULL, NULL, NULL, scanned, NULL, NULL, NULL, details, 'notFound' FROM not_found)
    ORDER BY category, sku`,
    readLines ? 'SELECT category, sku, scan_value, CAST(scanned AS VARCHAR), details.lot, details.expiry, details.serial FROM lines' : undefined,
  );
}

/** A product line's category from its catalogue row `c` and its reads `p` (SQL of the references). */
const PRODUCT_LINE_CATEGORY = `CASE
          WHEN p.scanned IS NULL THEN CASE WHEN c.expected <> 0 THEN 'zeroSheetItems' END
          WHEN p.scanned = c.expected THEN 'quantityCorrect'
          WHEN p.scanned > c.expected THEN 'quantityAbove'
          ELSE 'quantityBelow' END AS category`;

/**
 * A reference's run on a fresh in-memory DuckDB: the catalogue table, then `linesSql` (which
 * creates the table `lines`), timed together; then, untimed, the category counts and, when
 * `linesQuery` is given, its rows as tab-joined text (null cells empty).
 */
async function timedReference(catalogueFile: string, linesSql: string, linesQuery?: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  try {
    const started = performance.now();
    await db.run(CATALOGUE_TABLE(catalogueFile));
    await db.run(linesSql);
    const seconds = (performance.now() - started) / 1000;
    const counted = await db.runAndReadAll('SELECT category, COUNT(*) AS n FROM lines GROUP BY category ORDER BY category');
    const counts = Object.fromEntries(counted.getRows().map(([c, n]) => [String(c), Number(n)]));
    const rows = linesQuery === undefined ? [] : (await db.runAndReadAll(linesQuery)).getRows();
    const lines = rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join('\t'));
    return { seconds, counts, lines };
  } finally {
    db.closeSync();
  }
}
