/**
 * The catalogue import and the quantity upload send their file once (docs/decisions/0161): the
 * first preview keeps it under an upload token of the organisation and the user; each later
 * preview (a changed choice) and the final import or upload name the token instead of the file.
 * Another organisation's or another user's token answers 404 like an unknown one, a lapsed one
 * 400, a viewer 403 (auth/route-roles.ts); the upload limit holds for the first preview; an
 * imported file's token is deleted with its file. And the quantity preview states the decisions
 * of its reading under the user's choices (header row, rows of one product) as the import's does,
 * the upload reading the file under the same choices. On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTokens } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { clearProducts } from '../../test-support/clear-products.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

/** A stock list whose title line has two label cells: read as the header unless the user says otherwise. */
const TITLED = 'Stock list of 27 November,Main Street shop\r\nSKU,Name,Qty\r\nMUG-1,Clay Mug,6\r\nMUG-2,Slate Mug,4\r\n';
/** A count of those products under a title line, MUG-1 counted on two rows (two shelves). */
const COUNTED = 'Count of 27 November,Main Street shop\r\nSKU,Qty\r\nMUG-1,3\r\nMUG-1,2\r\nMUG-2,7\r\n';

interface Preview {
  headers: string[];
  headerLine: number;
  headerCandidates: { line: number; cells: string[] }[];
  suggestedMapping: Record<string, string>;
  decisions: { topic: string; text: string }[];
  repeatedRows: 'sum' | 'first' | null;
  uploadToken?: string;
}

