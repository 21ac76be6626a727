/**
 * `npm run reconcile -- --catalogue catalogue.csv --scan team1.csv:Barcode:Qty --scan team3.csv:scan
 *   [--filter JSON] [--mode cross-validation] [--json out.json] [--xlsx out.xlsx] [--csv out.csv]
 *   [--map 'Header=field,...'] [--location NAME|all] [--header-line N] [--repeated-rows sum|first]
 *   [--has-header yes|no|auto] [--partial]`
 *
 * The catalogue's columns are proposed as in the web dialog (known export layouts, synonyms);
 * `--map` sets or overrides columns (`'Item_ID=sku,Notes=skip'`), `--location` picks the location
 * a multi-location export's count is for, or `all` of them summed; `--header-line` names the line
 * of the catalogue's column names (title rows above it skipped) and `--repeated-rows first` keeps
 * the first row's stock of an item listed on several rows (the dialog's choices alike). Rows without any identifier are
 * skipped and listed by line (table-interpretation.ts) and rows with problems are
 * listed (the first 20, then a count); with problems the run stops unless `--partial` is given,
 * which reconciles against the good rows. `--has-header` applies to every scan file.
 *
 * Reconciles scan files against a catalogue without the web app or a database: the same file
 * readers, catalogue auto-mapping, engine (DESIGN.md section 5) and exports as the server.
 * `--scan` is FILE:SCAN_COLUMN[:QUANTITY_COLUMN]; column names may hold spaces; without a scan
 * column the scan file's columns are auto-mapped. Prints a one-screen summary; exit code 1 with a
 * message naming file and line on bad input, 2 on bad arguments.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { filterExpressionSchema, type FilterExpression } from '../contracts/filters.js';
import { auditModeSchema, RESULT_CATEGORIES, type AuditMode, type EnhancedResults, type ResultCategory } from '../contracts/results.js';
import {
  headerChoiceSchema,
  headerLineSchema,
  PRODUCT_IMPORT_FIELD_LABELS,
  productImportFieldSchema,
  repeatedRowsSchema,
  type HeaderChoice,
} from '../contracts/products.js';
import { foldHeader, suggestMapping } from '../domain/column-mapping.js';
import { interpretTable, type RepeatedRows, type TableChoices } from '../domain/table-interpretation.js';
import { describeFilter } from '../domain/describe-filter.js';
import { matchesFilter } from '../domain/filters.js';
import { summariseMoney } from '../domain/money-summary.js';
import { createReconciler, type CatalogueProduct } from '../domain/reconcile.js';
import { AppError } from '../server/errors.js';
import { openTable, previewTable, readScanColumns } from '../server/files/index.js';
import { parseCatalogue } from '../server/features/products/import-products.js';
import { writeCsvReport, writeXlsxReport, type ReportInput } from '../server/reports/index.js';

export interface ScanSpec {
  file: string;
  scanColumn: string | null;
  quantityColumn: string | null;
}

/**
 * Splits FILE:SCAN_COLUMN[:QUANTITY_COLUMN]. The file part is the longest prefix that names an
 * existing file, so paths and column names may both hold ':' or spaces.
 * @throws Error when no prefix names an existing file.
 */
export function parseScanSpec(spec: string, exists: (p: string) => boolean = existsSync): ScanSpec {
  const parts = spec.split(':');
  for (let k = parts.length; k >= 1; k -= 1) {
    const file = parts.slice(0, k).join(':');
    const rest = parts.slice(k);
    if (rest.length <= 2 && exists(file)) {
      return { file, scanColumn: rest[0]?.trim() || null, quantityColumn: rest[1]?.trim() || null };
    }
  }
  throw new Error(`--scan ${spec}: no such file (expected FILE:SCAN_COLUMN[:QUANTITY_COLUMN])`);
}

type CliProduct = CatalogueProduct & { manufacturer: string | null; distributor: string | null; tags: string[] };

/**
 * Parses `--map 'Header=field,Other Header=skip'` (field keys of the product import or `skip`).
 * @throws Error naming the bad entry.
 */
export function parseMapOption(text: string): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.lastIndexOf('=');
    const header = entry.slice(0, at).trim();
    const field = entry.slice(at + 1).trim();
    if (at < 0 || header === '') throw new Error(`--map ${entry.trim()}: expected Header=field`);
    if (field !== 'skip' && !productImportFieldSchema.safeParse(field).success) {
      throw new Error(`--map ${entry.trim()}: "${field}" is not a product field (${productImportFieldSchema.options.join(', ')}, skip)`);
    }
    mapping[header] = field;
  }
  return mapping;
}

