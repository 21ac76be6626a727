/**
 * The count screen's state (DESIGN.md section 14): the caller's count session on the audit and the
 * catalogue (from the server, else as kept on this device), every read made here, the location
 * label read last, and how many reads wait for the server. Reads are kept in IndexedDB before they
 * are shown, and sent when there is a connection (sync-outbox.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { CountCatalogue, CountRead, CountSession } from '../../../../contracts/counts';
import { getCountCatalogue, getCountSession, openCountSession } from '../api/count-api';
import { addRead, keepCatalogue, keepServerReads, keepSession, keptCatalogue, keptSessionOf, outboxOf, readsOf } from './count-store';
import { keepSignedInUserForOffline } from './keep-user-offline';
import { syncOutbox } from './sync-outbox';
import { countLookup, runningCounts, type CountLookup } from './tally';

export type CountLoad =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; session: CountSession; catalogue: CountCatalogue };

/** How often waiting reads are tried again while the screen is open (milliseconds). */
const RETRY_MS = 5000;

async function loadCount(auditId: string): Promise<CountLoad> {
  let session: CountSession | undefined;
  let catalogue: CountCatalogue | undefined;
  let failure: unknown;
  try {
    // The session and the catalogue are asked for together: one round trip less on a slow network.
    const [opened, listed] = await Promise.allSettled([openCountSession(auditId), getCountCatalogue(auditId)]);
    if (opened.status === 'rejected') throw opened.reason;
    session = opened.value;
    await keepSession(session);
    if (listed.status === 'rejected') throw listed.reason;
    catalogue = listed.value;
    await keepCatalogue(catalogue);
    keepSignedInUserForOffline();
  } catch (error) {
    failure = error;
  }
  session ??= await keptSessionOf(auditId);
  catalogue ??= await keptCatalogue(auditId);
  if (!session || !catalogue) {
    const message = failure instanceof Error ? failure.message : 'The count could not be opened.';
    return { state: 'failed', message: navigator.onLine ? message : 'No connection: open this count once with signal to count it offline.' };
  }
  return { state: 'ready', session, catalogue };
}

export function useCount(auditId: string) {
  const [load, setLoad] = useState<CountLoad>({ state: 'loading' });
  const [reads, setReads] = useState<CountRead[]>([]);
  const [waiting, setWaiting] = useState(0);
  const [syncError, setSyncError] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const sessionId = load.state === 'ready' ? load.session.id : null;
  const sessionRef = useRef<string | null>(null);
  useEffect(() => {
    sessionRef.current = sessionId;
  }, [sessionId]);

  const refreshLocal = useCallback(async (id: string) => {
    const [all, outbox] = await Promise.all([readsOf(id), outboxOf(id)]);
    setReads(all);
    setWaiting(outbox.length);
    const last = [...all].reverse().find((r) => r.kind === 'read' && r.location);
    if (last && last.kind === 'read') setLocation((current) => current ?? last.location ?? null);
  }, []);

  const sync = useCallback(async () => {
    const id = sessionRef.current;
    if (!id) return;
    const outcome = await syncOutbox(id);
    setWaiting(outcome.waiting);
    setSyncError(outcome.ok || !navigator.onLine ? null : outcome.error instanceof Error ? outcome.error.message : 'Sending the reads failed.');
    if (!outcome.ok) setWaiting((await outboxOf(id)).length);
  }, []);

  useEffect(() => {
    let live = true;
    void loadCount(auditId).then(async (loaded) => {
      if (!live) return;
      if (loaded.state === 'ready') {
        try {
          // Reads made on another visit (or another device with this account) count too.
          const server = await getCountSession(loaded.session.id);
          await keepServerReads(loaded.session.id, server.reads);
        } catch {
          // Offline: what this device holds is shown.
        }
        await refreshLocal(loaded.session.id);
      }
      if (live) setLoad(loaded);
    });
    return () => {
      live = false;
    };
  }, [auditId, refreshLocal]);

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

  const lookup: CountLookup | null = useMemo(() => (load.state === 'ready' ? countLookup(load.catalogue) : null), [load]);
  const totals = useMemo(() => (lookup ? runningCounts(reads, lookup) : new Map<string, number>()), [reads, lookup]);

  return { load, reads, waiting, online, syncError, location, setLocation, addValue, undo, lookup, totals };
}
