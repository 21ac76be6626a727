/**
 * Keys that arrive before the count screen is listening (DESIGN.md section 14): a counter's
 * scanner fires as soon as the page shows, while the screen's code and the count itself are still
 * loading. From the moment a count address is opened (at page load, or on navigation to it) every
 * key is kept here, and the screen's wedge listener takes them once it starts, so no read typed
 * in the meantime is lost. Kept keys are WedgeKey records (timestamps in event.timeStamp ms).
 * Small on purpose: it is part of the first-load bundle.
 */
import { wedgeKey, type WedgeKey } from './wedge-detector';

/** The count screen's address: /audits/:id/count. */
export const COUNT_PATH = /^\/audits\/([^/]+)\/count\/?$/;

/** The audit id of a count screen's address (decoded), or null for any other path. */
export function countAuditId(pathname: string): string | null {
  const id = COUNT_PATH.exec(pathname)?.[1];
  if (id === undefined) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

let kept: WedgeKey[] | null = null;
/** True while the count screen's own listener runs (then nothing needs keeping). */
let screenListening = false;

function keep(event: KeyboardEvent): void {
  kept?.push(wedgeKey(event));
}

/** Starts keeping keys (idempotent; not while the screen listens); until takeEarlyKeys() is called. */
export function startKeepingKeys(): void {
  if (kept || screenListening) return;
  kept = [];
  window.addEventListener('keydown', keep, true);
  window.addEventListener('keyup', keep, true);
}

/** Starts keeping keys when `pathname` is the count screen's address. */
export function keepKeysOnCountPath(pathname: string): void {
  if (COUNT_PATH.test(pathname)) startKeepingKeys();
}

/**
 * The keys kept so far, in order, for the screen's listener that starts now; stops keeping until
 * the listener ends (call the returned function then). Empty when none were being kept.
 */
export function takeEarlyKeys(): { keys: WedgeKey[]; stopped: () => void } {
  const keys = kept ?? [];
  screenListening = true;
  kept = null;
  window.removeEventListener('keydown', keep, true);
  window.removeEventListener('keyup', keep, true);
  return {
    keys,
    stopped: () => {
      screenListening = false;
    },
  };
}
