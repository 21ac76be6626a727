/**
 * The worker thread's body (reconcile-in-worker.ts): reads each scan file with the readers,
 * feeds the engine, posts progress every batch, writes the result lines to the job's CSV files,
 * then posts the results without their lines, or the error. The job's input is the first message
 * the thread receives (it may be started ahead, as a spare: reconcile-in-worker.ts).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { RESULT_CATEGORIES } from '../../../../contracts/results.js';
import { createReconciler } from '../../../../domain/reconcile.js';
import { writeResultLinesCsv } from '../result-lines.js';
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
  const { results, notFoundLines } = reconciler.finishStreamed();
  const { csvFiles, owner, productTags } = input.lines;
  const lineCount = await writeResultLinesCsv(csvFiles, owner, (c) => (c === 'notFound' ? notFoundLines() : results.categories[c]), productTags);
  for (const category of RESULT_CATEGORIES) results.categories[category] = [];
  return { type: 'done', output: { results, rowCounts, lineCount } };
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
  run(input).then(
    (message) => parentPort!.postMessage(message),
    (err: unknown) => parentPort!.postMessage({ type: 'error', error: serialiseError(err) } satisfies WorkerMessage),
  );
});
