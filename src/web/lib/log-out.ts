/**
 * Sign-out (spec part 1 sections 1-2: the logout buttons): a POST with the CSRF token, so no
 * other site can sign the user out; then a full page load of '/' (every cached answer goes, the
 * service worker's copy of the signed-in user too: docs/decisions/0127).
 */
import { api, resetCsrfToken } from './api';

/** The service worker's cache of `GET /api/auth/user` (vite.config.ts). */
export const SIGNED_IN_USER_CACHE = 'signed-in-user';

export async function logOut(): Promise<void> {
  try {
    await api.post('/api/logout');
  } finally {
    resetCsrfToken();
    await globalThis.caches?.delete(SIGNED_IN_USER_CACHE).catch(() => false);
    window.location.href = '/';
  }
}
