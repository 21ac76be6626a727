/**
 * Writing a report into a caller's stream (an HTTP response, a file) at the pace the stream
 * takes it, so that memory stays bounded however slow the reader is (DESIGN.md section 7:
 * 100,000-line exports in bounded memory), and stopping when the reader has gone.
 */
import type { Writable } from 'node:stream';
import { AppError } from '../errors.js';

/** Thrown when `out` was closed or destroyed before the report was complete. */
export function exportAborted(): AppError {
  return new AppError('EXPORT_ABORTED', 'The export stopped because its download was closed.', 500);
}

type Emitter = Pick<NodeJS.EventEmitter, 'on' | 'removeListener'>;

/**
 * A stream between the report writer and `out` that takes writes without backpressure, so that
 * pacing must watch it (ExcelJS's zip input: see xlsx-table-sheet.ts).
 */
export interface UpstreamStage {
  /** Bytes it holds, written but not yet passed on. */
  bufferedBytes(): number;
  /** The stream itself: emits 'drain' once its buffer is empty again, 'close' if it dies. */
  stream: Emitter;
}

/**
 * Bytes an upstream stage may hold before writing pauses until it has drained completely. Big
 * enough for the stage to keep working while rows are produced, small enough to be no concern.
 */
export const UPSTREAM_LIMIT_BYTES = 4 * 1024 * 1024;

function state(out: NodeJS.WritableStream): Partial<Writable> {
  return out as Partial<Writable>;
}

function isGone(out: NodeJS.WritableStream): boolean {
  const s = state(out);
  return s.destroyed === true || (s.errored !== undefined && s.errored !== null);
}

/**
 * Resolves when `stage` emits 'drain'; rejects with the error of `stage` or `out`, or with
 * EXPORT_ABORTED when either closes first: a reader that left never drains, and waiting would
 * leak.
 */
function drained(stage: Emitter, out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      stage.removeListener('drain', onDrain);
      stage.removeListener('error', onError);
      stage.removeListener('close', onClose);
      out.removeListener('error', onError);
      out.removeListener('close', onClose);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = () => done();
    const onError = (error: unknown) => done(error);
    const onClose = () => done(exportAborted());
    stage.on('drain', onDrain);
    stage.on('error', onError);
    stage.on('close', onClose);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

/**
 * A pause between batches of rows. When an `upstream` stage holds more than
 * UPSTREAM_LIMIT_BYTES, waits until it has drained; when `out` is above its high-water mark,
 * waits for 'drain'; otherwise yields one turn of the event loop so that compression and I/O
 * callbacks run.
 *
 * @throws AppError EXPORT_ABORTED when `out` was destroyed or closed; the error `out` emitted.
 */
export async function keepPace(out: NodeJS.WritableStream, upstream: readonly UpstreamStage[] = []): Promise<void> {
  if (isGone(out)) throw exportAborted();
  for (const stage of upstream) {
    if (stage.bufferedBytes() > UPSTREAM_LIMIT_BYTES) await drained(stage.stream, out);
  }
  if (state(out).writableNeedDrain === true) await drained(out, out);
  else await new Promise<void>((resolve) => setImmediate(resolve));
  if (isGone(out)) throw exportAborted();
}

/** Writes `chunk` and waits for 'drain' when `out` asks for it. @throws as keepPace */
export async function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (isGone(out)) throw exportAborted();
  if (!out.write(chunk)) await drained(out, out);
}

/** Ends `out` and resolves once everything was flushed ('finish'). @throws as keepPace */
export function endStream(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      out.removeListener('finish', onFinish);
      out.removeListener('error', onError);
      out.removeListener('close', onClose);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onFinish = () => done();
    const onError = (error: unknown) => done(error);
    const onClose = () => done(state(out).writableFinished === true ? undefined : exportAborted());
    out.on('finish', onFinish);
    out.on('error', onError);
    out.on('close', onClose);
    out.end();
  });
}

/**
 * After a failure half-way: destroys `out` without an error (no 'error' event that a caller
 * without a listener would turn into a crash), so a reader sees a broken download rather than a
 * short report that looks complete. The caller gets the failure from the rejected promise.
 */
export function abandonStream(out: NodeJS.WritableStream): void {
  const s = state(out);
  if (typeof s.destroy === 'function' && s.destroyed !== true) s.destroy();
}
