/**
 * Every scan file of every fixture (the repository's fixtures/<case>/, see its README), read
 * with its manifest mapping, must yield exactly that folder's logical-rows.csv: file, line,
 * value, quantity, values as the reader yields them (before the engine's normalisation).
 * logical-rows.csv is parsed with papaparse, so the expectation does not go through our parser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { openTable } from './open-table.js';
import { readScanRows } from './read-scan-rows.js';
import { fixturesDir } from '../../domain/test-support/fixtures.js';

const FIXTURES = fixturesDir();

interface Manifest {
  scanFiles: Array<{ file: string; scanColumn: string; quantityColumn?: string | null }>;
}

const folders = existsSync(FIXTURES)
  ? readdirSync(FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(FIXTURES, d.name, 'manifest.json')))
      .map((d) => d.name)
  : [];

describe('fixtures: scan files -> logical rows', () => {
  const cases = folders.flatMap((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(FIXTURES, folder, 'manifest.json'), 'utf8')) as Manifest;
    return manifest.scanFiles.map((scan) => ({ folder, ...scan }));
  });

  it('covers the four kinds of scan file in each folder', () => {
    expect(cases.length).toBe(folders.length * 4);
  });

  it.each(cases)('$folder/$file', async ({ folder, file, scanColumn, quantityColumn }) => {
    const logical = Papa.parse<{ file: string; line: string; value: string; qty: string }>(
      readFileSync(path.join(FIXTURES, folder, 'logical-rows.csv'), 'utf8'),
      { header: true, skipEmptyLines: true },
    );
    expect(logical.errors).toEqual([]);
    const expected = logical.data
      .filter((r) => r.file === file)
      .map((r) => ({ line: Number(r.line), value: r.value, quantity: Number(r.qty) }));
    expect(expected.length).toBeGreaterThan(0);

    const table = await openTable(path.join(FIXTURES, folder, file), file, { header: 'auto' });
    const actual = [];
    for await (const row of readScanRows(table, { scanColumn, quantityColumn })) actual.push(row);
    expect(actual).toEqual(expected);
  });
});
