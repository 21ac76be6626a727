/**
 * Runs the reading and reconciling of one processing job in a worker thread, so the event loop
 * keeps answering other requests while a large audit processes (issue: one organisation's
 * processing must not stall the others). The worker reads the scan files from disk with the same
 * readers and engine as before (src/server/files, src/domain/reconcile.ts) and writes the result
 * lines to CSV files as the engine makes them; the caller stores those files with COPY. Only the
 * summary crosses the thread boundary: a million lines cloned as objects cost more time and
 * memory than making them (docs/decisions/0051). The catalogue goes in as one JSON text and its
 * products are built in the worker, so the server's thread does not build (and collect) 100,000
 * objects per job.
 *
 *   const { results, rowCounts, productLines, notFoundLines, taggedLines } = await reconcileInWorker(input, (p) => progress(p));
 *   await storeResults(db, audit, files, results, token, { csvFile: productLines, notFoundLines, taggedLines });
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { ScanReadingThread } from './prepared-scan-batches.js';
import { isOutOfMemory, reviveError, tooComplex, WORKER_OLD_GENERATION_MB, type SerialisedError } from './thread-errors.js';
import type { EnhancedResults } from '../../../../contracts/results.js';
import type { FilterExpression } from '../../../../contracts/filters.js';
import type { ReconcileOptions } from '../../../../domain/reconcile.js';
import type { LineFiles, LineOwner } from '../result-lines.js';
import { GrowingFile } from '../../../db/growing-file.js';

/** One scan file of the job, on local disk. */
export interface WorkerScanFile {
  path: string;
  fileName: string;
  scanColumn: string;
  quantityColumn: string | null;
  /** Whether the first row is a header (DESIGN.md section 6). */
  hasHeader?: 'auto' | 'yes' | 'no';
}

/**
 * What the worker reconciles: the engine's options but the catalogue, which comes as the
 * snapshot's JSON text with the audit's filter (catalogue-snapshot.ts builds the products in the
 * worker), and the files in order.
 */
export interface WorkerInput {
  options: Omit<ReconcileOptions, 'catalogue'>;
  /** scopeIds: a recount's scope (product ids), which replaces the filter when set. */
  catalogue: { snapshotJson: string; filter: FilterExpression | null; scopeIds?: readonly string[] | null };
  files: WorkerScanFile[];
  /** Where the worker writes the result lines as COPY CSV (result-lines.ts), and for whom. */
  lines: { csvFiles: LineFiles; owner: LineOwner };
}

/**
 * What the worker answers once reconciled: the results without their lines (`categories` empty,
 * `counts` and `summary` complete; the lines are in the CSV files) and the data rows read per file.
 */
export interface WorkerOutput {
  results: EnhancedResults;
  rowCounts: number[];
}

/**
 * A reconciled job: the worker's output, with the lines' files still being written, the product
 * lines first, then the notFound lines (each file's `done` settles when it is complete, or with
 * the worker's error; docs/decisions/0076, 0150).
 */
export interface ReconciledJob extends WorkerOutput {
  productLines: GrowingFile;
  notFoundLines: GrowingFile;
  /** How many product lines carry tags, once the product lines are written. */
  taggedLines: Promise<number>;
}

/** Reading progress: files done and data rows read so far. */
export interface WorkerProgress {
  filesDone: number;
  rowsRead: number;
}

/**
 * The worker's messages, in order: progress while reading; results; the product lines' file size
 * as it grows ('written', bytes in the file); 'linesDone' with how many product lines carry tags;
 * the notFound lines' file size as it grows; 'done' with the number of notFound lines. 'error'
 * may come at any point and ends the job.
 */
export type WorkerMessage =
  | { type: 'progress'; progress: WorkerProgress }
  | { type: 'results'; output: WorkerOutput }
  | { type: 'written'; file: 'lines' | 'notFound'; bytes: number }
  | { type: 'linesDone'; taggedLines: number }
  | { type: 'done'; notFoundCount: number }
  | { type: 'error'; error: SerialisedError };

