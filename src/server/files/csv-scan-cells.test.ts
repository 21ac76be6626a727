/**
 * The CSV column path (csv-scan-cells.ts) against the record path it replaces for scan files:
 * over generated files (quotes, stray and unclosed quotes, CRLF/LF/CR, BOMs, UTF-16, blank and
 * delimiter-only lines, bytes that are not UTF-8, missing cells, every kind of quantity, header
 * or not), `readScanColumns` must yield the same batches of rows, or stop with the same error at
 * the same point, and leave the same Windows-1252 report. The row count read without making the
 * rows (`Table.countRows`, csv-row-count.ts) must be the number of rows the record path yields,
 * or the same error, with the same report.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FileError } from '../errors.js';
import { CSV_CHUNK_BYTES } from './csv-source.js';
import { openTable } from './open-table.js';
import { readScanColumns, scanValueAt } from './read-scan-rows.js';
import type { Table } from './table.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-scan-cells-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

let counter = 0;
function file(name: string, content: Uint8Array): string {
  const folder = path.join(dir, String(++counter));
  mkdirSync(folder);
  const p = path.join(folder, name);
  writeFileSync(p, content);
  return p;
}

type Outcome = { batches: [number, string, number][][]; error: { code: string; message: string; line?: number } | null; windows1252: unknown };

/** Everything `readScanColumns` yields for `table` (batch by batch) and how it ends. */
async function read(table: Table, scanColumn: string, quantityColumn: string | null): Promise<Outcome> {
  const batches: [number, string, number][][] = [];
  let error: Outcome['error'] = null;
  try {
    for await (const b of readScanColumns(table, { scanColumn, quantityColumn })) {
      const rows: [number, string, number][] = [];
      for (let i = 0; i < b.count; i++) rows.push([b.lines[i]!, scanValueAt(b, i), b.quantities[i]!]);
      batches.push(rows);
    }
  } catch (e) {
    if (!(e instanceof FileError)) throw e;
    error = { code: e.code, message: e.message, line: e.line };
  }
  return { batches, error, windows1252: table.windows1252Lines?.() ?? null };
}

/** The record path: the same table without its column path. */
function withoutColumnPath(table: Table): Table {
  return { ...table, scanCells: undefined };
}

// Pieces of text chosen to hit the grammar's corners; joined at random they make files both
// plain and hostile.
const FRAGMENTS = [
  '0012345678905', 'SKU-1', ' sku-1 ', 'Café', '   ', '\t', '3', '-2', '5.0', '1,000', '1.000', 'abc', '12-', '',
  ',', ',', ';', '|', '\t', '"', '""', '"a,b"', '"x\ny"', '"q""q"', "'0123", '\n', '\n', '\r\n', '\r\n', '\r', '\n\n',
];
const CELL = fc.constantFrom('0012345678905', 'SKU-1', ' sku-1 ', 'Café', '', '  ', '"quoted, value"', '"multi\r\nline"', 'a"b');
const QUANTITY = fc.constantFrom('1', '3', '', ' ', '-2', '+4', '5.0', '5,00', '1,000', '1.000', '5.5', 'abc', '3-', '2147483648', '0000000007', '"7"');

const structured = fc
  .record({
    header: fc.boolean(),
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    rows: fc.array(fc.tuple(CELL, QUANTITY, fc.constantFrom(0, 1, 2, 3)), { maxLength: 25 }),
    breaks: fc.array(fc.constantFrom('\n', '\r\n', '\r', '\n\n', '\n  \n'), { minLength: 1, maxLength: 4 }),
    finalBreak: fc.boolean(),
  })
  .map(({ header, delimiter, rows, breaks, finalBreak }) => {
    const lines = header ? [`Barcode${delimiter}Qty${delimiter}Note`] : [];
    rows.forEach(([cell, quantity, shape]) => {
      // shape: full row, scan only, delimiters only, three cells
      const parts = [[cell, quantity], [cell], ['', ''], [cell, quantity, 'n']][shape]!;
      lines.push(parts.join(delimiter));
    });
    const text = lines.map((line, i) => line + breaks[i % breaks.length]!).join('');
    return finalBreak ? text : text.replace(/[\r\n ]+$/, '');
  });
const fragments = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 60 }).map((parts) => parts.join(''));

/** Bytes of `text`: UTF-8 (with or without BOM, with or without stray Latin-1 bytes) or UTF-16LE with BOM. */
const encoded = (text: string) =>
  fc.record({ form: fc.constantFrom('utf8', 'bom', 'latin1-bytes', 'utf16'), at: fc.array(fc.nat(), { maxLength: 3 }) }).map(({ form, at }) => {
    if (form === 'utf16') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    let bytes = Buffer.from(text, 'utf8');
    if (form === 'bom') bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    if (form === 'latin1-bytes') {
      for (const position of at) {
        const cut = bytes.length === 0 ? 0 : position % bytes.length;
        bytes = Buffer.concat([bytes.subarray(0, cut), Buffer.from([0xe9, 0x80]), bytes.subarray(cut)]);
      }
    }
    return bytes;
  });

