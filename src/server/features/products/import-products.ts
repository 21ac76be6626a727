/**
 * Product import use case (spec part 2 sections 4-5 "Product import"; DESIGN.md sections 4, 7).
 * All or nothing, in one transaction: a file with any bad row imports nothing and the answer
 * lists every bad row by line and field, with how many rows could be imported and the rejected
 * rows as CSV; only an explicit `onProblems: 'importValid'` imports the good rows (still one
 * transaction) and answers the rejected ones. Rows without a product are skipped and counted
 * (catalogue-rows.ts); an import whose new products do not fit the plan
 * imports nothing and says how many fit (402).
 *
 * The file streams through: rows are read and validated batch by batch and written 5,000 at a
 * time while the next rows are read, so reading (Node) and writing (the database) overlap. A bad
 * row stops the writing (its transaction is rolled back at the end) but not the reading, which
 * goes on to list every problem; passing the plan's limit stops the writing too, and the rest of
 * the file is only counted for the message.
 *
 * Into an empty catalogue (the organisation had no products when the import took its lock) the
 * rows are COPYed straight into products rather than upserted, while every SKU written is ASCII
 * (`allNew` below; docs/decisions/0097-first-import-as-plain-inserts.md). Each row is written as
 * COPY text as soon as it is read, not kept as an object until its batch is written
 * (docs/decisions/0152-catalogue-import-streams-rows-to-copy.md).
 */
import type { Db } from '../../db/client.js';
import type { ImportOnProblems, ImportResponse } from '../../../contracts/products.js';
import type { Plan } from '../../../domain/plans.js';
import type { RepeatedRows } from '../../../domain/table-interpretation.js';
import { AppError } from '../../errors.js';
import { openTable } from '../../files/index.js';
import { releaseHeapAfterLargeWork } from '../../memory.js';
import { catalogueReaderFor, type CatalogueRowReader } from './catalogue-rows.js';
import { rememberCatalogueLayout } from './catalogue-layout.js';
import { storeAlternateIdentifiers } from './store-identifiers.js';
import { lockProductAllowance, productLimitReached } from './product-limit.js';
import { addQuantitiesBySku, countSkusPastLimit, noteSkusPastLimit, ProductRowBatch, UPSERT_BATCH, writeProductRows } from './repo.js';

export { parseCatalogue, resolveProductMapping, type ParsedCatalogue } from './catalogue-rows.js';

/**
 * Imports a catalogue file for an organisation: all rows or none.
 * @param mapping file header -> field key (spec part 2 section 7 `columnMapping`).
 * @param plan the plan whose product limit applies; by default the organisation's (routes never
 *   pass one; bench/products.ts does, to import 100,000 rows, more than any plan allows).
 * @throws AppError 400 IMPORT_INVALID with `details` { totalRows, errorCount, errors: [{ line,
 *   field, message }] } when any row is bad; 402 PRODUCT_LIMIT_REACHED (product-limit.ts);
 *   mapping errors; FileError for an unreadable file. Nothing is written then.
 */
