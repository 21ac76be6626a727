import { describe, expect, it } from 'vitest';
import { foldHeader } from './column-mapping.js';
import { barcodeEvidence, findHeaderRow, interpretTable, isSymbologyColumn, rowKey, skippedRowReason, structuralRowReason } from './table-interpretation.js';

describe('findHeaderRow', () => {
  it('skips title rows above the first row with several label cells', () => {
    expect(findHeaderRow([['Sharma Traders'], ['Stock Summary'], ['1-Apr-2025 to 31-Mar-2026'], ['Particulars', 'Quantity', 'Rate', 'Value'], ['Rice', '843', '450', '379350']])).toBe(3);
  });
  it('keeps the first row of an ordinary file, a one-column list and a header-less dump', () => {
    expect(findHeaderRow([['SKU', 'Name'], ['A-1', 'Apple']])).toBe(0);
    expect(findHeaderRow([['SKU'], ['A-1'], ['A-2']])).toBe(0);
    expect(findHeaderRow([['4006381333931', '08', '07/11/2026'], ['SKU', 'Name']])).toBe(0);
  });
});

describe('barcodeEvidence and isSymbologyColumn', () => {
  it('takes GS1 codes as barcodes, and neither platform ids, customs codes nor repeats', () => {
    expect(barcodeEvidence(['4006381333931', '5901234123457', '5012345678900'])).toBe(true);
    expect(barcodeEvidence(['7081934567001', '7081934567002', '7081934567003', '7081934567004'])).toBe(false);
    expect(barcodeEvidence(['7318150000', '7318150000', '7318220000'])).toBe(false);
    expect(barcodeEvidence(['3.65275E+11'])).toBeNull();
  });
  it('tells a zero-padded symbology column from counts', () => {
    expect(isSymbologyColumn(['08', '08', '03', '08', '03', '08'])).toBe(true);
    expect(isSymbologyColumn(['1', '2', '12', '3'])).toBe(false);
    expect(isSymbologyColumn(['10', '12', '24', '36'])).toBe(false);
  });
});