describe.each(DATABASE_KINDS)('files kept by the import and quantity previews, on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let other: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'pro', MAX_UPLOAD_MB: '1' });
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    other = t.client();
    await other.signUp();
  });
  afterAll(async () => t?.close());

  const sent = (content: string, fileName = 'stock.csv') => [{ field: 'file', content, fileName }];

  async function preview(client: TestClient, files: ReturnType<typeof sent>, fields: Record<string, string>): Promise<Preview> {
    const res = await client.upload('/api/products/preview', files, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Preview;
  }

  const quantities = async () =>
    Object.fromEntries(((await owner.get('/api/products?limit=100')).json().products as { sku: string; currentQuantity: number }[]).map((p) => [p.sku, p.currentQuantity]));
  const tokenRow = async (token: string) => (await t.db.select().from(uploadTokens).where(sql`${uploadTokens.token} = ${token}`))[0];

  it('previews again and imports from the kept file, then deletes it', async () => {
    await clearProducts(owner);
    const first = await preview(owner, sent(TITLED), { flow: 'import' });
    const token = first.uploadToken!;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headerLine).toBe(1);
    const kept = await tokenRow(token);
    expect(kept).toMatchObject({ organizationId, fileName: 'stock.csv', sizeBytes: Buffer.byteLength(TITLED) });
    expect(kept!.userId).toMatch(/^[0-9a-f-]{36}$/);

    // A changed choice names the token, no file: the kept file is read under it.
    const second = await preview(owner, [], { flow: 'import', uploadToken: token, headerLine: '2' });
    expect(second).toMatchObject({ uploadToken: token, headerLine: 2, headers: ['SKU', 'Name', 'Qty'] });
    expect(second.decisions.map((d) => d.text)).toContain('The column names are on line 2 (your choice): the row above is skipped.');

    const res = await owner.upload('/api/products/import', [], { uploadToken: token, headerLine: '2', columnMapping: JSON.stringify(second.suggestedMapping) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 2, imported: 2 });
    expect(await quantities()).toEqual({ 'MUG-1': 6, 'MUG-2': 4 });
    // Imported: the token and its file are gone.
    expect(await tokenRow(token)).toBeUndefined();
    const chunks = (await t.db.execute(sql`select count(*)::int as n from stored_file_chunks where upload_token = ${token}`)) as unknown as { rows: { n: number }[] };
    expect(chunks.rows[0]!.n).toBe(0);
    const again = await owner.upload('/api/products/import', [], { uploadToken: token, columnMapping: JSON.stringify(second.suggestedMapping) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('UPLOAD_TOKEN_NOT_FOUND');
  });

  it('states the quantity file’s decisions under the user’s choices, and updates from the kept file', async () => {
    await clearProducts(owner);
    expect((await owner.upload('/api/products/import', sent('SKU,Qty\r\nMUG-1,0\r\nMUG-2,0\r\n', 'catalogue.csv'), { columnMapping: JSON.stringify({ SKU: 'sku', Qty: 'currentQuantity' }) })).statusCode).toBe(200);

    const first = await preview(owner, sent(COUNTED, 'count.csv'), { flow: 'quantities' });
    const token = first.uploadToken!;
    expect(first.headerCandidates.map((c) => c.line)).toEqual(expect.arrayContaining([1, 2]));
    expect(first.decisions[0]).toEqual({ topic: 'header', text: 'The column names are on line 1, the first row of the file.' });

    const header = await preview(owner, [], { flow: 'quantities', uploadToken: token, headerLine: '2' });
    expect(header.suggestedMapping).toEqual({ SKU: 'sku', Qty: 'quantity' });
    expect(header.repeatedRows).toBe('sum');
    const words = header.decisions.map((d) => d.text);
    expect(words).toContain('The column names are on line 2 (your choice): the row above is skipped.');
    expect(words).toContain('The stock is the column "Qty".');
    expect(words.some((w) => w.startsWith('Rows repeating a product are one item'))).toBe(true);

    const first2 = await preview(owner, [], { flow: 'quantities', uploadToken: token, headerLine: '2', repeatedRows: 'first', columnMapping: JSON.stringify({ SKU: 'sku', Qty: 'quantity' }) });
    expect(first2.repeatedRows).toBe('first');
    expect(first2.decisions.map((d) => d.text)).toContain("Rows of one product are one item: the first row's stock is kept, the further rows are skipped (your choice).");

    const kept = await owner.upload('/api/products/upload-quantities', [], { uploadToken: token, headerLine: '2', repeatedRows: 'first', columnMapping: JSON.stringify({ SKU: 'sku', Qty: 'quantity' }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ updated: 2, totalRows: 3 });
    expect(await quantities()).toEqual({ 'MUG-1': 3, 'MUG-2': 7 });
    expect(await tokenRow(token)).toBeUndefined();

    // By default the rows of one product add up.
    const summed = (await preview(owner, sent(COUNTED, 'count.csv'), { flow: 'quantities', headerLine: '2' })).uploadToken!;
    const res = await owner.upload('/api/products/upload-quantities', [], { uploadToken: summed, headerLine: '2', columnMapping: JSON.stringify({ SKU: 'sku', Qty: 'quantity' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await quantities()).toEqual({ 'MUG-1': 5, 'MUG-2': 7 });
  });

  it('answers 404 for another organisation’s or another user’s token, 403 for a viewer, 400 once lapsed', async () => {
    const token = (await preview(owner, sent(TITLED), { flow: 'quantities' })).uploadToken!;
    const mapping = JSON.stringify({ SKU: 'sku', Qty: 'quantity' });
    const admin = await signedInMember(t, organizationId, 'admin');
    for (const client of [other, admin]) {
      const seen = await client.upload('/api/products/preview', [], { flow: 'quantities', uploadToken: token });
      expect(seen.statusCode).toBe(404);
      expect(seen.json().error).toBe('UPLOAD_TOKEN_NOT_FOUND');
      for (const url of ['/api/products/import', '/api/products/upload-quantities']) {
        const res = await client.upload(url, [], { uploadToken: token, headerLine: '2', columnMapping: mapping });
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
      }
    }
    const viewer = await signedInMember(t, organizationId, 'viewer');
    for (const url of ['/api/products/preview', '/api/products/import', '/api/products/upload-quantities']) {
      expect((await viewer.upload(url, [], { flow: 'import', uploadToken: token, columnMapping: mapping })).statusCode).toBe(403);
    }
    // Nothing was read from it: the owner's token still serves the owner.
    expect((await preview(owner, [], { flow: 'quantities', uploadToken: token })).uploadToken).toBe(token);

    await t.db.update(uploadTokens).set({ expiresAt: sql`now() - interval '1 second'` as unknown as Date }).where(sql`${uploadTokens.token} = ${token}`);
    const lapsed = await owner.upload('/api/products/upload-quantities', [], { uploadToken: token, headerLine: '2', columnMapping: mapping });
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json()).toMatchObject({ error: 'UPLOAD_TOKEN_EXPIRED', message: expect.stringContaining('stock.csv has expired') });
    const badToken = await owner.upload('/api/products/import', [], { uploadToken: 'not-a-token', columnMapping: mapping });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().error).toBe('INVALID_UPLOAD_TOKEN');
  });

  it('keeps no file over the upload limit, and none that cannot be read', async () => {
    const count = async () => (await t.db.select({ token: uploadTokens.token }).from(uploadTokens)).length;
    const before = await count();
    const big = await owner.upload('/api/products/preview', sent('SKU,Qty\n' + 'X'.repeat(1024 * 1024 + 10)), { flow: 'import' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File is larger than the upload limit of 1 MB.');
    const empty = await owner.upload('/api/products/preview', sent(''), { flow: 'quantities' });
    expect(empty.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