const fileArb = fc.oneof(structured, fragments).chain((text) =>
  fc.record({ bytes: encoded(text), header: fc.constantFrom('auto', 'yes', 'no') as fc.Arbitrary<'auto' | 'yes' | 'no'>, scan: fc.nat(3), quantity: fc.integer({ min: -1, max: 3 }) }),
);

/** Opens the bytes as a CSV; null when openTable itself refuses them (both paths share that). */
async function tableOf(bytes: Uint8Array, header: 'auto' | 'yes' | 'no'): Promise<Table | null> {
  try {
    return await openTable(file('scans.csv', bytes), 'scans.csv', { header });
  } catch (e) {
    if (e instanceof FileError) return null;
    throw e;
  }
}

async function expectSamePaths(bytes: Uint8Array, header: 'auto' | 'yes' | 'no', scan: number, quantity: number): Promise<void> {
  const table = await tableOf(bytes, header);
  if (table === null || table.fixedWidth) return;
  expect(table.scanCells).toBeDefined();
  const scanColumn = table.headers[scan % table.headers.length]!;
  const rest = table.headers.filter((h) => h !== scanColumn);
  const quantityColumn = quantity < 0 || rest.length === 0 ? null : rest[quantity % rest.length]!;
  const columns = await read(table, scanColumn, quantityColumn);
  const records = await read(withoutColumnPath(table), scanColumn, quantityColumn);
  expect(columns).toEqual(records);
  expect(await counted(bytes, header)).toEqual(await rowsOf(bytes, header));
}

type Count = { rows: number | null; error: Outcome['error']; windows1252: unknown };

/** What `Table.countRows` answers (csv-row-count.ts), or its error, and the Windows-1252 report after it. */
async function counted(bytes: Uint8Array, header: 'auto' | 'yes' | 'no'): Promise<Count> {
  const fresh = (await tableOf(bytes, header))!;
  try {
    return { rows: await fresh.countRows!(), error: null, windows1252: fresh.windows1252Lines?.() ?? null };
  } catch (e) {
    if (!(e instanceof FileError)) throw e;
    return { rows: null, error: { code: e.code, message: e.message, line: e.line }, windows1252: null };
  }
}

/** How many rows `Table.batches()` yields, or its error, and the report after it. */
async function rowsOf(bytes: Uint8Array, header: 'auto' | 'yes' | 'no'): Promise<Count> {
  const fresh = (await tableOf(bytes, header))!;
  let rows = 0;
  try {
    for await (const batch of fresh.batches()) rows += batch.length;
    return { rows, error: null, windows1252: fresh.windows1252Lines?.() ?? null };
  } catch (e) {
    if (!(e instanceof FileError)) throw e;
    return { rows: null, error: { code: e.code, message: e.message, line: e.line }, windows1252: null };
  }
}

describe('readScanColumns and countRows: the CSV column path and the count agree with the record path', () => {
  it('on generated files', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, async ({ bytes, header, scan, quantity }) => expectSamePaths(bytes, header, scan, quantity)),
      { numRuns: 300 },
    );
  });

  it('across chunk boundaries: generated text placed where the reader cuts the file', async () => {
    // Plain rows up to just before the first 64 KiB chunk ends, then the generated text, which
    // the cut falls into (quotes, line breaks and stray bytes on both sides of it).
    await fc.assert(
      fc.asyncProperty(fileArb, fc.nat(40), async ({ bytes, header, scan, quantity }, before) => {
        const fillerRows: string[] = ['Barcode,Qty'];
        let size = 12;
        for (let i = 0; size < CSV_CHUNK_BYTES - before - 16; i++) {
          const row = `${4000000000000 + i},${i % 7}\n`;
          fillerRows.push(row.slice(0, -1));
          size += row.length;
        }
        const filler = Buffer.from(fillerRows.join('\n') + '\n', 'utf8');
        const body = bytes[0] === 0xff ? Buffer.from(Buffer.from(bytes.subarray(2)).toString('utf16le'), 'utf8') : Buffer.from(bytes);
        const tail = body[0] === 0xef ? body.subarray(3) : body;
        await expectSamePaths(Buffer.concat([filler, tail]), header, scan, quantity);
      }),
      { numRuns: 60 },
    );
  });

  it('on a bad quantity, a quoted record across a chunk and an unclosed quote in later chunks', async () => {
    const rows = ['Barcode;Qty'];
    for (let i = 0; i < 9000; i++) rows.push(i === 4321 ? `"multi\r\nline ${i}";2` : `${4000000000000 + i};${(i % 5) + 1}`);
    const good = rows.join('\r\n') + '\r\n';
    for (const text of [good, `${good}SKU-1;1.000\r\nSKU-2;3\r\n`, `${good}SKU-1;"4\r\n`, `${good}SKU-1;4`]) {
      await expectSamePaths(Buffer.from(text, 'utf8'), 'auto', 0, 0);
      await expectSamePaths(Buffer.from(text, 'utf8'), 'auto', 0, -1);
    }
  });
});
