/**
 * The count screen's state (DESIGN.md section 14): the caller's count session on the audit and the
 * catalogue (from the server, else as kept on this device), every read made here, the location
 * label read last, and how many reads wait for the server. Reads are kept in IndexedDB before they
 * are shown, and sent when there is a connection (sync-outbox.ts).
 *
 * Each part is shown as it arrives (docs/decisions/0157): the session (title, team, blind), then
 * the reads this device holds, the catalogue (names) and the reads the server holds. The server
 * calls are those count-start.ts started, often before this screen's code had loaded.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { CountCatalogue, CountRead, CountSession } from '../../../../contracts/counts';
import { getCountCatalogue, getCountSession, openCountSession } from '../api/count-api';
import { addRead, byReadOrder, keepCatalogue, keepServerReads, keepSession, keptCatalogue, keptSessionOf, outboxOf, readsOf } from './count-store';
import { forgetCount, startCount, type CountStart } from './count-start';
import { keepSignedInUserForOffline } from './keep-user-offline';
import { syncOutbox } from './sync-outbox';
import { countLookup, runningCounts, type CountLookup } from './tally';

/** How often waiting reads are tried again while the screen is open (milliseconds). */
const RETRY_MS = 5000;

/** A part of the count: from the server (`fresh`, and kept on this device), else as kept here. */
interface Part<T> {
  value: T | undefined;
  fresh: boolean;
  error?: unknown;
}

async function sessionPart(start: CountStart): Promise<Part<CountSession>> {
  try {
    const session = (await start.session) ?? (await openCountSession(start.auditId));
    await keepSession(session);
    return { value: session, fresh: true };
  } catch (error) {
    return { value: await keptSessionOf(start.auditId), fresh: false, error };
  }
}

async function cataloguePart(start: CountStart): Promise<Part<CountCatalogue>> {
  try {
    const catalogue = (await start.catalogue) ?? (await getCountCatalogue(start.auditId));
    await keepCatalogue(catalogue);
    return { value: catalogue, fresh: true };
  } catch (error) {
    return { value: await keptCatalogue(start.auditId), fresh: false, error };
  }
}

function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : 'The count could not be opened.';
  return navigator.onLine ? message : 'No connection: open this count once with signal to count it offline.';
}

/** `current` and `loaded` together, each read once, in read order. */
function mergeReads(current: CountRead[], loaded: CountRead[]): CountRead[] {
  const byId = new Map(loaded.map((r) => [r.id, r]));
  for (const r of current) byId.set(r.id, r);
  return [...byId.values()].sort(byReadOrder);
}

export function useCount(auditId: string) {
  const [session, setSession] = useState<CountSession | null>(null);
  const [catalogue, setCatalogue] = useState<CountCatalogue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** True once the reads this device holds are shown (those of the server may follow). */
  const [readsKnown, setReadsKnown] = useState(false);
  const [reads, setReads] = useState<CountRead[]>([]);
  const [waiting, setWaiting] = useState(0);
  const [syncError, setSyncError] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const sessionId = session?.id ?? null;
  const sessionRef = useRef<string | null>(null);
  useEffect(() => {
    sessionRef.current = sessionId;
  }, [sessionId]);

  useEffect(() => {
    let live = true;
    const start = startCount(auditId);
    const showLocal = async (id: string) => {
      const [all, outbox] = await Promise.all([readsOf(id), outboxOf(id)]);
      if (!live) return;
      setReads((current) => mergeReads(current, all));
      setWaiting(outbox.length);
      setReadsKnown(true);
      const last = [...all].reverse().find((r) => r.kind === 'read' && r.location);
      if (last && last.kind === 'read') setLocation((current) => current ?? last.location ?? null);
    };
    const opened = sessionPart(start);
    const listed = cataloguePart(start);
    void opened.then(async (part) => {
      if (!live) return;
      if (!part.value) return setFailure(failureMessage(part.error));
      const id = part.value.id;
      setSession(part.value);
      await showLocal(id);
      if (!part.fresh) return;
      try {
        // Reads made on another visit (or another device with this account) count too.
        const server = (await start.reads) ?? (await getCountSession(id));
        await keepServerReads(id, server.reads);
        await showLocal(id);
      } catch {
        // Offline: what this device holds is shown.
      }
    });
    void listed.then((part) => {
      if (!live) return;
      if (!part.value) return setFailure(failureMessage(part.error));
      setCatalogue(part.value);
    });
    void Promise.all([opened, listed]).then(([s, c]) => {
      if (live && s.fresh && c.fresh) keepSignedInUserForOffline();
    });
    return () => {
      live = false;
      forgetCount(auditId);
    };
  }, [auditId]);

  const sync = useCallback(async () => {
    const id = sessionRef.current;
    if (!id) return;
    const outcome = await syncOutbox(id);
    setWaiting(outcome.waiting);
    setSyncError(outcome.ok || !navigator.onLine ? null : outcome.error instanceof Error ? outcome.error.message : 'Sending the reads failed.');
    if (!outcome.ok) setWaiting((await outboxOf(id)).length);
  }, []);

  useEffect(() => {
    if (!sessionId) return;
    void sync();
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void sync();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [sessionId, sync]);

  const record = useCallback(
    async (read: CountRead) => {
      const id = sessionRef.current;
      if (!id) return;
      await addRead(id, read);
      setReads((current) => [...current, read]);
      setWaiting((n) => n + 1);
      if (navigator.onLine) void sync();
    },
    [sync],
  );

  /** Adds a read of `value` counting `quantity` (a decimal string), at the current location. */
  const addValue = useCallback(
    (value: string, quantity = '1') =>
      record({ id: uuidv7(), kind: 'read', value, quantity, location, readAt: new Date().toISOString() }),
    [record, location],
  );

  /** Takes back read `readId` with an undo read of its own. */
  const undo = useCallback((readId: string) => record({ id: uuidv7(), kind: 'undo', cancels: readId, readAt: new Date().toISOString() }), [record]);

  const lookup: CountLookup | null = useMemo(() => (catalogue ? countLookup(catalogue) : null), [catalogue]);
  const totals = useMemo(() => (lookup ? runningCounts(reads, lookup) : new Map<string, number>()), [reads, lookup]);
  /** Reads can be taken: the session, the names and this device's reads are all there. */
  const ready = session !== null && lookup !== null && readsKnown;

  return { session, failure, ready, readsKnown, reads, waiting, online, syncError, location, setLocation, addValue, undo, lookup, totals };
}