describe('interpretTable', () => {
  it('keys rows by SKU, then barcode, then the system id, then Handle + options', () => {
    const headers = ['ID', 'Handle', 'Option1 Value', 'SKU', 'Barcode', 'Name', 'Qty'];
    const rows = [
      ['11', 'shirt', 'S', 'SH-S', '4006381333931', 'Shirt', '2'],
      ['12', 'shirt', 'M', '', '5901234123457', 'Shirt', '3'],
      ['13', 'shirt', 'L', '', '', 'Shirt', '1'],
    ];
    const { keys, decisions } = interpretTable(headers, rows, foldHeader);
    expect(keys.map((k) => k.source)).toEqual(['sku', 'barcode', 'system id', 'handle and options']);
    expect(rows.map((r) => rowKey(keys, r))).toEqual([
      { key: 'SH-S', source: 'sku' },
      { key: '5901234123457', source: 'barcode' },
      { key: '13', source: 'system id' },
    ]);
    expect(rowKey(keys, ['', 'shirt', 'XL', '', '', '', ''])).toEqual({ key: 'shirt/XL', source: 'handle and options' });
    expect(rowKey(keys, ['', 'shirt', '', '', '', '', ''])).toBeNull(); // an image row
    expect(decisions.find((d) => d.topic === 'key')?.text).toBe(
      'Each product is known by its SKU in "SKU"; a row without it takes the barcode in "Barcode", then the system\'s id in "ID", then "Handle" with the option values, which becomes its SKU.',
    );
  });

  it('finds the stock in a column named after a place, and asks which of several', () => {
    const one = interpretTable(['SKU', 'Title', 'POPTOYS'], [['A', 'Bear', '12'], ['B', 'Kite', 'not stocked']], foldHeader);
    expect(one.stock?.headers).toEqual(['POPTOYS']);
    const two = interpretTable(['SKU', 'Title', 'Shop', 'Online'], [['A', 'Bear', '1', '2'], ['B', 'Kite', '', '3']], foldHeader, { location: 'all' });
    expect(two.stock?.headers).toEqual(['Shop', 'Online']);
    expect(interpretTable(['SKU', 'Title', 'Shop', 'Online'], [['A', 'Bear', '1', '2']], foldHeader, { location: 'shop' }).stock?.headers).toEqual(['Shop']);
    // a quantity word with a qualifier names the stock, not a place, whether mapped by the user or not
    for (const mapping of [undefined, { SKU: 'sku', 'On hand (current)': 'currentQuantity' }]) {
      const qualified = interpretTable(['SKU', 'Location', 'On hand (current)'], [['A', 'Main Street', '5'], ['A', 'Warehouse', '20']], foldHeader, mapping ? { mapping } : {});
      expect(qualified.stock).toMatchObject({ headers: ['On hand (current)'], locations: [] });
      expect(qualified.decisions.find((d) => d.topic === 'stock')?.text).toBe('The stock is the column "On hand (current)".');
    }
    // a number column in the middle of a catalogue is no place (Odoo's sale_delay)
    expect(interpretTable(['SKU', 'Name', 'sale_delay', 'Barcode'], [['A', 'Bear Large', '7', '4006381333931']], foldHeader).stock).toBeNull();
  });

  it('keeps the first name column as the name beside an Arabic secondary name, and reads Russian headers', () => {
    const arabic = interpretTable(['SKU', 'Name', 'الاسم', 'Qty'], [['A-1', 'Rose Water', 'ماء الورد', '4']], foldHeader);
    expect(arabic.mapping).toEqual({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity' });
    const russian = interpretTable(['Артикул', 'Наименование', 'Штрихкод', 'Остаток', 'Цена'], [['A-1', 'Кружка белая', '4006381333931', '3', '450']], foldHeader);
    expect(russian.mapping).toEqual({ Артикул: 'sku', Наименование: 'name', Штрихкод: 'upc', Остаток: 'currentQuantity', Цена: 'price' });
  });

  it('reads a stock list (rows per location, lot, serial) apart from a product list', () => {
    expect(interpretTable(['SKU', 'Name', 'Lot', 'Qty'], [['A', 'Bear Large', 'L1', '2']], foldHeader).listKind).toBe('stock');
    expect(interpretTable(['SKU', 'Name', 'Qty'], [['A', 'Bear Large', '2']], foldHeader).listKind).toBe('products');
  });
});

describe('the decisions in a shop owner\'s words', () => {
  const texts = (headers: string[], rows: string[][]) => interpretTable(headers, rows, foldHeader).decisions.map((d) => d.text);

  it('says store-view rows are translations skipped, not places whose stock is summed', () => {
    const magento = texts(['sku', 'store_view_code', 'name', 'qty'], [['MT07', '', 'Tank', '100'], ['MT07', 'fr', 'Débardeur', ''], ['MT08', '', 'Gym Tank', '0']]);
    expect(magento).toContain(
      'Store-view rows (translations of a product already listed, for another shop language or store view; column "store_view_code") are skipped: a product\'s stock is read from its own row.',
    );
    expect(magento.join('\n')).not.toMatch(/one per|summed\b.*store_view_code/);
    expect(interpretTable(['sku', 'store_view_code', 'qty'], [['MT07', '', '1']], foldHeader).listKind).toBe('products');
  });

  it('names what the rows of one item are, the columns in parentheses', () => {
    expect(texts(['SKU', 'Warehouse', 'Bin name', 'Serial', 'Qty'], [['A', 'Main', 'A-01', 'S1', '1']])).toContain(
      'Rows of one product, one per location ("Warehouse"), shelf or bin ("Bin name"), serial number ("Serial"), are one item: their stock is summed.',
    );
    expect(texts(['Item Code', 'Barcode', 'Packing', 'Qty'], [['A1', '4006381333931', 'Box', '12']])).toContain(
      'Rows sharing one code ("Item Code"), one per barcode, are one product; its further barcodes are its alternate identifiers.',
    );
  });

  it('names a file\'s columns only in quotes, never as words of a sentence', () => {
    const tables: [string[], string[][]][] = [
      [['sku', 'store_view_code', 'product_type', 'name', 'qty'], [['MT07', '', 'simple', 'Tank', '100']]],
      [['Handle', 'Title', 'Option1 Value', 'Variant SKU', 'Variant Barcode', 'Location', 'Bin name', 'On hand (current)'], [['tee', 'Tee', 'S', 'T-S', '4006381333931', 'Main', 'A-01', '3']]],
      [['Product/Internal Reference', 'Location', 'Lot/Serial Number', 'Quantity'], [['FURN_1', 'WH/Stock', 'L1', '2']]],
      [['Item Code', 'Barcode', 'Packing', 'Qty'], [['A1', '4006381333931', 'Box', '12']]],
      [['ID', 'Type', 'SKU', 'Name', 'Stock'], [['12', 'variable', '', 'Mug', ''], ['13', 'variation', 'MUG-1', 'Mug', '4']]],
    ];
    for (const [headers, rows] of tables) {
      for (const text of texts(headers, rows)) {
        const unquoted = text.replace(/"[^"]*"/g, '""');
        for (const h of headers.filter((h) => /[_/]|^[a-z]+$/.test(h))) expect(unquoted, `${h} in: ${text}`).not.toContain(h);
      }
    }
  });
});

describe('rows without a key', () => {
  it('names total, group, parent and continuation rows', () => {
    expect(structuralRowReason(['Grand Total', '999', '', '399210'])).toBe('total rows');
    expect(structuralRowReason(['Group Name: Grocery', '', ''])).toBe('title and group rows');
    expect(structuralRowReason(['Basmati Rice', '843'])).toBeNull();
    expect(skippedRowReason(['101', 'variable', '', 'Shirt'], 1)).toBe('parent rows (their variations are counted)');
    expect(skippedRowReason(['', '', '', 'LOT-0003', ''])).toBe('continuation rows (one more value of the row above)');
  });
});
