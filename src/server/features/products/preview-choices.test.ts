/**
 * The import preview answers afresh for each choice the user makes over its decisions (DESIGN.md
 * section 6 'What real exports hold'; issue 25): the header row, the stock column, the location,
 * what further rows of one item do. Each choice changes the preview's words and the figures the
 * import then stores, on both databases. Files are written the way their systems write them
 * (fixtures/exports).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { clearProducts } from '../../test-support/clear-products.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const dir = path.resolve(import.meta.dirname, '../../../../fixtures/exports');

/** A count sheet whose title line has two label cells: read as the header unless the user says otherwise. */
const TITLED = 'Stock list of 27 November,Main Street shop\r\nSKU,Name,Qty\r\nMUG-1,Clay Mug,6\r\nMUG-2,Slate Mug,4\r\n';

interface Preview {
  headers: string[];
  headerLine: number;
  headerCandidates: { line: number; cells: string[] }[];
  suggestedMapping: Record<string, string>;
  decisions: { topic: string; text: string }[];
  locationChoice: { options: string[]; chosen: string | null };
  repeatedRows: 'sum' | 'first' | null;
}

describe.each(DATABASE_KINDS)('the import preview under the user\'s choices, on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'pro' });
    client = t.client();
    await client.signUp();
  });
  afterAll(async () => t?.close());

  const file = (content: string | { path: string }, fileName = 'products.csv') =>
    typeof content === 'string' ? { field: 'file', content, fileName } : { field: 'file', path: content.path };

  async function preview(content: string | { path: string }, fields: Record<string, string> = {}): Promise<Preview> {
    const res = await client.upload('/api/products/preview', [file(content)], { flow: 'import', ...fields });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Preview;
  }

  async function importFile(content: string | { path: string }, fields: Record<string, string>): Promise<Record<string, number>> {
    await clearProducts(client);
    const res = await client.upload('/api/products/import', [file(content)], fields);
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await client.get('/api/products?limit=100')).json().products as { sku: string; currentQuantity: number }[];
    return Object.fromEntries(stored.map((p) => [p.sku, p.currentQuantity]));
  }

  const texts = (p: Preview) => p.decisions.map((d) => d.text);

  it('takes the header row the user chose: the rows above are skipped, the columns proposed afresh', async () => {
    const first = await preview(TITLED);
    expect(first.headerLine).toBe(1);
    expect(first.headers).toEqual(['Stock list of 27 November', 'Main Street shop']);
    expect(texts(first)).toContain('The column names are on line 1, the first row of the file.');
    expect(first.headerCandidates.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'Stock list of 27 November'],
      [2, 'SKU'],
      [3, 'MUG-1'],
      [4, 'MUG-2'],
    ]);

    const chosen = await preview(TITLED, { headerLine: '2' });
    expect(chosen).toMatchObject({ headers: ['SKU', 'Name', 'Qty'], headerLine: 2, suggestedMapping: { SKU: 'sku', Name: 'name', Qty: 'currentQuantity' } });
    expect(texts(chosen)).toContain('The column names are on line 2 (your choice): the row above is skipped.');
    expect(texts(chosen)).toContain('The stock is the column "Qty".');

    // A mapping made for the old headers is not carried over to the new ones.
    const stale = await preview(TITLED, { headerLine: '2', columnMapping: JSON.stringify({ 'Stock list of 27 November': 'sku' }) });
    expect(stale.suggestedMapping).toEqual(chosen.suggestedMapping);

    const stored = await importFile(TITLED, { columnMapping: JSON.stringify(chosen.suggestedMapping), headerLine: '2' });
    expect(stored).toEqual({ 'MUG-1': 6, 'MUG-2': 4 });
  });

  it('finds an XLSX report\'s header below its title rows, and lets the user move it', async () => {
    const tally = { path: path.join(dir, 'tally-stock-summary.xlsx') };
    const found = await preview(tally);
    // Three title rows and a blank one above the column names.
    expect(found.headerLine).toBe(5);
    expect(found.headerCandidates.slice(0, 4).map((r) => r.line)).toEqual([1, 2, 3, 5]);
    expect(texts(found)).toContain("The column names are on line 5: the 3 rows above are titles (the report's name, company or period), skipped.");
    const moved = await preview(tally, { headerLine: '1' });
    expect(moved.headerLine).toBe(1);
    expect(texts(moved)).toContain('The column names are on line 1 (your choice).');
    const res = await client.upload('/api/products/preview', [file(tally)], { flow: 'import', headerLine: 'first' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'INVALID_FIELD' });
  });

  it('states the stock column the user chose, and the import reads it', async () => {
    const shopify = { path: path.join(dir, 'shopify-inventory-export.csv') };
    const proposed = await preview(shopify);
    expect(texts(proposed)).toContain('The stock is the column "On hand (current)".');
    const mapping = { ...proposed.suggestedMapping };
    delete mapping['On hand (current)'];
    mapping['Available (not editable)'] = 'currentQuantity';
    const chosen = await preview(shopify, { columnMapping: JSON.stringify(mapping) });
    expect(texts(chosen)).toContain('The stock is the column "Available (not editable)".');
    expect(chosen.suggestedMapping['On hand (current)']).toBeUndefined();
    const stored = await importFile(shopify, { columnMapping: JSON.stringify(mapping) });
    // LS-S-WHT: 4 available at Main Street and 20 at the warehouse (25 on hand).
    expect(stored['LS-S-WHT']).toBe(24);
  });

  it('asks the server afresh for the location chosen: its words and its stock column', async () => {
    const twoShops = { path: path.join(dir, 'shopify-inventory-two-locations.csv') };
    const proposed = await preview(twoShops);
    expect(proposed.locationChoice).toEqual({ options: ['Rangsutra Online', 'Rangsutra Store'], chosen: 'Rangsutra Store' });
    const online = await preview(twoShops, { location: 'Rangsutra Online', columnMapping: JSON.stringify(proposed.suggestedMapping) });
    expect(online.locationChoice.chosen).toBe('Rangsutra Online');
    expect(online.suggestedMapping).toMatchObject({ 'Rangsutra Online': 'currentQuantity' });
    expect(online.suggestedMapping['Rangsutra Store']).toBeUndefined();
    expect(texts(online).join('\n')).toContain('This count is for Rangsutra Online;');
    const all = await preview(twoShops, { location: 'all' });
    expect(all.locationChoice.chosen).toBe('all');
    expect(texts(all)).toContain("The stock is the sum of the 2 locations' columns (Rangsutra Online, Rangsutra Store).");
    const stored = await importFile(twoShops, { columnMapping: JSON.stringify(online.suggestedMapping), location: 'Rangsutra Online' });
    expect(stored).toEqual({ 'BPK-M': 3, 'BPK-L': 0, 'CD-01': 10 });
  });

  it('keeps the first row of an item when the user says its further rows do not add stock', async () => {
    const inflow = { path: path.join(dir, 'inflow-stock-levels.csv') };
    const summed = await preview(inflow);
    expect(summed.repeatedRows).toBe('sum');
    expect(texts(summed).join('\n')).toContain('are one item: their stock is summed.');
    const first = await preview(inflow, { repeatedRows: 'first' });
    expect(first.repeatedRows).toBe('first');
    expect(texts(first).join('\n')).toContain("are one item: the first row's stock is kept, the further rows are skipped (your choice).");
    const mapping = JSON.stringify(summed.suggestedMapping);
    expect(await importFile(inflow, { columnMapping: mapping })).toEqual({ 'Cordless Drill': 3, 'Wood Screws 100pk': 46 });
    expect(await importFile(inflow, { columnMapping: mapping, repeatedRows: 'first' })).toEqual({ 'Cordless Drill': 1, 'Wood Screws 100pk': 40 });
    const barcodes = await preview({ path: path.join(dir, 'pos-barcode-table.csv') });
    expect(barcodes.repeatedRows).toBeNull();
  });
});
