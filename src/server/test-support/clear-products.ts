/**
 * Deletes every product of the signed-in client's organisation, through the API (tests that
 * import one file after another into one organisation: sign-ups are rate limited).
 */
import { expect } from 'vitest';
import type { TestClient } from './test-app.js';

export async function clearProducts(client: TestClient): Promise<void> {
  const ids = (await client.get('/api/products?getAllIds=true')).json().productIds as string[];
  if (ids.length > 0) expect((await client.post('/api/products/bulk-delete', { productIds: ids })).statusCode).toBe(200);
}
