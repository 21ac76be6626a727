/**
 * Calls the app's API from inside the signed-in page (its cookies, a fresh CSRF token), as the
 * web client does: JSON bodies, or `{ multipart: { fields, files: { field: [fileName, text] } } }`.
 */
import type { Page } from '@playwright/test';

export async function callApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { token } = (await (await fetch('/api/auth/csrf')).json()) as { token: string };
      let payload: BodyInit | undefined;
      const headers: Record<string, string> = { 'x-csrf-token': token, accept: 'application/json' };
      if (body && typeof body === 'object' && 'multipart' in body) {
        const form = new FormData();
        const { fields, files } = (body as { multipart: { fields: Record<string, string>; files: Record<string, [string, string]> } }).multipart;
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        for (const [name, [fileName, text]] of Object.entries(files)) form.append(name, new File([text], fileName, { type: 'text/csv' }));
        payload = form;
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const res = await fetch(url, { method, headers, body: payload });
      const text = await res.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: json as T };
    },
    { method, url, body },
  );
}
