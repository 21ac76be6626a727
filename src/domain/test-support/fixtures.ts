/**
 * Test support (not part of the pure domain; it reads files): load a reconciliation fixture of
 * the repository's `fixtures/<name>/` (see fixtures/README.md) for unit, API, CLI and e2e tests.
 *
 * The fixtures directory is `STOCKTALLY_FIXTURES_DIR` when set, else `fixtures/` of the repository.
 *
 *   const fx = loadFixture('cycle-count-basic');
 *   const results = reconcile(fixtureReconcileInput(fx));
 *   // hold results to fx.expected
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import type { AuditMode, AuditType, CategoryCounts, ResultCategory } from '../../contracts/results.js';
import type { FilterExpression } from '../../contracts/filters.js';
import { filterExpressionSchema } from '../../contracts/filters.js';
import { compileFilter } from '../filters.js';
import type { CatalogueProduct, ReconcileOptions, ScanFileMeta } from '../reconcile.js';

/** The fixture folders of the repository's `fixtures/`. */
export const FIXTURE_NAMES = ['cycle-count-basic', 'product-audit-category'] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

/** One scan file of `manifest.json` (column names as in the file). */
export interface FixtureScanFile {
  file: string;
  teamName: string;
  scannerId?: string;
  scanColumn: string;
  quantityColumn?: string;
}

/** `manifest.json` of a fixture. */
export interface FixtureManifest {
  auditType: AuditType;
  filterExpression?: FilterExpression;
  catalogue: string;
  /** Catalogue header -> product import field key. */
  catalogueMapping: Record<string, string>;
  scanFiles: FixtureScanFile[];
}

/** One catalogue row with every imported field (what a correct import stores). */
export interface FixtureCatalogueRow {
  sku: string;
  upc: string | null;
  otherIdentifier: string | null;
  name: string | null;
  distributor: string | null;
  manufacturer: string | null;
  category: string | null;
  location: string | null;
  currentQuantity: number;
  costPrice: string | null;
  price: string | null;
  tags: string[];
}

/** One row of `logical-rows.csv`: what a correct reader yields (line = 1-based line in the file). */
export interface LogicalRow {
  file: string;
  line: number;
  value: string;
  quantity: number;
}

/** `expected.json`: the reference answer (standard mode). */
export interface FixtureExpected {
  auditType: AuditType;
  totalScanned: number;
  matchRate: number;
  counts: Partial<CategoryCounts>;
  files: Record<string, { totalItems: number; matchRate: number }>;
  /** Catalogue SKU -> category, expected and scanned quantity. */
  items: Record<string, { category: ResultCategory; expected: number; scanned: number }>;
  /** notFound value (normalised as first scanned, see reconcile.ts) -> summed quantity. */
  notFound: Record<string, number>;
}

/** A loaded fixture (see `loadFixture`). */
export interface Fixture {
  name: string;
  /** Absolute path of the fixture folder (scan files live there). */
  dir: string;
  manifest: FixtureManifest;
  catalogueRows: FixtureCatalogueRow[];
  /** The engine's catalogue: ids `P0001`...; `inScope` from the manifest's filter expression. */
  catalogue: CatalogueProduct[];
  logicalRows: LogicalRow[];
  expected: FixtureExpected;
}

/** Absolute path of the fixtures directory (`STOCKTALLY_FIXTURES_DIR`, else the repository's `fixtures/`). */
export function fixturesDir(): string {
  const fromEnv = process.env.STOCKTALLY_FIXTURES_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures');
}

/** Load fixture `name`. Throws (with the path) when a file is missing or malformed. */
export function loadFixture(name: FixtureName | string): Fixture {
  const dir = path.join(fixturesDir(), name);
  const read = (file: string): string => readFileSync(path.join(dir, file), 'utf8');
  const manifest = JSON.parse(read('manifest.json')) as FixtureManifest;
  if (manifest.filterExpression) manifest.filterExpression = filterExpressionSchema.parse(manifest.filterExpression);

  const catalogueRows = parseCsv(read(manifest.catalogue), `${name}/${manifest.catalogue}`).map((record) =>
    toCatalogueRow(record, manifest.catalogueMapping),
  );
  const inScope =
    manifest.auditType === 'product-audit' && manifest.filterExpression
      ? compileFilter(manifest.filterExpression)
      : () => true;
  const catalogue = catalogueRows.map(
    (row, i): CatalogueProduct => ({
      id: `P${String(i + 1).padStart(4, '0')}`,
      sku: row.sku,
      upc: row.upc,
      otherIdentifier: row.otherIdentifier,
      name: row.name,
      category: row.category,
      location: row.location,
      expectedQuantity: row.currentQuantity,
      costPrice: row.costPrice,
      inScope: inScope(row),
    }),
  );

  const logicalRows = parseCsv(read('logical-rows.csv'), `${name}/logical-rows.csv`).map(
    (record): LogicalRow => ({
      file: record.file ?? '',
      line: Number(record.line),
      value: record.value ?? '',
      quantity: (record.qty ?? '').trim() === '' ? 1 : Number(record.qty),
    }),
  );
  const expected = JSON.parse(read('expected.json')) as FixtureExpected;
  return { name, dir, manifest, catalogueRows, catalogue, logicalRows, expected };
}

/** The scan files of a fixture as the engine's file list (manifest order). */
export function fixtureFiles(fixture: Fixture): ScanFileMeta[] {
  return fixture.manifest.scanFiles.map((f) => ({
    fileName: f.file,
    teamName: f.teamName,
    scannerId: f.scannerId ?? null,
  }));
}

/** The logical rows of each scan file, in manifest file order, each in line order. */
export function fixtureScans(fixture: Fixture): { value: string; quantity: number }[][] {
  return fixture.manifest.scanFiles.map((f) =>
    fixture.logicalRows
      .filter((row) => row.file === f.file)
      .sort((a, b) => a.line - b.line)
      .map((row) => ({ value: row.value, quantity: row.quantity })),
  );
}

/** Everything `reconcile()` needs for a fixture (standard mode unless told). */
export function fixtureReconcileInput(
  fixture: Fixture,
  mode: AuditMode = 'standard',
): ReconcileOptions & { scans: { value: string; quantity: number }[][] } {
  return {
    auditType: fixture.manifest.auditType,
    mode,
    catalogue: fixture.catalogue,
    files: fixtureFiles(fixture),
    scans: fixtureScans(fixture),
  };
}

function parseCsv(text: string, what: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    throw new Error(`${what} row ${String(e.row)}: ${e.message}`);
  }
  return parsed.data;
}

function toCatalogueRow(record: Record<string, string>, mapping: Record<string, string>): FixtureCatalogueRow {
  const field: Record<string, string> = {};
  for (const [header, key] of Object.entries(mapping)) field[key] = (record[header] ?? '').trim();
  const text = (key: string): string | null => (field[key] ? field[key] : null);
  return {
    sku: field.sku ?? '',
    upc: text('upc'),
    otherIdentifier: text('otherIdentifier'),
    name: text('name'),
    distributor: text('distributor'),
    manufacturer: text('manufacturer'),
    category: text('category'),
    location: text('location'),
    currentQuantity: field.currentQuantity ? Number(field.currentQuantity) : 0,
    costPrice: text('costPrice'),
    price: text('price'),
    tags: (field.tags ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  };
}
