/**
 * A count reopened without signal needs the signed-in user, which the service worker answers from
 * its last copy of `GET /api/auth/user` (vite.config.ts, docs/decisions/0127). The first visit asks
 * before the worker is there, so the count screen asks once more through it.
 */
export function keepSignedInUserForOffline(): void {
  const sw = globalThis.navigator?.serviceWorker;
  if (!sw) return;
  const ask = () => void fetch('/api/auth/user', { credentials: 'include', headers: { accept: 'application/json' } }).catch(() => {});
  if (sw.controller) ask();
  else sw.addEventListener('controllerchange', ask, { once: true });
}
