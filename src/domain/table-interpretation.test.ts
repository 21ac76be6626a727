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

describe('rows without a key', () => {
  it('names total, group, parent and continuation rows', () => {
    expect(structuralRowReason(['Grand Total', '999', '', '399210'])).toBe('total rows');
    expect(structuralRowReason(['Group Name: Grocery', '', ''])).toBe('title and group rows');
    expect(structuralRowReason(['Basmati Rice', '843'])).toBeNull();
    expect(skippedRowReason(['101', 'variable', '', 'Shirt'], 1)).toBe('parent rows (their variations are counted)');
    expect(skippedRowReason(['', '', '', 'LOT-0003', ''])).toBe('continuation rows (one more value of the row above)');
  });
});