export interface CatalogueOptions {
  /** Header -> field ('skip' leaves the column out), over the proposed mapping. */
  map?: Record<string, string>;
  /** Location whose quantity column is the expected stock (multi-location exports). */
  location?: string;
  /** The line of the catalogue's column names (default: found by the reader). */
  headerLine?: number;
  /** Further rows of one item: 'sum' their stock (default) or keep the 'first' row's. */
  repeatedRows?: RepeatedRows;
  /** Reconcile against the good rows when some rows have problems. */
  partial?: boolean;
  /** Where the summary of skipped and rejected rows goes (default: stderr). */
  log?: (line: string) => void;
}

/**
 * The catalogue's reading choices: the interpretation's mapping (as the web dialog proposes it)
 * with `--map` over it, and `--location NAME|all`.
 * @throws AppError UNKNOWN_COLUMN for a `--map` header the file lacks, UNKNOWN_LOCATION for a
 *   location the file does not hold.
 */
export function catalogueChoices(headers: string[], sampleRows: string[][], opts: CatalogueOptions, fileName: string): TableChoices {
  const location = opts.location?.trim() || undefined;
  const interpretation = interpretTable(headers, sampleRows, foldHeader, location ? { location } : {});
  const mapping: Record<string, string> = { ...interpretation.mapping };
  for (const [header, field] of Object.entries(opts.map ?? {})) {
    if (!headers.includes(header)) throw new AppError('UNKNOWN_COLUMN', `${fileName}: there is no column "${header}". Columns: ${headers.join(', ')}.`);
    for (const [h, f] of Object.entries(mapping)) if (f === field) delete mapping[h];
    if (field === 'skip') delete mapping[header];
    else mapping[header] = field;
  }
  if (location !== undefined && location.toLowerCase() !== 'all') {
    const stock = interpretation.stock;
    const known = [...(stock?.locations.map((l) => l.location) ?? []), ...(stock?.storeColumn?.stores ?? [])];
    const found = stock !== null && (stock.storeColumn !== null || (stock.locations.length > 0 && stock.indexes.length > 0));
    if (!found) {
      throw new AppError(
        'UNKNOWN_LOCATION',
        `${fileName}: no quantity column for location "${location}". ${known.length ? `Locations: ${known.join(', ')}.` : 'The file has one quantity column per product, not per location.'}`,
      );
    }
  }
  return { mapping, ...(location ? { location } : {}), ...(opts.repeatedRows ? { repeatedRows: opts.repeatedRows } : {}) };
}

/** The first 20 of `items`, then how many more. */
function firstTwenty(items: string[], total: number): string[] {
  const shown = items.slice(0, 20);
  return total > shown.length ? [...shown, `  ...and ${total - shown.length} more`] : shown;
}

async function loadCatalogue(file: string, filter: FilterExpression | null, opts: CatalogueOptions = {}): Promise<CliProduct[]> {
  const fileName = path.basename(file);
  const log = opts.log ?? ((line: string) => console.error(line));
  const headerLine = opts.headerLine !== undefined ? { headerLine: opts.headerLine } : {};
  const preview = await previewTable(file, fileName, { rows: 10, header: 'yes', ...headerLine });
  const choices = catalogueChoices(preview.headers, preview.rows, opts, fileName);
  const parsed = await parseCatalogue(file, fileName, choices, headerLine);
  const { interpretation } = parsed;
  log(`Catalogue columns: ${Object.entries(interpretation.mapping).map(([h, f]) => `${h} -> ${PRODUCT_IMPORT_FIELD_LABELS[f]}`).join(', ')}`);
  for (const d of interpretation.decisions) log(d.text);
  for (const k of parsed.keyedBy) log(`${k.count} rows without SKU are known by their ${k.source} (lines ${k.firstLines.join(', ')}${k.count > k.firstLines.length ? ', ...' : ''})`);
  for (const s of parsed.skipped) log(`Skipped ${s.count} ${s.reason}`);
  if (parsed.skippedLines.length > 0) {
    log(`Rows without identifier (${parsed.skippedLines.length}):`);
    for (const line of firstTwenty(parsed.skippedLines.map((l) => `  line ${l.line}: ${l.reason}`), parsed.skippedLines.length)) log(line);
  }
  if (parsed.warnings.length > 0) {
    log(`Warnings (${parsed.warnings.length}):`);
    for (const line of firstTwenty(parsed.warnings.map((w) => `  ${w.message}`), parsed.warnings.length)) log(line);
  }
  if (parsed.errorCount > 0) {
    log(`Rejected rows (${parsed.rejectedCount}):`);
    for (const line of firstTwenty(parsed.errors.map((e) => `  ${e.message}`), parsed.errorCount)) log(line);
    if (!opts.partial) {
      throw new AppError('IMPORT_INVALID', `${fileName}: ${parsed.rejectedCount} rows have problems (listed above); fix them, or pass --partial to reconcile against the good rows.`);
    }
  }
  return parsed.rows.map((row) => {
    const product: CliProduct = {
      id: row.sku,
      sku: row.sku,
      upc: (row.upc as string | null) ?? null,
      otherIdentifier: (row.otherIdentifier as string | null) ?? null,
      name: (row.name as string | null) ?? null,
      category: (row.category as string | null) ?? null,
      location: (row.location as string | null) ?? null,
      manufacturer: (row.manufacturer as string | null) ?? null,
      distributor: (row.distributor as string | null) ?? null,
      tags: (row.tags as string[] | undefined) ?? [],
      expectedQuantity: (row.currentQuantity as number | undefined) ?? 0,
      costPrice: (row.costPrice as string | null) ?? null,
      inScope: true,
    };
    const alternates = parsed.alternates.get(row.sku.toLowerCase());
    if (alternates !== undefined) product.alternates = alternates;
    if (filter) product.inScope = matchesFilter(product, filter);
    return product;
  });
}

