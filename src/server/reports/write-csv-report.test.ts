import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultItem } from '../../contracts/results.js';
import { GS1_VALUE, HYPERLINK_NAME, SAMPLE_LINES, sampleReportInput } from './report-input.fixture.js';
import type { ReportInput } from './report-input.js';
import { CSV_COLUMNS, writeCsvReport } from './write-csv-report.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-csv-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileNumber = 0;
async function writeCsv(input: ReportInput): Promise<Buffer> {
  const file = path.join(dir, `report-${(fileNumber += 1)}.csv`);
  await writeCsvReport(input, createWriteStream(file));
  return readFile(file);
}

type Row = Record<(typeof CSV_COLUMNS)[number], string>;

function parse(bytes: Buffer): { header: string[]; rows: Row[] } {
  const text = bytes.toString('utf8');
  const parsed = Papa.parse<string[]>(text.slice(1), { header: false, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...data] = parsed.data;
  return { header, rows: data.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])) as Row) };
}

describe('writeCsvReport', () => {
  let bytes: Buffer;
  let rows: Row[];
  let header: string[];
  beforeAll(async () => {
    bytes = await writeCsv(sampleReportInput());
    ({ header, rows } = parse(bytes));
  });

  const bySku = (sku: string) => {
    const row = rows.find((r) => r.SKU === sku);
    if (row === undefined) throw new Error(`no row ${sku}`);
    return row;
  };

  it('starts with a UTF-8 byte order mark and uses CRLF line ends', () => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').startsWith(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
  });

  it('has the legacy header and one row per line over all categories, in results-screen order', () => {
    expect(header).toEqual([...CSV_COLUMNS]);
    const total = Object.values(SAMPLE_LINES).reduce((sum, lines) => sum + lines.length, 0);
    expect(rows).toHaveLength(total);
    const order = [...new Set(rows.map((r) => r.Category))];
    expect(order).toEqual(['Correct', 'Above', 'Below', 'Cross-File Discrepancies', 'Not Found', 'Not Expected', 'Zero Sheet']);
    expect(rows.filter((r) => r.Category === 'Not Found')).toHaveLength(SAMPLE_LINES.notFound.length);
  });

  it('writes numbers plainly, negative differences signed and null percentages empty', () => {
    expect(bySku('SKU-300')).toMatchObject({
      Expected: '8',
      Scanned: '5',
      Difference: '-3',
      '% Difference': '-37.5',
      'Variance Value': '-5.97',
      'Scan Files': 'team1.csv',
    });
    expect(bySku('SKU-301')).toMatchObject({ '% Difference': '-66.67', 'Variance Value': '' });
    expect(bySku('SKU-201')).toMatchObject({ Expected: '0', Difference: '3', '% Difference': '' });
    expect(bySku('SKU-600')).toMatchObject({ Category: 'Zero Sheet', 'Scan Value': '', Location: 'C-01', 'Variance Value': '-13.00' });
    expect(bySku('SKU-500')).toMatchObject({ Category: 'Not Expected', 'Actual Category': 'Garden', Scanned: '2', Location: 'B-12' });
  });

  it('joins scan files with "; " and lists each file count of a cross-file line', () => {
    expect(bySku('SKU-100')['Scan Files']).toBe('team1.csv; team2.csv');
    expect(bySku('SKU-400')['Scan Files']).toBe('team1.csv: 5; team2.csv: 7');
  });

  it('puts the neighbouring scans with their product names and the reason on not-found rows', () => {
    expect(bySku("'=1+1")).toMatchObject({
      'Scanned Before': 'SKU-100 (Blue Widget)',
      // Starts with 'S': harmless as a whole, so not prefixed.
      'Scanned After': `SKU-200 (${HYPERLINK_NAME})`,
      Reason: 'unknown',
    });
    expect(bySku('1.23457E+11').Reason).toBe('scientific notation: 1.23457E+11');
    expect(bySku(GS1_VALUE)['Scan Value']).toBe(GS1_VALUE);
  });

  it('prefixes a quote to every text cell a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+SUM(A1:A9)', '-2+3', '@cmd', '\t=1+2']) {
      const row = bySku(`'${value}`);
      expect(row['Scan Value']).toBe(`'${value}`);
    }
    expect(bySku('SKU-200')['Product Name']).toBe(`'${HYPERLINK_NAME}`);
    expect(bySku('SKU-300')['Product Name']).toBe("'- Clearance bin");
    expect(bySku('SKU-601')['Product Name']).toBe("'@Sale item");
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (['Expected', 'Scanned', 'Difference', '% Difference', 'Variance Value'].includes(column)) continue;
        expect(value, `${row.SKU} ${column}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it('quotes commas, quotes and line breaks so that they read back unchanged (RFC 4180)', () => {
    expect(bySku('00012345')['Product Name']).toBe('Leading zeros, "quoted"\nand two lines');
    expect(bytes.toString('utf8')).toContain('"Leading zeros, ""quoted""\nand two lines"');
  });

  it('writes only the header when the audit has no lines', async () => {
    const empty = Object.fromEntries(Object.keys(SAMPLE_LINES).map((k) => [k, []])) as unknown as typeof SAMPLE_LINES;
    const text = (await writeCsv(sampleReportInput({ lines: empty }))).toString('utf8');
    expect(text).toBe(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('streams thousands of lines into a slow reader without losing one', async () => {
    const many = Array.from({ length: 5000 }, (_, i): ResultItem => ({ ...SAMPLE_LINES.quantityBelow[0], sku: `SKU-${i}` }));
    const chunks: Buffer[] = [];
    let writes = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        writes += 1;
        setTimeout(callback, 0);
      },
    });
    const lines = { ...SAMPLE_LINES, quantityBelow: many };
    await writeCsvReport(sampleReportInput({ lines }), slow);
    expect(writes).toBeGreaterThan(5);
    const parsed = parse(Buffer.concat(chunks));
    expect(parsed.rows.filter((r) => r.Category === 'Below').map((r) => r.SKU)).toEqual(many.map((l) => l.sku));
  });

  it('fails, and breaks the download, when the lines cannot be read', async () => {
    const input = sampleReportInput();
    const failing: ReportInput = {
      ...input,
      lines: (category) =>
        category === 'notFound'
          ? // eslint-disable-next-line require-yield -- a source that fails before its first line
            (async function* () {
              throw new Error('database went away');
            })()
          : input.lines(category),
    };
    const out = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await expect(writeCsvReport(failing, out)).rejects.toThrow('database went away');
    expect(out.destroyed).toBe(true);
  });
});

describe('writeCsvReport: GS1 details and repeated reads (DESIGN.md section 5 rule 1)', () => {
  it('writes lot, expiry and serial, then one row per repeated read with where it was', async () => {
    const wine: ResultItem = { ...SAMPLE_LINES.quantityCorrect[0]!, sku: 'WINE', lot: 'AB-123', expiry: '2027-12-31', serial: 'S1' };
    const input = sampleReportInput({
      lines: { ...SAMPLE_LINES, quantityCorrect: [wine] },
      repeatedReads: [{ fileName: 'b.csv', line: 4, scanValue: '(01)09501101530003(21)S1', sku: 'WINE', productName: 'Red wine', gtin: '09501101530003', serial: 'S1', firstFileName: 'a.csv', firstLine: 2 }],
    });
    const { rows } = parse(await writeCsv(input));
    const line = rows.find((r) => r.SKU === 'WINE' && r.Category === 'Correct')!;
    expect([line.Lot, line.Expiry, line.Serial]).toEqual(['AB-123', '2027-12-31', 'S1']);
    const repeat = rows.at(-1)!;
    expect(repeat).toMatchObject({
      Category: 'Repeated Reads',
      SKU: 'WINE',
      'Scan Value': '(01)09501101530003(21)S1',
      'Product Name': 'Red wine',
      Scanned: '',
      'Scan Files': 'b.csv line 4',
      Reason: 'repeated read: first read in a.csv line 2',
      Serial: 'S1',
    });
  });
});
