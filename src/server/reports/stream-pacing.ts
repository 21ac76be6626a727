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

function state(out: NodeJS.WritableStream): Partial<Writable> {
  return out as Partial<Writable>;
}

function isGone(out: NodeJS.WritableStream): boolean {
  const s = state(out);
  return s.destroyed === true || (s.errored !== undefined && s.errored !== null);
}

/** Resolves on 'drain'; rejects on 'error' or on 'close' (a reader that left never drains). */
function drained(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      out.removeListener('drain', onDrain);
      out.removeListener('error', onError);
      out.removeListener('close', onClose);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = () => done();
    const onError = (error: unknown) => done(error);
    const onClose = () => done(exportAborted());
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

/**
 * A pause between batches of rows: waits for 'drain' while `out` holds more than its
 * high-water mark, else yields one turn of the event loop so that a pipeline in front of `out`
 * (ExcelJS's zip and deflate) can move the batch along.
 *
 * @throws AppError EXPORT_ABORTED when `out` was destroyed or failed; the error `out` emitted.
 */
export async function keepPace(out: NodeJS.WritableStream): Promise<void> {
  if (isGone(out)) throw exportAborted();
  if (state(out).writableNeedDrain === true) await drained(out);
  else await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Writes `chunk` and waits for 'drain' when `out` asks for it. @throws as keepPace */
export async function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (isGone(out)) throw exportAborted();
  if (!out.write(chunk)) await drained(out);
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
