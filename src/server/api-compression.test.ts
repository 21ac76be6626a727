import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './test-support/test-app.js';

/** docs/decisions/0100: API answers compressed when accepted; request bodies never decompressed. */
describe('compression of API answers', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    client = t.client();
    await client.signUp();
    for (let i = 0; i < 30; i += 1) {
      const res = await client.post('/api/products', { sku: `CMP-${String(i).padStart(3, '0')}`, name: `Compressed product ${i}`, currentQuantity: i });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const list = '/api/products?page=1&limit=50';

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('answers the product list in %s when the client accepts it, the same JSON as uncompressed', async (encoding, decode) => {
    const plain = await client.get(list);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().products).toHaveLength(30);

    const packed = await client.request({ method: 'GET', url: list, headers: { 'accept-encoding': encoding } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(packed.headers['cache-control']).toBe('no-store');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await client.request({ method: 'GET', url: '/api/auth/user', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('does not decompress a request body: a gzip-encoded product is refused and nothing is saved', async () => {
    const body = gzipSync(Buffer.from(JSON.stringify({ sku: 'GZ-1', name: 'Sent compressed' })));
    const res = await client.request({
      method: 'POST',
      url: '/api/products',
      payload: body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const found = await client.get('/api/products?search=GZ-1');
    expect(found.json().total).toBe(0);
  });
});
