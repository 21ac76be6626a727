/**
 * Gives the heap back after a large piece of work on the server's thread (a catalogue import of
 * hundreds of thousands of rows). V8 keeps the pages such work grew the heap to: measured on a 1,048,575-row import, the server's RSS stayed at 389 MB from
 * 264 MB while idle, and the next large upload started from there, so two big uploads in a row
 * passed the 512 MB that one stays within (issue 12; docs/decisions/0089-heap-given-back.md).
 * A full collection returns those pages at once.
 *
 *   releaseHeapAfterLargeWork(reader.totalRows);
 *
 * The collection stops the event loop for its duration (tens of milliseconds on a heap of that
 * size), so it runs only after work of at least `LARGE_WORK_ROWS` rows (which took seconds), and
 * after the answer is on its way (setImmediate). Not after processing jobs: their work is in the
 * processing thread, whose heap goes with it, and the pause would fall on other organisations'
 * requests at the job's end (on PGlite, p99 of `GET /api/audits` 37 -> 156 ms in bench:hostile).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Rows of work from which the heap is given back afterwards. */
export const LARGE_WORK_ROWS = 200_000;

let collect: (() => void) | null = null;

/** V8's full collection, exposed at run time (the server runs without --expose-gc). */
function fullCollection(): () => void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  return collect;
}

/**
 * Schedules one full collection when `rows` (rows read or lines stored by the work just done) is
 * at least `LARGE_WORK_ROWS`; otherwise does nothing.
 */
export function releaseHeapAfterLargeWork(rows: number): void {
  if (rows >= LARGE_WORK_ROWS) setImmediate(() => fullCollection()());
}
