/**
 * Sign-out (spec part 1 sections 1-2: the logout buttons): a POST with the CSRF token, so no
 * other site can sign the user out; then a full page load of '/' (every cached answer goes).
 */
import { api, resetCsrfToken } from './api';

export async function logOut(): Promise<void> {
  try {
    await api.post('/api/logout');
  } finally {
    resetCsrfToken();
    window.location.href = '/';
  }
}
