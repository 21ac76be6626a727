/**
 * The worker thread's body (reconcile-in-worker.ts): reads each scan file with the readers,
 * feeds the engine, posts progress every batch, posts the results without their lines, then
 * writes the product lines and the notFound lines to the job's two CSV files, posting each file's
 * size as it grows, 'linesDone' after the product lines and 'done' at the end; or posts the error.
 * The job's input is the first message the thread receives (it may be started ahead, as a
 * spare: reconcile-in-worker.ts).
 */
import { parentPort } from 'node:worker_threads';
import { createReconciler } from '../../../../domain/reconcile.js';
import { writeNotFoundLinesCsv, writeProductLinesCsv } from '../result-lines.js';
import { ScanPreparer } from './prepared-scan-batches.js';
import { parseCatalogueSnapshot } from './catalogue-snapshot.js';
import { yieldToRequests } from './thread-priority.js';
import type { StartedJob, WorkerMessage } from './reconcile-in-worker.js';
import { serialiseError } from './thread-errors.js';

async function run(input: StartedJob, preparer: ScanPreparer): Promise<WorkerMessage> {
  // The first file is read and prepared in the scan reading thread while this one builds the
  // catalogue's products and index (docs/decisions/0181).
  const first = input.files.length > 0 ? preparer.read(input.files[0]!) : null;
  const { catalogue, productTags } = parseCatalogueSnapshot(input.catalogue.snapshotJson, input.catalogue.filter, input.catalogue.scopeIds ?? null);
  const reconciler = createReconciler({ ...input.options, catalogue });
  const rowCounts: number[] = [];
  let rowsRead = 0;
  for (const [i, file] of input.files.entries()) {
    let rowCount = 0;
    for await (const batch of i === 0 ? first! : preparer.read(file)) {
      reconciler.addPrepared(i, batch);
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

yieldToRequests();
// The thread may start ahead of its job (a spare): the job's input is the first message.
parentPort!.once('message', (input: StartedJob) => {
  const preparer = new ScanPreparer(input.scanReading);
  run(input, preparer)
    .then(post, (err: unknown) => post({ type: 'error', error: serialiseError(err) }))
    // One job per thread: its read stops with it, whether or not it read to the end.
    .finally(() => preparer.close());
});
