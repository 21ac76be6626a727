/**
 * Hostile .xlsx uploads through the real routes, on both databases (docs/decisions/0050): a
 * lying-size archive (a zip bomb whose directory declares 1,000 bytes for megabytes of shared
 * strings) and an honest archive over the configured part limit answer a clear 4xx naming the
 * file and the part from preview, import and upload-multiple, and change nothing.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../test-support/test-app.js';
import { configureReadLimits } from './read-limits.js';
import { inlineCell, writeXlsx } from './test-support/zip-writer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-hostile-'));
const lying = path.join(dir, 'bomb.xlsx');
const honest = path.join(dir, 'big.xlsx');

/** About 2.2 MB of shared strings, in chunks. */
function* strings(): Generator<string> {
  for (let k = 0; k < 50; k++) yield Array.from({ length: 1000 }, (_, i) => `<si><t>SKU-${k}-${i}-${'x'.repeat(30)}</t></si>`).join('');
}
const sheetData = `<row r="1">${inlineCell('SKU')}${inlineCell('Quantity')}</row><row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>3</v></c></row>`;

beforeAll(async () => {
  await writeXlsx(lying, { sheetData, sharedStrings: strings(), sharedStringsDeclaredSize: 1000 });
  await writeXlsx(honest, { sheetData, sharedStrings: strings() });
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => configureReadLimits());

describe.each(DATABASE_KINDS)('hostile .xlsx uploads on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { MAX_UPLOAD_MB: '8' });
    owner = t.client();
    await owner.signUp();
  });
  afterAll(async () => t?.close());

  async function everyRoute(file: string, fileName: string): Promise<Array<{ status: number; message: string }>> {
    const answers = [];
    answers.push(await owner.upload('/api/products/preview', [{ field: 'file', path: file, fileName }]));
    answers.push(
      await owner.upload('/api/products/import', [{ field: 'file', path: file, fileName }], {
        columnMapping: JSON.stringify({ SKU: 'sku', Quantity: 'currentQuantity' }),
      }),
    );
    const audit = await owner.post('/api/audits', { name: 'Hostile', section: 'Main store' });
    expect(audit.statusCode).toBe(201);
    const id = audit.json().id as string;
    answers.push(await owner.upload(`/api/audits/${id}/upload-multiple`, [{ field: 'scanFiles', path: file, fileName }], { scanColumn_0: 'SKU' }));
    expect((await owner.get(`/api/audits/${id}`)).json()).toMatchObject({ status: 'draft', scanFiles: [] });
    expect((await owner.get('/api/products?limit=1')).json().total).toBe(0);
    return answers.map((res) => ({ status: res.statusCode, message: res.json().message as string }));
  }

  it('answers 400 for a lying-size archive, naming the file and the part, and changes nothing', async () => {
    const message = 'bomb.xlsx: is not a valid Excel file (xl/sharedStrings.xml holds more data than the archive declares)';
    expect(await everyRoute(lying, 'bomb.xlsx')).toEqual([
      { status: 400, message },
      { status: 400, message },
      { status: 400, message },
    ]);
  });

  it('answers 422 for a part over the configured limit, and changes nothing', async () => {
    configureReadLimits({ maxPartBytes: 1024 * 1024 });
    const message = 'big.xlsx: holds too much to read (xl/sharedStrings.xml is larger than 1 MB unpacked): split it or save it as CSV';
    expect(await everyRoute(honest, 'big.xlsx')).toEqual([
      { status: 422, message },
      { status: 422, message },
      { status: 422, message },
    ]);
  });
});