async function resolveColumns(spec: ScanSpec, header: HeaderChoice): Promise<{ scanColumn: string; quantityColumn: string | null }> {
  if (spec.scanColumn) return { scanColumn: spec.scanColumn, quantityColumn: spec.quantityColumn };
  const preview = await previewTable(spec.file, path.basename(spec.file), { rows: 10, header });
  const mapping = suggestMapping('scan', preview.headers, preview.rows);
  const scanColumn = Object.keys(mapping).find((h) => mapping[h] === 'scanValue');
  if (!scanColumn) {
    throw new AppError('MISSING_SCAN_COLUMN', `${path.basename(spec.file)}: name the scan column (FILE:SCAN_COLUMN). Columns: ${preview.headers.join(', ')}`);
  }
  return { scanColumn, quantityColumn: Object.keys(mapping).find((h) => mapping[h] === 'quantity') ?? null };
}

export interface ReconcileCliOptions {
  catalogue: string;
  scans: ScanSpec[];
  filter: FilterExpression | null;
  mode: AuditMode;
  /** Whether scan files start with a header row (default auto: decided from the data). */
  hasHeader?: HeaderChoice;
  catalogueOptions?: CatalogueOptions;
}

/** Runs the reconciliation of the CLI's inputs; the result holds every line. */
export async function reconcileFiles(opts: ReconcileCliOptions): Promise<EnhancedResults> {
  const started = performance.now();
  const catalogue = await loadCatalogue(opts.catalogue, opts.filter, opts.catalogueOptions);
  const header = opts.hasHeader ?? 'auto';
  const columns = [];
  for (const spec of opts.scans) columns.push(await resolveColumns(spec, header));
  const reconciler = createReconciler({
    auditType: opts.filter ? 'product-audit' : 'cycle-count',
    mode: opts.mode,
    catalogue,
    files: opts.scans.map((s, i) => ({ fileName: path.basename(s.file), teamName: `Team ${i + 1}`, scannerId: null })),
  });
  for (const [i, spec] of opts.scans.entries()) {
    const table = await openTable(spec.file, path.basename(spec.file), { header });
    for await (const batch of readScanColumns(table, columns[i]!)) reconciler.addColumns(i, batch.values, batch.quantities, batch.count, batch.lines, batch);
  }
  const results = reconciler.finish();
  results.summary.processingTime = Math.round(performance.now() - started);
  return results;
}

/** ReportInput over in-memory results (the server streams the same from the database). */
export function inMemoryReport(results: EnhancedResults, name: string, filter: FilterExpression | null = null): ReportInput {
  return {
    audit: {
      name,
      section: null,
      auditType: results.auditType,
      mode: results.summary.mode,
      createdAt: new Date(),
      completedAt: new Date(),
      organizationName: null,
      scope: filter ? describeFilter(filter) : null,
    },
    totalProductsInFilter: results.totalProductsInFilter,
    summary: results.summary,
    money: summariseMoney(results.categories),
    counts: results.counts,
    async *lines(category: ResultCategory) {
      yield* results.categories[category];
    },
    repeatedReads: results.repeatedReads,
  };
}

const LABEL: Record<ResultCategory, string> = {
  quantityCorrect: 'Quantity correct',
  quantityAbove: 'Quantity above',
  quantityBelow: 'Quantity below',
  crossFileDiscrepancies: 'Cross-file discrepancies',
  notFound: 'Not found',
  scannedNotExpected: 'Not expected',
  zeroSheetItems: 'Zero sheet',
};

