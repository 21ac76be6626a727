/**
 * The worker thread's body (reconcile-in-worker.ts): reads each scan file with the readers,
 * feeds the engine, posts progress every batch, posts the results without their lines, then
 * writes the product lines and the notFound lines to the job's two CSV files, posting each file's
 * size as it grows, 'linesDone' after the product lines and 'done' at the end; or posts the error.
 * The job's input is the first message the thread receives (it may be started ahead, as a
 * spare: reconcile-in-worker.ts).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createReconciler } from '../../../../domain/reconcile.js';
import { writeNotFoundLinesCsv, writeProductLinesCsv } from '../result-lines.js';
import { readScanColumns } from '../../../files/index.js';
import { openScanTable } from './scan-table.js';
import { parseCatalogueSnapshot } from './catalogue-snapshot.js';
import { serialiseError, type WorkerInput, type WorkerMessage } from './reconcile-in-worker.js';

async function run(input: WorkerInput): Promise<WorkerMessage> {
  const { catalogue, productTags } = parseCatalogueSnapshot(input.catalogue.snapshotJson, input.catalogue.filter, input.catalogue.scopeIds ?? null);
  const reconciler = createReconciler({ ...input.options, catalogue });
  const rowCounts: number[] = [];
  let rowsRead = 0;
  for (const [i, file] of input.files.entries()) {
    const table = await openScanTable(file, file);
    let rowCount = 0;
    for await (const batch of readScanColumns(table, { scanColumn: file.scanColumn, quantityColumn: file.quantityColumn })) {
      reconciler.addColumns(i, batch.values, batch.quantities, batch.count, batch.lines, batch);
      rowCount += batch.count;
      rowsRead += batch.count;
      post({ type: 'progress', progress: { filesDone: i, rowsRead } });
    }
    rowCounts.push(rowCount);
  }
  // The lines are made as they are written (docs/decisions/0084); `results.categories` stays empty.
  const { results, lines } = reconciler.finishStreamed();
  const { csvFiles, owner } = input.lines;
  // The results go first: the caller starts storing them while the lines are written, and COPY
  // reads each file as it grows (docs/decisions/0076, 0150).
  post({ type: 'results', output: { results, rowCounts } });
  const written = await writeProductLinesCsv(csvFiles.lines, owner, lines, productTags, (bytes) => post({ type: 'written', file: 'lines', bytes }));
  post({ type: 'linesDone', taggedLines: written.taggedLines });
  const notFoundCount = await writeNotFoundLinesCsv(csvFiles.notFound, owner.auditId, lines('notFound'), (bytes) => post({ type: 'written', file: 'notFound', bytes }));
  return { type: 'done', notFoundCount };
}

function post(message: WorkerMessage): void {
  parentPort!.postMessage(message);
}

/**
 * Lowers this thread's scheduling priority (Linux: a thread's id is a pid for setpriority), so
 * that on a busy machine the server's event loop, answering other organisations, gets the CPU
 * before the engine does (docs/decisions/0053). Elsewhere, or when refused, nothing changes.
 */
function yieldToRequests(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, WORKER_NICENESS);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}

/** Niceness of the engine's thread: below the event loop's 0, not so low that it starves. */
const WORKER_NICENESS = 5;

yieldToRequests();
// The thread may start ahead of its job (a spare): the job's input is the first message.
parentPort!.once('message', (input: WorkerInput) => {
  run(input).then(post, (err: unknown) => post({ type: 'error', error: serialiseError(err) }));
});
