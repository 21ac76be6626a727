/**
 * The fetch wrapper's contract (spec part 1 sections 7-8): error message format, CSRF header,
 * empty answers, 401 handling.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('./toast', () => ({ toast: { error: toastError } }));

type Handler = (url: string, init: RequestInit) => Response;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: Array<{ url: string; init: RequestInit }>;
let handler: Handler;

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  toastError.mockReset();
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    if (url === '/api/auth/csrf') return jsonResponse(200, { token: 'tok-1' });
    return handler(url, init);
  });
  vi.stubGlobal('window', { location: { href: '/products' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = () => import('./api');

describe('api', () => {
  it('throws ApiError "status: body" exposing the server code, message and details', async () => {
    const { api, ApiError } = await load();
    const body = { error: 'IMPORT_INVALID', message: 'Nothing was imported', details: { errors: [{ line: 3 }] } };
    handler = () => jsonResponse(400, body);
    const error = await api.get('/api/products').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).message).toBe(`400: ${JSON.stringify(body)}`);
    expect((error as InstanceType<typeof ApiError>).code).toBe('IMPORT_INVALID');
    expect((error as InstanceType<typeof ApiError>).userMessage).toBe('Nothing was imported');
    expect((error as InstanceType<typeof ApiError>).details).toEqual({ errors: [{ line: 3 }] });
  });

  it('uses the status text when the body is empty', async () => {
    const { api } = await load();
    handler = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    await expect(api.get('/api/audits')).rejects.toThrow('502: Bad Gateway');
  });

  it('yields undefined for 204 and for non-JSON answers', async () => {
    const { api } = await load();
    handler = () => new Response(null, { status: 204 });
    expect(await api.delete('/api/audits/1')).toBeUndefined();
    handler = () => new Response('ok', { status: 200, headers: { 'content-type': 'text/plain' } });
    expect(await api.get('/api/ping')).toBeUndefined();
  });

  it('fetches the CSRF token once and sends it on every non-GET call only', async () => {
    const { api } = await load();
    handler = () => jsonResponse(200, { ok: true });
    await api.get('/api/products');
    await api.post('/api/audits', { name: 'A' });
    await api.patch('/api/products/bulk-update', { productIds: [] });
    expect(calls.filter((c) => c.url === '/api/auth/csrf')).toHaveLength(1);
    const headersOf = (url: string) => calls.find((c) => c.url === url)!.init.headers as Record<string, string>;
    expect(headersOf('/api/products')['x-csrf-token']).toBeUndefined();
    expect(headersOf('/api/audits')['x-csrf-token']).toBe('tok-1');
    expect(headersOf('/api/audits')['content-type']).toBe('application/json');
    expect(headersOf('/api/products/bulk-update')['x-csrf-token']).toBe('tok-1');
    expect(calls.every((c) => c.url === '/api/auth/csrf' || c.init.credentials === 'include')).toBe(true);
  });

  it('sends FormData as is (multipart) with the CSRF header', async () => {
    const { api } = await load();
    handler = () => jsonResponse(200, {});
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'a.csv');
    await api.post('/api/products/preview', form);
    const call = calls.find((c) => c.url === '/api/products/preview')!;
    expect(call.init.body).toBe(form);
    expect((call.init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect((call.init.headers as Record<string, string>)['x-csrf-token']).toBe('tok-1');
  });

  it('refetches a stale CSRF token once when the server rejects it', async () => {
    const { api } = await load();
    let attempts = 0;
    handler = () => (++attempts === 1 ? jsonResponse(403, { error: 'CSRF', message: 'stale' }) : jsonResponse(200, { ok: 1 }));
    expect(await api.post('/api/audits', {})).toEqual({ ok: 1 });
    expect(calls.filter((c) => c.url === '/api/auth/csrf')).toHaveLength(2);
  });

  it('on a 401 from a non-auth call: toast, then /api/login after 500 ms', async () => {
    const { api, isUnauthorizedError } = await load();
    handler = () => jsonResponse(401, { error: 'UNAUTHORIZED', message: 'Unauthorized' });
    const error = await api.get('/api/audits').catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
    expect(toastError).toHaveBeenCalledWith('Unauthorized', { description: 'You are logged out. Logging in again...' });
    expect(window.location.href).toBe('/products');
    vi.advanceTimersByTime(500);
    expect(window.location.href).toBe('/api/login');
  });

  it('on a 401 from an auth call: no redirect; returnNull yields null', async () => {
    const { api } = await load();
    handler = () => jsonResponse(401, { error: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(await api.get('/api/auth/user', undefined, { on401: 'returnNull' })).toBeNull();
    await expect(api.post('/api/auth/team-login', { email: 'a@b.c', password: 'x' })).rejects.toThrow(/^401: /);
    vi.advanceTimersByTime(1000);
    expect(toastError).not.toHaveBeenCalled();
    expect(window.location.href).toBe('/products');
  });

  it('builds query strings without empty values', async () => {
    const { withQuery } = await load();
    expect(withQuery('/api/products', { page: 2, limit: 50, search: '', filters: undefined })).toBe('/api/products?page=2&limit=50');
    expect(withQuery('/api/products', { search: 'a b&c' })).toBe('/api/products?search=a+b%26c');
  });
});
