/**
 * The server as `npm start` runs it: bundled into dist/server (scripts/build-server.mjs;
 * docs/decisions/0064) and started with plain node on the embedded PGlite. Whatever the bundle
 * could break is exercised: migrations and the SPA found from the project root, the reconciling
 * worker thread (dist/server/reconcile-worker.mjs) and its scan reading thread
 * (dist/server/scan-prepare-worker.mjs), the legacy .xls reader's worker
 * (dist/server/xls-worker.mjs), the lazily loaded spreadsheet writer of the XLSX export, and the
 * count sheet's PDF writer, a chunk of its own loaded on the first sheet with the fonts it finds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { loadFixture } from '../domain/test-support/fixtures.js';
import { PROJECT_ROOT } from './project-root.js';
import { BUILT_SERVER_ENV, BUILT_SERVER_NODE_ARGS, startServerProcess, type ServerProcess } from './test-support/server-process.js';
import { TestClient } from './test-support/test-app.js';
import { importFixtureCatalogue, manifestUpload } from './features/audits/test-support/fixture-audits.js';

const fixture = loadFixture('cycle-count-basic');

describe('the built server (npm start)', () => {
  let server: ServerProcess;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-built-'));

  // A chunk an earlier build wrote (a lazily loaded module since changed) is not kept beside the new ones.
  const staleChunk = path.join(PROJECT_ROOT, 'dist/server/chunk-STALE000.mjs');

  beforeAll(async () => {
    mkdirSync(path.dirname(staleChunk), { recursive: true });
    writeFileSync(staleChunk, 'export {};\n');
    await buildServer();
    server = await startServerProcess({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'error' }, { built: true });
  }, 240_000);
  afterAll(async () => {
    const code = await server?.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(server.output()).toBe('');
  });

  it('leaves in dist/server only what the last build wrote', () => {
    expect(existsSync(staleChunk)).toBe(false);
    const files = readdirSync(path.join(PROJECT_ROOT, 'dist/server'));
    for (const entry of ['main.mjs', 'reconcile-worker.mjs', 'scan-prepare-worker.mjs', 'xls-worker.mjs', 'pglite-prepare.mjs']) expect(files).toContain(entry);
    // One count sheet writer: the chunk of the current sources only.
    expect(files.filter((f) => /^count-sheet-pdf-.*\.mjs$/.test(f))).toHaveLength(1);
  });

  it('is started by npm start with the environment the tests and benches give it', () => {
    const start = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    for (const [name, value] of Object.entries(BUILT_SERVER_ENV)) expect(start).toContain(`${name}=\${${name}:-${value}}`);
    expect(start).toMatch(new RegExp(`node ${BUILT_SERVER_NODE_ARGS.join(' ')} dist/server/main\\.mjs$`));
  });

  it('imports, processes in its worker thread, reads a legacy .xls and exports XLSX', async () => {
    const owner = new TestClient(server.url);
    await owner.signUp();
    await importFixtureCatalogue(owner, fixture);

    const id = (await owner.post('/api/audits', { name: 'Built' })).json().id as string;
    const { files, fields } = manifestUpload(fixture);
    const upload = await owner.upload(`/api/audits/${id}/upload-multiple`, files, fields);
    expect(upload.statusCode, upload.body).toBe(200);
    const audit = (await owner.get(`/api/audits/${id}`)).json();
    expect(audit).toMatchObject({ status: 'complete', itemsScanned: fixture.expected.totalScanned });
    expect((await owner.get(`/api/audits/${id}/results-enhanced?pageSize=1`)).json().counts).toMatchObject(fixture.expected.counts);

    const xlsx = await owner.get(`/api/audits/${id}/export-xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toContain('Executive Summary');

    const xlsPath = path.join(dir, 'old.xls');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Item Code', 'Qty'], ['A-1', 2]]), 'Count');
    writeFileSync(xlsPath, XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', path: xlsPath, fileName: 'old.xls' }], { flow: 'scan' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(JSON.stringify(preview.json())).toContain('A-1');
  }, 240_000);

  it('writes a count sheet PDF with its barcodes and a Chinese name, from the writer loaded on first use', async () => {
    // The PDF libraries are not loaded at start: no module of theirs is imported by the entry.
    expect(readFileSync(path.join(PROJECT_ROOT, 'dist/server/main.mjs'), 'utf8')).not.toMatch(/from "(pdf-lib|fontkit|bwip-js[^"]*)"/);
    const owner = new TestClient(server.url);
    await owner.signUp();
    for (const p of [
      { sku: 'TEA-1', name: '绿茶 250 g', upc: '4006381333931', currentQuantity: 2, location: 'A-01' },
      { sku: 'CUP-2', name: 'Cup', currentQuantity: 1, location: 'A-01' },
    ]) {
      expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    }
    const id = (await owner.post('/api/audits/stub', { name: 'Sheet', type: 'cycle-count', status: 'draft' })).json().id as string;
    const sheet = await owner.get(`/api/audits/${id}/count-sheet`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: sheet.rawPayload }).toString();
    expect(text).toContain('绿茶 250 g');
    expect(text).toContain('4006381333931');
  }, 120_000);
});
