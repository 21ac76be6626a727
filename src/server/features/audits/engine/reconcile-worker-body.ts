/**
 * The worker thread's body (reconcile-in-worker.ts): reads each scan file with the readers,
 * feeds the engine, posts progress every batch, then the results or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createReconciler } from '../../../../domain/reconcile.js';
import { readScanRowBatches } from '../../../files/index.js';
import { openScanTable } from './scan-table.js';
import { serialiseError, type WorkerInput, type WorkerMessage } from './reconcile-in-worker.js';

async function run(input: WorkerInput): Promise<WorkerMessage> {
  const reconciler = createReconciler(input.options);
  const rowCounts: number[] = [];
  let rowsRead = 0;
  for (const [i, file] of input.files.entries()) {
    const table = await openScanTable(file, file);
    let rowCount = 0;
    for await (const batch of readScanRowBatches(table, { scanColumn: file.scanColumn, quantityColumn: file.quantityColumn })) {
      for (const row of batch) reconciler.add(i, row.value, row.quantity);
      rowCount += batch.length;
      rowsRead += batch.length;
      parentPort!.postMessage({ type: 'progress', progress: { filesDone: i, rowsRead } } satisfies WorkerMessage);
    }
    rowCounts.push(rowCount);
  }
  return { type: 'done', output: { results: reconciler.finish(), rowCounts } };
}

run(workerData as WorkerInput).then(
  (message) => parentPort!.postMessage(message),
  (err: unknown) => parentPort!.postMessage({ type: 'error', error: serialiseError(err) } satisfies WorkerMessage),
);
