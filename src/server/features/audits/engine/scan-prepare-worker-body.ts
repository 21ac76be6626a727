/**
 * The scan reading thread's body (prepared-scan-batches.ts). Its owner sends it a port per client
 * (a processing job's `ScanPreparer`). For each 'read' on a port it opens the file with its
 * columns checked (scan-table.ts), reads it with the readers and posts each batch prepared for
 * the engine (domain/scan-batch.ts), at most BATCHES_AHEAD batches ahead of those taken; then
 * 'end', or the reader's error. A 'cancel', a new read or the port's closing stops the read at its
 * next batch. Clients are served side by side, each one file at a time.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { emptyPreparedBatch, packPreparedBatch, prepareScanBatch, releasePreparedBatch } from '../../../../domain/scan-batch.js';
import { readScanColumns } from '../../../files/index.js';
import { BATCHES_AHEAD, type PreparerMessage, type PreparerRequest, type ReadingThreadRequest, type ScanFileToPrepare } from './prepared-scan-batches.js';
import { serialiseError } from './thread-errors.js';
import { openScanTable } from './scan-table.js';
import { yieldToRequests } from './thread-priority.js';

/** One client's read in progress: its job, batches posted and taken, and who waits for a take. */
interface Reading {
  job: number;
  posted: number;
  taken: number;
  cancelled: boolean;
  wake: (() => void) | null;
}

/** Serves one client's port until it closes. */
function serve(port: MessagePort): void {
  let reading: Reading | null = null;
  let queue = Promise.resolve();
  const post = (message: PreparerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const stop = () => {
    if (reading === null) return;
    reading.cancelled = true;
    reading.wake?.();
  };

  async function read(state: Reading, file: ScanFileToPrepare): Promise<void> {
    if (state.cancelled) return;
    const prepared = emptyPreparedBatch();
    try {
      const table = await openScanTable(file, file);
      for await (const batch of readScanColumns(table, { scanColumn: file.scanColumn, quantityColumn: file.quantityColumn })) {
        if (state.cancelled) return;
        prepareScanBatch(batch.values, batch.quantities, batch.count, batch.lines, batch, prepared);
        const { message, transfer } = packPreparedBatch(prepared);
        releasePreparedBatch(prepared);
        post({ type: 'batch', job: state.job, batch: message }, transfer);
        state.posted++;
        while (state.posted - state.taken >= BATCHES_AHEAD && !state.cancelled) await new Promise<void>((resolve) => (state.wake = resolve));
      }
      if (!state.cancelled) post({ type: 'end', job: state.job });
    } catch (err) {
      if (!state.cancelled) post({ type: 'error', job: state.job, error: serialiseError(err) });
    }
  }

  port.on('message', (request: PreparerRequest) => {
    if (request.type === 'read') {
      // A new read replaces the one in progress, which stops at its next batch.
      stop();
      const state: Reading = { job: request.job, posted: 0, taken: 0, cancelled: false, wake: null };
      reading = state;
      queue = queue.then(() => read(state, request.file));
    } else if (reading !== null && request.job === reading.job) {
      if (request.type === 'taken') reading.taken++;
      else reading.cancelled = true;
      reading.wake?.();
    }
  });
  port.on('close', stop);
}

yieldToRequests();
parentPort!.on('message', (request: ReadingThreadRequest) => {
  if (request.type === 'client') serve(request.port);
});
// Loaded: the owner's `start()` settles.
parentPort!.postMessage({ type: 'ready' });
