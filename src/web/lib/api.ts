/**
 * The one HTTP client of the SPA (spec part 1 sections 7-8, part 2 section 7 "Shared request
 * behaviour"; DESIGN.md section 3 for the CSRF token).
 *
 * - Every call sends cookies; payloads go as JSON unless they are FormData (multipart).
 * - Every non-GET call carries `x-csrf-token`, fetched once from `GET /api/auth/csrf`.
 * - A non-OK answer throws ApiError: message `${status}: ${body text or status text}`; the
 *   server's `{ error, message, details }` body is exposed as code / userMessage / details.
 * - 204 or a non-JSON answer yields undefined.
 * - A 401 on a non-auth call tells the user and sends the browser to /api/login after 500 ms;
 *   a 401 ACCESS_PASSWORD_REQUIRED (the password gate) sends it to /password at once.
 */
import { toast } from './toast';
import type { z } from 'zod';
import type { csrfTokenSchema } from '../../contracts/auth';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export class ApiError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The server's error code (`{ error }`), e.g. `IMPORT_INVALID_ROWS`; undefined if none. */
  readonly code: string | undefined;
  /** The server's message meant for the user (`{ message }`), else the body or status text. */
  readonly userMessage: string;
  /** The server's structured details (`{ details }`), e.g. `{ errors: [...] }` for imports. */
  readonly details: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.code = body?.code;
    this.userMessage = body?.message ?? (bodyText || statusText || `Request failed (${status})`);
    this.details = body?.details;
  }
}

function parseErrorBody(text: string): { code?: string; message?: string; details?: unknown } | undefined {
  if (!text) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (json === null || typeof json !== 'object') return undefined;
    const o = json as Record<string, unknown>;
    return {
      code: typeof o.error === 'string' ? o.error : undefined,
      message: typeof o.message === 'string' ? o.message : undefined,
      details: o.details,
    };
  } catch {
    return undefined;
  }
}

/** Spec part 1 section 6: an error whose message starts with '401: ' and contains 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** The user-facing text of any error thrown by this module (or anything else). */
export function errorMessage(error: unknown, fallback = 'Unknown error occurred'): string {
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

// ---------------------------------------------------------------------------------------------
// CSRF token

let csrfToken: Promise<string> | null = null;

function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    csrfToken = fetch('/api/auth/csrf', { credentials: 'include', headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
        // Checked by hand: importing zod here would put it in the first-load bundle.
        const body = (await res.json()) as Partial<z.infer<typeof csrfTokenSchema>>;
        if (typeof body?.token !== 'string') throw new Error('CSRF token missing from /api/auth/csrf');
        return body.token;
      })
      .catch((error: unknown) => {
        csrfToken = null; // try again on the next call
        throw error;
      });
  }
  return csrfToken;
}

/** Forget the CSRF token (after sign-in, sign-up or sign-out the session, and its secret, change). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** A 403 that the CSRF check produced: the token went stale (new session); fetch a new one once. */
function isCsrfRejection(error: ApiError): boolean {
  return error.status === 403 && /csrf/i.test(`${error.code ?? ''} ${error.userMessage}`);
}

// ---------------------------------------------------------------------------------------------
// 401 handling

let redirectingToLogin = false;

/** Calls whose 401 is an answer (wrong credentials, signed out), not a lost session. */
function isAuthPath(url: string): boolean {
  return url.startsWith('/api/auth/') || url.startsWith('/api/verify-password');
}

function handleUnauthorized(url: string, code?: string): void {
  if (redirectingToLogin) return;
  // The shared-password gate (DESIGN.md section 8) came first: its page, not the sign-in.
  if (code === 'ACCESS_PASSWORD_REQUIRED') {
    if (window.location.pathname === '/password') return;
    redirectingToLogin = true;
    window.location.href = '/password';
    return;
  }
  if (isAuthPath(url)) return;
  redirectingToLogin = true;
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  setTimeout(() => {
    window.location.href = '/api/login';
  }, 500);
}