/**
 * Reconciles `input` in a worker thread of its own (a fresh heap per job, so the heap cap below
 * holds per job); `onProgress` is called as rows are read. Resolves as soon as the results are
 * known, before the worker writes the lines (`ReconciledJob.productLines`, `notFoundLines`), so
 * that storing can start and COPY read each file as it grows (docs/decisions/0076, 0150). The thread is
 * the spare started after the previous job when there is one, so a job does not wait for a thread
 * to load the readers and the engine (about half a second); see `prepareSpareWorker`.
 * @throws FileError/AppError as the readers raise them (bad quantity, unreadable file), with
 *   code, status and message kept; any other failure as an Error. A failure after the results
 *   rejects `notFoundLines.done` instead.
 */
export function reconcileInWorker(input: WorkerInput, onProgress: (p: WorkerProgress) => void = () => {}): Promise<ReconciledJob> {
  const productLines = new GrowingFile(input.lines.csvFiles.lines);
  const notFoundLines = new GrowingFile(input.lines.csvFiles.notFound);
  let tagged: (n: number) => void = () => {};
  const taggedLines = new Promise<number>((resolve, reject) => {
    tagged = resolve;
    // Settles with the product lines' file when it fails.
    productLines.done.catch(reject);
  });
  taggedLines.catch(() => {});
  return new Promise<ReconciledJob>((resolve, reject) => {
    const worker = takeWorker();
    let reconciled = false;
    // Before the results, a failure rejects the job; after them, it fails the files being written.
    const fail = (err: Error) => {
      productLines.fail(err);
      notFoundLines.fail(err);
      if (!reconciled) {
        reconciled = true;
        reject(err);
      }
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'results') {
        reconciled = true;
        resolve({ ...message.output, productLines, notFoundLines, taggedLines });
      } else if (message.type === 'written') (message.file === 'lines' ? productLines : notFoundLines).grew(message.bytes);
      else if (message.type === 'linesDone') {
        productLines.finish();
        tagged(message.taggedLines);
      } else if (message.type === 'done') notFoundLines.finish();
      else fail(reviveError(message.error));
    });
    worker.on('error', (err) => fail(isOutOfMemory(err) ? tooComplex() : err));
    worker.on('exit', (code) => fail(new Error(`the processing worker stopped (exit code ${code})`)));
    // The job reads its scan files through the process's scan reading thread (docs/decisions/0181).
    const scanReading = scanReadingThread.connect();
    worker.postMessage({ ...input, scanReading } satisfies StartedJob, [scanReading]);
    // The next job's thread starts once this one has finished writing.
    void notFoundLines.done.catch(() => {}).finally(() => setImmediate(prepareSpareWorker));
  });
}

const WORKER_URL = new URL('./reconcile-worker.mjs', import.meta.url);

/** What the processing thread receives: the job and its port to the scan reading thread. */
export interface StartedJob extends WorkerInput {
  scanReading: MessagePort;
}

/** The process's scan reading thread, shared by the jobs (prepared-scan-batches.ts). */
const scanReadingThread = new ScanReadingThread();

/** The thread started ahead for the next job (it waits for its input), or null. */
let spare: Worker | null = null;

function startWorker(): Worker {
  return new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB } });
}

/** The spare thread when one is alive, else a new one; kept referenced while it works. */
function takeWorker(): Worker {
  const worker = spare ?? startWorker();
  spare = null;
  worker.ref();
  return worker;
}

/**
 * Starts a spare processing thread when there is none: it loads the readers and the engine and
 * waits for a job's input (an idle spare holds about 10 MB). It does not keep the process alive,
 * and one that fails or stops is forgotten, so the next job starts a thread of its own.
 */
export function prepareSpareWorker(): void {
  void scanReadingThread.start();
  if (spare) return;
  const worker = startWorker();
  worker.unref();
  const forget = () => {
    if (spare === worker) spare = null;
  };
  worker.on('error', forget);
  worker.on('exit', forget);
  spare = worker;
}
