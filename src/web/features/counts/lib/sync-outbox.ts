/**
 * Sends a session's waiting reads to the server in batches (DESIGN.md section 14, offline). One
 * run at a time per session; a batch leaves the outbox only once the server answered for it, so a
 * page closed or a connection lost mid-batch sends it again next time, and the server, keyed by
 * read id, stores none of it twice.
 */
import { appendCountReads } from '../api/count-api';
import { acknowledge, outboxOf } from './count-store';

/** Reads per request (well under the server's limit of 5,000). */
export const SYNC_BATCH = 500;

const running = new Map<string, Promise<SyncOutcome>>();

export type SyncOutcome = { ok: true; waiting: number } | { ok: false; waiting: number; error: unknown };

/** Sends what waits; answers how many reads still wait afterwards and whether it all went. */
export function syncOutbox(sessionId: string): Promise<SyncOutcome> {
  const current = running.get(sessionId);
  if (current) return current;
  const run = (async (): Promise<SyncOutcome> => {
    let waiting = await outboxOf(sessionId);
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, SYNC_BATCH);
        await appendCountReads(sessionId, batch);
        await acknowledge(batch.map((r) => r.id));
        waiting = await outboxOf(sessionId);
      }
      return { ok: true, waiting: 0 };
    } catch (error) {
      return { ok: false, waiting: waiting.length, error };
    } finally {
      running.delete(sessionId);
    }
  })();
  running.set(sessionId, run);
  return run;
}
