/**
 * Test helpers for audit API tests: import a fixture's catalogue through the API with the
 * manifest's mapping, and build the upload-multiple form of its scan files.
 */
import path from 'node:path';
import { expect } from 'vitest';
import type { Fixture } from '../../../../domain/test-support/fixtures.js';
import type { TestClient, UploadFile } from '../../../test-support/test-app.js';

/** Imports the fixture's catalogue.csv as the client's organisation's products. */
export async function importFixtureCatalogue(client: TestClient, fixture: Fixture): Promise<void> {
  const res = await client.upload(
    '/api/products/import',
    [{ field: 'file', path: path.join(fixture.dir, fixture.manifest.catalogue) }],
    { columnMapping: JSON.stringify(fixture.manifest.catalogueMapping) },
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** The upload-multiple form of the fixture's manifest (spec part 1 section 7 field names). */
export function manifestUpload(fixture: Fixture): { files: UploadFile[]; fields: Record<string, string> } {
  const files: UploadFile[] = [];
  const fields: Record<string, string> = {};
  fixture.manifest.scanFiles.forEach((f, i) => {
    files.push({ field: 'scanFiles', path: path.join(fixture.dir, f.file) });
    fields[`teamName_${i}`] = f.teamName;
    fields[`scanColumn_${i}`] = f.scanColumn;
    if (f.quantityColumn) fields[`quantityColumn_${i}`] = f.quantityColumn;
    if (f.scannerId) fields[`scannerId_${i}`] = f.scannerId;
  });
  return { files, fields };
}

/**
 * Waits until the audit `id` is complete, asking `GET /api/audits/{id}` every 100 ms (a minute at
 * most). @throws with the audit's error message when processing ended in error, or on time out.
 */
export async function waitComplete(c: TestClient, id: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const audit = (await c.get(`/api/audits/${id}`)).json();
    if (audit.status === 'complete') return;
    if (audit.status === 'error') throw new Error(audit.errorMessage);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('audit did not complete');
}

/**
 * Processes `files` (CSV text with columns Code and Count, team 'Team 1', 'Team 2', ... in order)
 * as the scan files of the audit `id` and waits until it is complete.
 */
export async function processFiles(c: TestClient, id: string, files: Array<{ content: string; fileName: string }>): Promise<void> {
  const fields: Record<string, string> = {};
  files.forEach((_f, i) => Object.assign(fields, { [`scanColumn_${i}`]: 'Code', [`quantityColumn_${i}`]: 'Count', [`teamName_${i}`]: `Team ${i + 1}` }));
  const res = await c.upload(`/api/audits/${id}/upload-multiple`, files.map((f) => ({ field: 'scanFiles', ...f })), fields);
  expect(res.statusCode, res.body).toBeLessThan(300);
  await waitComplete(c, id);
}

/** Creates a cycle count called `name` (in `section`, if given) and processes `files` (see processFiles); answers its id. */
export async function processedAudit(
  c: TestClient,
  name: string,
  files: Array<{ content: string; fileName: string }>,
  section?: string,
): Promise<string> {
  const id = (await c.post('/api/audits', { name, ...(section ? { section } : {}) })).json().id as string;
  await processFiles(c, id, files);
  return id;
}