// ---------------------------------------------------------------------------------------------
// fetch

export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export interface RequestOptions {
  /** What a 401 does: throw (default; non-auth calls also redirect to sign-in) or yield null. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function send(method: string, url: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = await getCsrfToken();
  return fetch(url, { method, headers, body: payload, credentials: 'include', signal: options.signal });
}

/**
 * Calls the API and returns the JSON answer (undefined for 204 / non-JSON).
 * Throws ApiError on a non-OK answer (see the module comment for 401).
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let res = await send(method, url, body, options);
  if (res.status === 403 && method !== 'GET') {
    const error = new ApiError(res.status, res.statusText, await res.clone().text());
    if (isCsrfRejection(error)) {
      resetCsrfToken();
      res = await send(method, url, body, options);
    }
  }
  if (!res.ok) {
    const error = new ApiError(res.status, res.statusText, await res.text());
    if (res.status === 401) {
      if (error.code === 'ACCESS_PASSWORD_REQUIRED' || options.on401 !== 'returnNull') handleUnauthorized(url, error.code);
      if (options.on401 === 'returnNull') return null as T;
    }
    throw error;
  }
  return (await readBody(res)) as T;
}

export const api = {
  get: <T = unknown>(url: string, params?: QueryParams, options?: RequestOptions) =>
    apiRequest<T>('GET', withQuery(url, params), undefined, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', url, body, options),
  delete: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('DELETE', url, body, options),
};

/**
 * Downloads a file answer (e.g. a CSV template) and saves it under `fileName`.
 * Throws ApiError like every other call.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized(url);
    throw new ApiError(res.status, res.statusText, await res.text());
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

// ---------------------------------------------------------------------------------------------
// multipart upload with progress

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Total bytes to send (0 when the browser cannot tell). */
  total: number;
  /** 0-100, rounded down; 100 once the body is sent (the server may still be working). */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT' | 'PATCH';
}

/**
 * Posts FormData with XMLHttpRequest so the caller sees real upload progress
 * (fetch cannot report request-body progress). Same contract as apiRequest: JSON answer or
 * undefined; ApiError on a non-OK answer; CSRF header; 401 handling.
 * Aborting rejects with a DOMException named 'AbortError'.
 */
export async function uploadWithProgress<T = unknown>(
  url: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const attempt = async (): Promise<T> => {
    const token = await getCsrfToken();
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('x-csrf-token', token);

      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : 0;
        options.onProgress?.({
          loaded: event.loaded,
          total,
          percent: total ? Math.floor((event.loaded / total) * 100) : 0,
        });
      };
      xhr.upload.onload = () => {
        options.onProgress?.({ loaded: 1, total: 1, percent: 100 });
      };

      const onAbort = () => xhr.abort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => options.signal?.removeEventListener('abort', onAbort);

      xhr.onload = () => {
        cleanup();
        const text = xhr.responseText ?? '';
        if (xhr.status < 200 || xhr.status >= 300) {
          if (xhr.status === 401) handleUnauthorized(url);
          reject(new ApiError(xhr.status, xhr.statusText, text));
          return;
        }
        const type = xhr.getResponseHeader('content-type') ?? '';
        if (xhr.status === 204 || !type.includes('application/json') || !text) {
          resolve(undefined as T);
          return;
        }
        try {
          resolve(JSON.parse(text) as T);
        } catch (error) {
          reject(error);
        }
      };
      xhr.onerror = () => {
        cleanup();
        reject(new TypeError('Network error during upload'));
      };
      xhr.onabort = () => {
        cleanup();
        reject(new DOMException('Upload aborted', 'AbortError'));
      };

      if (options.signal?.aborted) {
        xhr.abort();
        return;
      }
      xhr.send(form);
    });
  };

  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiError && isCsrfRejection(error)) {
      resetCsrfToken();
      return attempt();
    }
    throw error;
  }
}