export async function importProducts(
  db: Db,
  opts: {
    organizationId: string;
    filePath: string;
    fileName: string;
    mapping: Record<string, string>;
    /** Per-location stock: a location's (or store's) name, or 'all' (summed); default the proposal's. */
    location?: string;
    plan?: Plan;
    /** 'importValid': import the good rows and list the bad ones (default 'importNothing'). */
    onProblems?: ImportOnProblems;
    /** The header row's line in the file, when the user chose it (title rows above it skipped). */
    headerLine?: number;
    /** Further rows of one item: 'sum' their stock (the default) or keep the 'first' row's. */
    repeatedRows?: RepeatedRows;
  },
): Promise<ImportResponse> {
  const { organizationId, fileName } = opts;
  const partial = opts.onProblems === 'importValid';
  const table = await openTable(opts.filePath, fileName, { header: 'yes', ...(opts.headerLine ? { headerLine: opts.headerLine } : {}) });
  const readerFor = catalogueReaderFor(fileName, table.headers, {
    mapping: opts.mapping,
    ...(opts.location ? { location: opts.location } : {}),
    ...(opts.repeatedRows ? { repeatedRows: opts.repeatedRows } : {}),
  });
  let reader: CatalogueRowReader = null as unknown as CatalogueRowReader;
  const refusing = () => !partial && reader.errorCount > 0;

  const importing = db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const allowance = await lockProductAllowance(tx, { organizationId, plan: opts.plan });
    let inserted = 0;
    let updated = 0;
    let writing: Promise<void> | null = null;
    let writeError: unknown = null;
    /** Whether good rows were left unwritten because the limit was passed (their SKUs are noted). */
    let pastLimit = false;
    /**
     * Whether the rows written so far were known new, so that the next batch may be too. The
     * organisation had no products when the import locked its row (every other insert of products
     * takes that lock too, product-limit.ts), so a row's SKU can only be taken by a row this
     * import wrote. The reader lets each SKU through once, comparing them in JavaScript's lower
     * case; for ASCII SKUs that is as fine as the unique index's `lower(sku)` under any database
     * locale (Turkish maps 'I' to 'ı', still apart from 'i'), so they never collide. A non-ASCII
     * SKU might (JavaScript's and the database's lower case differ beyond ASCII): from its batch
     * on, the import upserts as for a catalogue with products, so such a SKU meets exactly the ON
     * CONFLICT it met before.
     */
    let allNew = allowance.current === 0;
    const overLimit = () => inserted > allowance.room;

    const write = async (batch: ProductRowBatch) => {
      // Plain COPY while the catalogue was empty and every SKU so far is ASCII (see ProductRowBatch).
      allNew &&= batch.allSkusAscii;
      if (writing) await writing;
      if (writeError !== null) throw writeError;
      if (refusing()) return;
      // Not awaited here: the next rows are read while the database writes these (or, past the
      // limit, notes their SKUs for the message). The catch keeps a failure for the next await
      // instead of leaving a rejected promise unhandled.
      if (overLimit()) pastLimit = true;
      const work = pastLimit
        ? noteSkusPastLimit(tx, organizationId, batch)
        : writeProductRows(tx, organizationId, batch, { allNew }).then((done) => {
            inserted += done.inserted;
            updated += done.updated;
          });
      writing = work.catch((err: unknown) => {
        writeError = err;
      });
    };

    // Two batches in turn: one is filled with the rows read while the other is being written.
    let filling: ProductRowBatch | null = null;
    let written: ProductRowBatch | null = null;
    try {
      for await (const tableRows of table.batches()) {
        reader = readerFor(tableRows);
        filling ??= new ProductRowBatch(organizationId, reader.fields);
        for (const { line, cells } of tableRows) {
          const row = reader.read(line, cells);
          if (row !== null && !refusing()) filling.add(row);
        }
        if (filling.count >= UPSERT_BATCH) {
          await write(filling);
          // `write` waited for the write before this one: that batch is free to be filled again.
          const free: ProductRowBatch = written ?? new ProductRowBatch(organizationId, reader.fields);
          written = filling;
          filling = free;
          filling.clear();
        }
      }
      if (filling !== null && filling.count > 0) await write(filling);
    } finally {
      if (writing) await writing;
    }
    if (writeError !== null) throw writeError;
    reader ??= readerFor([]);
    // Further rows of an item (another location, bin, serial or lot; a variant sharing the SKU).
    if (!refusing() && !pastLimit && reader.fields.includes('currentQuantity')) {
      const { skus, quantities } = reader.extraStockArrays();
      for (let i = 0; i < skus.length; i += UPSERT_BATCH) {
        await addQuantitiesBySku(tx, organizationId, skus.slice(i, i + UPSERT_BATCH), quantities.slice(i, i + UPSERT_BATCH));
      }
    }

    if (refusing()) throw importInvalid(reader);
    if (reader.totalRows === 0) throw new AppError('NO_DATA_ROWS', `${fileName}: the file has no data rows.`);
    if (overLimit()) {
      const adding = inserted + (pastLimit ? await countSkusPastLimit(tx) : 0);
      throw productLimitReached(allowance, adding);
    }
    // Extra barcode columns (a second Barcode or EAN) and a barcode table's further rows (each with
    // the units one read counts): the products' alternate barcodes.
    const tableBarcodes = [...reader.alternates].map(([sku, identifiers]) => ({ sku, identifiers }));
    if (reader.alternateBarcodes.length > 0 || tableBarcodes.length > 0) {
      await storeAlternateIdentifiers(tx, { organizationId, bySku: [...reader.alternateBarcodes, ...tableBarcodes], mode: 'add' });
    }
    await rememberCatalogueLayout(tx, organizationId, table.headers);
    return { inserted, updated };
  });
  // A file of hundreds of thousands of rows grew the heap (the SKUs seen): given back once done.
  const { inserted, updated } = await importing.finally(() => releaseHeapAfterLargeWork(reader?.totalRows ?? 0));
  const rejected = reader.rejectedCount;
  return {
    totalRows: reader.totalRows,
    imported: inserted,
    updated,
    errors: reader.errors,
    ...(reader.skippedCount > 0 ? { skipped: reader.skippedSummary() } : {}),
    ...(reader.skippedLines.length > 0 ? { skippedLines: reader.skippedLines, skippedCsv: reader.skippedCsv() } : {}),
    ...(reader.keyedBySummary().length > 0 ? { keyedBy: reader.keyedBySummary() } : {}),
    ...(rejected > 0 ? { rejected, rejectedCsv: reader.rejectedCsv() } : {}),
    ...(reader.warningCount > 0 ? { warnings: reader.warnings, warningCount: reader.warningCount } : {}),
  };
}

function importInvalid(reader: CatalogueRowReader): AppError {
  const { errors, errorCount, totalRows, rejectedCount } = reader;
  const first = errors[0]!.message;
  return new AppError(
    'IMPORT_INVALID',
    errorCount === 1 ? `Nothing was imported: ${first}` : `Nothing was imported: ${errorCount} problems. First: ${first}`,
    400,
    {
      totalRows,
      errorCount,
      errors,
      rejected: rejectedCount,
      skipped: reader.skippedSummary(),
      skippedLines: reader.skippedLines,
      importable: totalRows - rejectedCount - reader.skippedCount,
      rejectedCsv: reader.rejectedCsv(),
    },
  );
}
