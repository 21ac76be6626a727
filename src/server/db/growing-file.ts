/**
 * A file that another thread is still writing, read as it grows (docs/decisions/0076): the writer
 * reports how many bytes are in the file (`grew`), then that it is complete (`finish`) or that it
 * failed (`fail`); `stream()` gives the bytes up to what was reported, waits for more, and ends at
 * `finish`. The file itself is the buffer between the threads, so the reader never holds more
 * than one chunk and the writer never waits for it.
 *
 *   const file = new GrowingFile('/tmp/job/not-found-lines.csv');
 *   worker.on('message', (m) => m.type === 'written' ? file.grew(m.bytes) : file.finish());
 *   await pipeline(file.stream(), copyStream);
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** Bytes read from the file per chunk of `stream()`. */
const READ_CHUNK_BYTES = 1024 * 1024;

export class GrowingFile {
  private written = 0;
  private complete = false;
  private failure: Error | null = null;
  private waiting: Array<() => void> = [];
  private settle!: { resolve: () => void; reject: (err: Error) => void };
  /** Resolves once the file is complete; rejects with the writer's error. */
  readonly done: Promise<void>;

  /** @param path the file being written (it may not exist yet while nothing was reported). */
  constructor(readonly path: string) {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Whoever reads the file sees the failure; an unread failure is not an unhandled rejection.
    this.done.catch(() => {});
  }

  /** The writer's report: the file holds `bytes` bytes, all written. */
  grew(bytes: number): void {
    this.written = Math.max(this.written, bytes);
    this.wake();
  }

  /** The writer's report: the file is complete (its last `grew` reported its size). */
  finish(): void {
    if (this.complete || this.failure) return;
    this.complete = true;
    this.settle.resolve();
    this.wake();
  }

  /** The writer's report: the file will not be completed, because of `err`. */
  fail(err: Error): void {
    if (this.complete || this.failure) return;
    this.failure = err;
    this.settle.reject(err);
    this.wake();
  }

  /**
   * The file's bytes in order, as they are written: ends when the file is complete.
   * @throws (as a stream error) the writer's error, or the file system's.
   */
  stream(): Readable {
    return Readable.from(this.chunks(), { objectMode: false });
  }

  private async *chunks(): AsyncGenerator<Buffer> {
    let handle: FileHandle | null = null;
    let offset = 0;
    try {
      for (;;) {
        if (this.failure) throw this.failure;
        if (offset < this.written) {
          // The file exists once the writer reported bytes in it.
          handle ??= await open(this.path, 'r');
          const buffer = Buffer.allocUnsafe(Math.min(this.written - offset, READ_CHUNK_BYTES));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          if (bytesRead === 0) throw new Error(`${this.path} is shorter than its writer reported`);
          offset += bytesRead;
          yield buffer.subarray(0, bytesRead);
        } else if (this.complete) {
          return;
        } else {
          await new Promise<void>((resolve) => this.waiting.push(resolve));
        }
      }
    } finally {
      await handle?.close();
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
