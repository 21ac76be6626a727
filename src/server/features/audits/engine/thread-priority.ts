/** The scheduling priority of the processing threads (docs/decisions/0053). */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness of the engine's threads: below the event loop's 0, not so low that they starve. */
const WORKER_NICENESS = 5;

/**
 * Lowers the calling thread's scheduling priority (Linux: a thread's id is a pid for
 * setpriority), so that on a busy machine the server's event loop, answering other
 * organisations, gets the CPU before the engine does. Elsewhere, or when refused, nothing changes.
 */
export function yieldToRequests(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, WORKER_NICENESS);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}