/** The one-screen summary printed after a run. */
export function formatSummary(results: EnhancedResults): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `${results.auditType === 'product-audit' ? 'Product audit' : 'Cycle count'} (${results.summary.mode})` +
      (results.totalProductsInFilter !== null ? `, ${results.totalProductsInFilter} products in filter` : ''),
    `Scanned units: ${results.summary.totalScanned}   match rate: ${pct(results.summary.matchRate)}` +
      (results.summary.accuracy !== null ? `   accuracy: ${pct(results.summary.accuracy)}` : ''),
    `Variance: ${results.summary.varianceUnits} units, ${results.summary.varianceValue} at cost`,
    '',
    ...RESULT_CATEGORIES.filter((c) => c !== 'crossFileDiscrepancies' || results.summary.mode === 'cross-validation').map(
      (c) => `  ${LABEL[c].padEnd(26)}${String(results.counts[c]).padStart(8)}`,
    ),
    '',
    'Scan files:',
    ...results.summary.scanFileBreakdown.map((f) => `  ${f.fileName.padEnd(30)}${String(f.totalItems).padStart(8)} units   ${pct(f.matchRate)}`),
    `Processed in ${(results.summary.processingTime / 1000).toFixed(2)} s`,
  ];
  return lines.join('\n');
}

async function writeReport(file: string, write: (out: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  const out = createWriteStream(file);
  await write(out);
  if (!out.writableEnded) out.end();
  await finished(out);
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        catalogue: { type: 'string' },
        scan: { type: 'string', multiple: true },
        filter: { type: 'string' },
        mode: { type: 'string', default: 'standard' },
        json: { type: 'string' },
        xlsx: { type: 'string' },
        csv: { type: 'string' },
        name: { type: 'string', default: 'Command-line reconciliation' },
        map: { type: 'string' },
        location: { type: 'string' },
        'header-line': { type: 'string' },
        'repeated-rows': { type: 'string' },
        'has-header': { type: 'string', default: 'auto' },
        partial: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  if (args.help || !args.catalogue || !args.scan?.length) {
    console.error(
      'usage: npm run reconcile -- --catalogue FILE --scan FILE:SCAN_COLUMN[:QUANTITY_COLUMN] [--scan ...]\n' +
        '         [--filter JSON] [--mode standard|cross-validation] [--json OUT] [--xlsx OUT] [--csv OUT]\n' +
        "         [--map 'Header=field,...'] [--location NAME|all] [--header-line N] [--repeated-rows sum|first]\n" +
        '         [--has-header yes|no|auto] [--partial]',
    );
    return args.help ? 0 : 2;
  }
  let filter: FilterExpression | null = null;
  let mode: AuditMode;
  let scans: ScanSpec[];
  let map: Record<string, string> | undefined;
  let hasHeader: HeaderChoice;
  let headerLine: number | undefined;
  let repeatedRows: RepeatedRows | undefined;
  try {
    if (args['header-line'] !== undefined) {
      const line = headerLineSchema.safeParse(args['header-line']);
      if (!line.success) throw new Error(`--header-line ${args['header-line']}: expected a line number from 1 to 1000`);
      headerLine = line.data;
    }
    if (args['repeated-rows'] !== undefined) {
      const rows = repeatedRowsSchema.safeParse(args['repeated-rows']);
      if (!rows.success) throw new Error(`--repeated-rows ${args['repeated-rows']}: expected sum or first`);
      repeatedRows = rows.data;
    }
    if (args.map !== undefined) map = parseMapOption(args.map);
    const header = headerChoiceSchema.safeParse(args['has-header']);
    if (!header.success) throw new Error(`--has-header ${args['has-header']}: expected yes, no or auto`);
    hasHeader = header.data;
    if (args.filter) filter = filterExpressionSchema.parse(JSON.parse(args.filter));
    mode = auditModeSchema.parse(args.mode);
    scans = args.scan.map((s) => parseScanSpec(s));
    if (!existsSync(args.catalogue)) throw new Error(`--catalogue ${args.catalogue}: no such file`);
  } catch (err) {
    console.error(err instanceof SyntaxError ? `--filter is not valid JSON: ${err.message}` : (err as Error).message);
    return 2;
  }
  const results = await reconcileFiles({
    catalogue: args.catalogue,
    scans,
    filter,
    mode,
    hasHeader,
    catalogueOptions: { map, location: args.location, partial: args.partial, headerLine, repeatedRows },
  });
  if (args.json) await writeFile(args.json, JSON.stringify(results, null, 2));
  const report = inMemoryReport(results, args.name!, filter);
  if (args.xlsx) await writeReport(args.xlsx, (out) => writeXlsxReport(report, out));
  if (args.csv) await writeReport(args.csv, (out) => writeCsvReport(report, out));
  console.log(formatSummary(results));
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('reconcile.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof AppError ? err.message : err);
      process.exit(1);
    },
  );
}
