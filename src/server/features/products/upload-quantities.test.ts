/**
 * Quantity updates from a file (spec part 2 sections 4, 5, 7): template, preview mapping, the
 * all-or-nothing upload (unknown SKUs and bad lines refuse the whole file), CSV and XLSX, and the
 * rows read through the import's interpretation (DESIGN.md section 6): skipped rows listed by
 * line, rows of one item summed, `not stocked`, title rows, the user's header row.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const CATALOGUE = 'SKU,Product Name,Quantity\nQ-1,One,1\nQ-2,Two,2\nQ-3,Three,3\n';
const MAPPING = JSON.stringify({ SKU: 'sku', Quantity: 'quantity' });

async function quantities(c: TestClient): Promise<Record<string, number>> {
  const res = await c.get('/api/products?limit=100');
  return Object.fromEntries(res.json().products.map((p: { sku: string; currentQuantity: number }) => [p.sku, p.currentQuantity]));
}

function upload(c: TestClient, content: string | Buffer, mapping = MAPPING, fileName = 'counts.csv') {
  return c.upload('/api/products/upload-quantities', [{ field: 'file', content, fileName }], { columnMapping: mapping });
}

describe.each(DATABASE_KINDS)('quantity uploads on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    other = t.client();
    await other.signUp({ organizationName: 'Other Org' });
    for (const c of [owner, other]) {
      const res = await c.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'c.csv' }], {
        columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Quantity: 'currentQuantity' }),
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  it('serves quantity_update_template.csv, whose columns the quantities preview maps', async () => {
    const res = await owner.get('/api/products/quantity-template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="quantity_update_template.csv"');
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', content: res.rawPayload, fileName: 'quantity_update_template.csv' }], { flow: 'quantities' });
    expect(preview.json()).toMatchObject({ headers: ['SKU', 'Quantity'], totalRows: 1, suggestedMapping: { SKU: 'sku', Quantity: 'quantity' } });
  });

  it('suggests the quantity mapping from headers such as item_sku and qty', async () => {
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', content: 'Notes,item_sku,qty\nx,Q-1,4\n', fileName: 'q.csv' }], { flow: 'quantities' });
    expect(preview.json().suggestedMapping).toEqual({ item_sku: 'sku', qty: 'quantity' });
  });

  it('sets the quantities of the file\'s SKUs (case-insensitively), leaving the rest and other organisations alone', async () => {
    const res = await upload(owner, 'SKU,Quantity\nq-1,10\nQ-2,-5\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2, totalRows: 2, unknownSkus: [] });
    expect(await quantities(owner)).toEqual({ 'Q-1': 10, 'Q-2': -5, 'Q-3': 3 });
    expect(await quantities(other)).toEqual({ 'Q-1': 1, 'Q-2': 2, 'Q-3': 3 });
  });

  it('with applyValidRows, updates the matching rows and lists every other row with its reason', async () => {
    const file = 'SKU,Quantity\nQ-1,21\nQ-2x,5\nQ-3,abc\n,4\nQ-1,9\nQ-2,22\n';
    const res = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content: file, fileName: 'counts.csv' }], {
      columnMapping: MAPPING,
      applyValidRows: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ updated: 2, totalRows: 6, unknownSkus: ['Q-2x'], rejectedCount: 2 });
    expect(body.rejected.map((r: { line: number; sku: string; quantity: string }) => [r.line, r.sku, r.quantity])).toEqual([
      [3, 'Q-2x', '5'],
      [4, 'Q-3', 'abc'],
    ]);
    expect(body.rejected.map((r: { reason: string }) => r.reason)).toEqual(['SKU "Q-2x" matches no product', 'Quantity "abc" is not a number']);
    // The row without SKU is skipped and listed; Q-1's second row is the same item: summed, with a warning.
    expect(body.skippedLines).toEqual([{ line: 5, reason: 'rows without SKU, barcode or other identifier (image rows, parent rows, continuation rows)' }]);
    expect(body.warnings).toEqual([{ line: 6, field: 'sku', message: 'counts.csv line 6: SKU "Q-1" also appears on line 2: one item, its stock summed' }]);
    const after = await quantities(owner);
    expect([after['Q-1'], after['Q-2']]).toEqual([30, 22]);
    // Put back what the next tests expect.
    expect((await upload(owner, 'SKU,Quantity\nQ-1,10\nQ-2,-5\n')).statusCode).toBe(200);
  });

  it('reads a stock list as the import does: rows per store and bin summed, `not stocked` is 0, total and blank-quantity rows skipped and listed', async () => {
    const file = [
      'Handle,Title,SKU,Location,Bin name,On hand (current)',
      'q-one,Q one,Q-1,Main Street,A-01,5',
      'q-one,Q one,Q-1,Warehouse,R-12,20',
      'q-two,Q two,Q-2,Main Street,A-02,not stocked',
      ',,,,,',
      'q-three,Q three,Q-3,Main Street,A-03,',
      'Total,,,,,25',
      '',
    ].join('\r\n');
    const res = await upload(owner, file, JSON.stringify({ SKU: 'sku', 'On hand (current)': 'quantity' }), 'inventory_export.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      updated: 2,
      totalRows: 5,
      unknownSkus: [],
      skippedLines: [
        { line: 6, reason: 'rows without a quantity (left as they were)' },
        { line: 7, reason: 'total rows' },
      ],
    });
    expect(res.json().skipped).toEqual(
      expect.arrayContaining([{ reason: 'rows of an item at another location, bin, serial or lot (stock summed)', count: 1 }]),
    );
    expect(await quantities(owner)).toEqual({ 'Q-1': 25, 'Q-2': 0, 'Q-3': 3 });
    expect((await upload(owner, 'SKU,Quantity\nQ-1,10\nQ-2,-5\n')).statusCode).toBe(200);
  });

  it('sets the quantities of the location the user chose: one store of a store column, one location column, or all summed', async () => {
    const quantitiesOf = async (content: string, fileName: string, mapping: Record<string, string>, location?: string) => {
      const res = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content, fileName }], {
        columnMapping: JSON.stringify(mapping),
        ...(location ? { location } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return quantities(owner);
    };
    // A store column beside a shelf column (Shopify's inventory export): the preview offers its stores; one store reads only its rows.
    const byStore = ['SKU,Location,Bin name,On hand (current)', 'Q-1,Main Street,A-1,5', 'Q-1,Warehouse,R-2,20', 'Q-2,Main Street,A-2,7', 'Q-3,Warehouse,R-3,9', ''].join('\n');
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', content: byStore, fileName: 'inventory_export.csv' }], { flow: 'quantities' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().locationChoice.options).toEqual(expect.arrayContaining(['Main Street', 'Warehouse']));
    const stock = { SKU: 'sku', 'On hand (current)': 'quantity' };
    expect(await quantitiesOf(byStore, 'inventory_export.csv', stock, 'Warehouse')).toEqual({ 'Q-1': 20, 'Q-2': -5, 'Q-3': 9 }); // Q-2 has no row at Warehouse: left as it was
    expect(await quantitiesOf(byStore, 'inventory_export.csv', stock, 'Main Street')).toEqual({ 'Q-1': 5, 'Q-2': 7, 'Q-3': 9 });
    expect(await quantitiesOf(byStore, 'inventory_export.csv', stock, 'all')).toEqual({ 'Q-1': 25, 'Q-2': 7, 'Q-3': 9 });

    // One stock column per location: the chosen location's column, or all of them summed.
    const byColumn = ['SKU,Title,Rangsutra Online,Rangsutra Store', 'Q-1,One,3,2', 'Q-2,Two,0,5', ''].join('\n');
    const columns = await owner.upload('/api/products/preview', [{ field: 'file', content: byColumn, fileName: 'inventory.csv' }], { flow: 'quantities' });
    expect(columns.json().locationChoice.options).toEqual(['Rangsutra Online', 'Rangsutra Store']);
    const sku = { SKU: 'sku', 'Rangsutra Store': 'quantity' };
    expect(await quantitiesOf(byColumn, 'inventory.csv', sku, 'Rangsutra Online')).toMatchObject({ 'Q-1': 3, 'Q-2': 0 });
    expect(await quantitiesOf(byColumn, 'inventory.csv', sku, 'all')).toMatchObject({ 'Q-1': 5, 'Q-2': 5 });
    expect((await upload(owner, 'SKU,Quantity\nQ-1,10\nQ-2,-5\nQ-3,3\n')).statusCode).toBe(200);
  });

  it('finds the header below an XLSX report\'s title rows, and takes the header row the user chose', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Stock count');
    sheet.addRows([['Stock count, 27 November'], ['Main Street shop'], ['Item', 'Counted'], ['Q-3', 33], ['Group Name: Mugs'], ['Q-2', 2]]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(owner, xlsx, JSON.stringify({ Item: 'sku', Counted: 'quantity' }), 'count.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 2, totalRows: 3, skippedLines: [{ line: 5, reason: 'title and group rows' }] });
    expect(await quantities(owner)).toMatchObject({ 'Q-2': 2, 'Q-3': 33 });

    // Two label cells on the title line: read as the header by default; the user's headerLine says otherwise.
    const titled = 'Count of 27 November,by Ann\nSKU,Quantity\nQ-2,-5\nQ-3,3\n';
    const wrong = await upload(owner, titled);
    expect(wrong.json()).toMatchObject({ error: 'UNKNOWN_COLUMN' });
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', content: titled, fileName: 'counts.csv' }], { flow: 'quantities', headerLine: '2' });
    expect(preview.json()).toMatchObject({ headers: ['SKU', 'Quantity'], headerLine: 2, totalRows: 2, suggestedMapping: { SKU: 'sku', Quantity: 'quantity' } });
    expect(preview.json().headerCandidates.map((r: { line: number }) => r.line)).toEqual([1, 2, 3, 4]);
    const right = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content: titled, fileName: 'counts.csv' }], { columnMapping: MAPPING, headerLine: '2' });
    expect(right.statusCode, right.body).toBe(200);
    expect(await quantities(owner)).toMatchObject({ 'Q-2': -5, 'Q-3': 3 });
    const far = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content: titled, fileName: 'counts.csv' }], { columnMapping: MAPPING, headerLine: '40' });
    expect(far.json()).toMatchObject({ error: 'HEADER_ROW_NOT_FOUND', message: "counts.csv: line 40 is not one of the file's first rows (lines 1, 2, 3, 4): choose one of them as the header row" });
  });

  it('reads an XLSX file with other columns beside the mapped ones', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Counts');
    sheet.addRows([['Bin', 'Item', 'Counted'], ['A', 'Q-3', 30], ['B', 'Q-1', 11]]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(owner, file, JSON.stringify({ Item: 'sku', Counted: 'quantity', Bin: '' }), 'counts.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2, totalRows: 2, unknownSkus: [] });
    expect(await quantities(owner)).toEqual({ 'Q-1': 11, 'Q-2': -5, 'Q-3': 30 });
  });

  it('refuses a file naming SKUs no product has (another organisation\'s included), listing them, and changes nothing', async () => {
    const before = await quantities(owner);
    const res = await upload(owner, 'SKU,Quantity\nQ-1,7\nNOPE-1,1\nNOPE-2,2\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'UNKNOWN_SKUS',
      message: 'Nothing was updated: counts.csv: 2 SKUs match no product: NOPE-1, NOPE-2.',
      details: { totalRows: 3, errors: [], errorCount: 0, unknownSkus: ['NOPE-1', 'NOPE-2'], unknownSkuCount: 2 },
    });
    expect(await quantities(owner)).toEqual(before);
    await other.upload('/api/products/import', [{ field: 'file', content: 'SKU\nTHEIRS-1\n', fileName: 't.csv' }], { columnMapping: JSON.stringify({ SKU: 'sku' }) });
    const theirs = await upload(owner, 'SKU,Quantity\nTHEIRS-1,5\n');
    expect(theirs.json()).toMatchObject({ error: 'UNKNOWN_SKUS', details: { unknownSkus: ['THEIRS-1'] } });
  });

  it('refuses bad quantities by line, and changes nothing; rows without SKU or quantity are listed, not refused', async () => {
    const before = await quantities(owner);
    const res = await upload(owner, 'SKU,Quantity\nQ-1,7\nQ-2,abc\nQ-3,\nq-1,2\n,5\nNEW-1,1.5555\nNOPE,1\n');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('QUANTITY_UPLOAD_INVALID');
    expect(body.details.errors).toEqual([
      { line: 3, field: 'quantity', message: 'counts.csv line 3: Quantity "abc" is not a number' },
      { line: 7, field: 'quantity', message: 'counts.csv line 7: Quantity "1.5555" has more than 3 decimal places' }, // NEW-1 is unknown too, but its row is already bad
    ]);
    expect(body.details).toMatchObject({
      totalRows: 7,
      errorCount: 2,
      unknownSkus: ['NOPE'],
      unknownSkuCount: 1,
      skippedLines: [
        { line: 4, reason: 'rows without a quantity (left as they were)' },
        { line: 6, reason: 'rows without SKU, barcode or other identifier (image rows, parent rows, continuation rows)' },
      ],
    });
    expect(body.message).toBe('Nothing was updated: 2 problems. First: counts.csv line 3: Quantity "abc" is not a number; and SKU NOPE matches no product.');
    expect(await quantities(owner)).toEqual(before);
  });

  it.each([
    [{ SKU: 'sku' }, 'MISSING_REQUIRED_COLUMNS', 'Missing Required Columns: Please map the following required columns: Quantity.'],
    [{}, 'MISSING_REQUIRED_COLUMNS', 'Missing Required Columns: Please map the following required columns: SKU, Quantity.'],
    [{ SKU: 'sku', Count: 'quantity' }, 'UNKNOWN_COLUMN', 'counts.csv: there is no column "Count". Columns: SKU, Quantity.'],
    [{ SKU: 'sku', Quantity: 'price' }, 'UNKNOWN_FIELD', 'Column "Quantity" is mapped to "price": map columns to sku or quantity.'],
  ])('refuses the mapping %j', async (mapping, error, message) => {
    const res = await upload(owner, 'SKU,Quantity\nQ-1,1\n', JSON.stringify(mapping));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error, message });
  });

  it('needs a columnMapping and a file', async () => {
    const noMapping = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content: 'SKU,Quantity\nQ-1,1\n', fileName: 'q.csv' }]);
    expect(noMapping.json()).toMatchObject({ error: 'MISSING_FIELD', message: 'columnMapping is required.' });
    const noFile = await owner.upload('/api/products/upload-quantities', [], { columnMapping: MAPPING });
    expect(noFile.json()).toMatchObject({ error: 'NO_FILE' });
  });
});
