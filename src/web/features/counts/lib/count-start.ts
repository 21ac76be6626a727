/**
 * The count screen's server calls, started as early as possible (DESIGN.md section 14;
 * docs/decisions/0157): a count opened by its address asks for its session (POST, so the CSRF
 * token first), its catalogue and, once the session is known, the session's reads from main.tsx,
 * while the app still asks who is signed in and downloads the screen's code; a count opened from
 * the audit's page asks as its route renders. The screen (use-count.ts) takes the calls already
 * on the way instead of making them again. In the first-load bundle on purpose: small.
 *
 * Each promise answers the server's answer, or null when the server answered 401 (not signed in:
 * the screen then asks again the usual way, whose 401 leads to the sign-in); any other failure
 * rejects with the API's error, as the call made by the screen would.
 */
import type { CountCatalogue, CountSession, CountSessionReads } from '../../../../contracts/counts';
import { getCountCatalogue, getCountSession, openCountSession } from '../api/count-api';

/** The calls of one count on the way. */
export interface CountStart {
  auditId: string;
  /** `POST /api/audits/{id}/count-session`: the caller's count session. */
  session: Promise<CountSession | null>;
  /** `GET /api/audits/{id}/count-catalogue`: the product names and codes. */
  catalogue: Promise<CountCatalogue | null>;
  /** `GET /api/count-sessions/{id}`: the reads the server holds (asked once the session answered). */
  reads: Promise<CountSessionReads | null>;
}

let started: CountStart | null = null;

/** Marks a promise's failure as handled here (whoever takes it still sees the rejection). */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * The calls of the count of `auditId`: those already started (by an earlier call for the same
 * audit that was not forgotten), else started now. Idempotent, so a route may call it on every render.
 */
export function startCount(auditId: string): CountStart {
  if (started?.auditId === auditId) return started;
  const session = quiet(openCountSession(auditId, { on401: 'returnNull' }));
  const catalogue = quiet(getCountCatalogue(auditId, { on401: 'returnNull' }));
  const reads = quiet(session.then((s) => (s ? getCountSession(s.id, { on401: 'returnNull' }) : null)));
  started = { auditId, session, catalogue, reads };
  return started;
}

/** Forgets the calls of `auditId` (the screen closed): opening the count again asks afresh. */
export function forgetCount(auditId: string): void {
  if (started?.auditId === auditId) started = null;
}
