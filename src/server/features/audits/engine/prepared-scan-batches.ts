/**
 * Reads scan files in a thread of their own and hands their batches on prepared for the engine
 * (src/domain/scan-batch.ts: values normalised, keys made, GS1 strings read), so that reading
 * and the first pass run on another core while the engine builds its catalogue index and counts
 * the batches before (docs/decisions/0181). What a batch counts is the same as `addColumns` of
 * the reader's batch.
 *
 * One `ScanReadingThread` per process, started ahead (with the processing worker's spare): each
 * processing job gets a port to it (`connect`) and reads through a `ScanPreparer` on that port,
 * so no job waits for a thread to load the readers.
 *
 *   const port = readingThread.connect();        // in the server's thread
 *   const preparer = new ScanPreparer(port);     // in the processing worker
 *   const batches = preparer.read(file);         // reading starts now
 *   // ... build the reconciler ...
 *   for await (const batch of batches) reconciler.addPrepared(0, batch);
 *   preparer.close();
 *
 * Memory stays bounded: a read is at most `BATCHES_AHEAD` batches (of one 64 KB chunk each)
 * ahead of the engine, and the thread's heap has the processing worker's cap (the readers' state,
 * such as an XLSX file's shared strings, is held there).
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { unpackPreparedBatch, type PackedScanBatch, type PreparedScanBatch } from '../../../../domain/scan-batch.js';
import { reviveError, tooComplex, WORKER_OLD_GENERATION_MB, type SerialisedError } from './thread-errors.js';

/** A scan file on local disk with its chosen columns (as `openScanTable` takes them). */
export interface ScanFileToPrepare {
  path: string;
  fileName: string;
  scanColumn: string;
  quantityColumn: string | null;
  hasHeader?: 'auto' | 'yes' | 'no';
}

/** A client's messages to the thread: read a file (one at a time), a batch taken, stop reading. */
export type PreparerRequest = { type: 'read'; job: number; file: ScanFileToPrepare } | { type: 'taken'; job: number } | { type: 'cancel'; job: number };

/** The thread's messages to a client: a job's batch; its end; its error (ends it). */
export type PreparerMessage =
  | { type: 'batch'; job: number; batch: PackedScanBatch }
  | { type: 'end'; job: number }
  | { type: 'error'; job: number; error: SerialisedError };

/** Batches a read is ahead of the ones taken: 128 chunks of 64 KB and their columns, about 25 MB. */
export const BATCHES_AHEAD = 128;

const WORKER_URL = new URL('./scan-prepare-worker.mjs', import.meta.url);

/** The reading thread's messages from its owner: a port for a new client (a `ScanPreparer`). */
export interface ReadingThreadRequest {
  type: 'client';
  port: MessagePort;
}

/**
 * The process's scan reading thread. Started on the first `connect` (or `start`), started again
 * after it stopped (past its heap cap); it does not keep the process alive.
 */
export class ScanReadingThread {
  private worker: Worker | null = null;
  private started: Promise<void> = Promise.resolve();

  /** Starts the thread when it is not running; settles once it has loaded the readers. */
  start(): Promise<void> {
    if (this.worker !== null) return this.started;
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB } });
    worker.unref();
    this.worker = worker;
    this.started = new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => resolve());
    });
    const forget = () => {
      if (this.worker === worker) this.worker = null;
    };
    // Past its heap cap the thread stops; its clients' reads fail (`ScanPreparer`).
    worker.on('error', forget);
    worker.on('exit', forget);
    return this.started;
  }

  /** A port for one `ScanPreparer` (transfer it to the thread that reads). */
  connect(): MessagePort {
    void this.start();
    const { port1, port2 } = new MessageChannel();
    this.worker!.postMessage({ type: 'client', port: port1 } satisfies ReadingThreadRequest, [port1]);
    return port2;
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/**
 * Reads scan files through a port of the scan reading thread (`ScanReadingThread.connect`), one
 * file at a time; see the module comment.
 */
export class ScanPreparer {
  private jobs = 0;
  private current: Job | null = null;
  private failure: Error | null = null;

  constructor(private readonly port: MessagePort) {
    port.on('message', (message: PreparerMessage) => {
      if (this.current !== null && message.job === this.current.id) this.current.receive(message);
    });
    // The other end closes when the thread stops: past its heap cap, on a file it could not hold.
    port.on('close', () => {
      this.failure ??= tooComplex();
      this.current?.fail(this.failure);
    });
    port.unref();
  }

  /**
   * Starts reading `file` now and answers its prepared batches in file order. One file at a
   * time: a read started before the last one ended cancels it. Leaving the loop early cancels
   * the read.
   * @throws (while iterating) the readers' errors as they raise them, code, status and message
   *   kept (unknown column, bad quantity, unreadable file); FILE_TOO_COMPLEX when the thread
   *   stopped.
   */
  read(file: ScanFileToPrepare): AsyncIterable<PreparedScanBatch> {
    this.current?.cancel();
    const job = new Job(++this.jobs, this.port, () => {
      if (this.current === job) this.current = null;
    });
    this.current = job;
    if (this.failure !== null) job.fail(this.failure);
    else {
      this.port.ref();
      this.port.postMessage({ type: 'read', job: job.id, file } satisfies PreparerRequest);
    }
    return job;
  }

  /** Cancels the read in progress and closes the port. */
  close(): void {
    this.current?.cancel();
    this.port.close();
  }
}

/** One file's read: its batches as they arrive, taken in order. */
class Job implements AsyncIterable<PreparedScanBatch> {
  private readonly queue: PreparerMessage[] = [];
  private wake: (() => void) | null = null;
  private error: Error | null = null;
  private ended = false;

  constructor(
    readonly id: number,
    private readonly port: MessagePort,
    private readonly onEnd: () => void,
  ) {}

  receive(message: PreparerMessage): void {
    this.queue.push(message);
    this.wake?.();
  }

  fail(err: Error): void {
    this.error ??= err;
    this.wake?.();
  }

  /** Stops the read: what it had not yet answered is dropped, and it answers no more. */
  cancel(): void {
    if (this.ended) return;
    this.finish();
    this.queue.length = 0;
    this.wake?.();
    this.port.postMessage({ type: 'cancel', job: this.id } satisfies PreparerRequest);
  }

  private finish(): void {
    this.ended = true;
    this.port.unref();
    this.onEnd();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<PreparedScanBatch> {
    try {
      for (;;) {
        while (this.queue.length === 0 && this.error === null && !this.ended) await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        const message = this.queue.shift();
        if (message === undefined) {
          if (this.error !== null) throw this.error;
          return;
        }
        if (message.type === 'end') {
          this.finish();
          return;
        }
        if (message.type === 'error') {
          this.finish();
          throw reviveError(message.error);
        }
        this.port.postMessage({ type: 'taken', job: this.id } satisfies PreparerRequest);
        yield unpackPreparedBatch(message.batch);
      }
    } finally {
      this.cancel();
    }
  }
}
