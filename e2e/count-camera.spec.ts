/**
 * The count screen's camera in real Chromium (DESIGN.md section 14): Chromium's fake camera plays
 * a video made here from real barcode images drawn with bwip-js (EAN-13, a GS1 DataMatrix, Code
 * 128), and the decoder (the `barcode-detector` ponyfill over zxing-wasm, in a web worker, its
 * .wasm served by the app) reads them into the count, each code once while it stays in sight.
 */
import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { callApi } from './support/api';
import { signUp } from './support/app';
import { barcodeVideo } from './support/barcode-video';

const video = await barcodeVideo([
  { bcid: 'ean13', text: '5901234123457' },
  { bcid: 'gs1datamatrix', text: '(01)09501101530003(17)271231(10)AB-1' },
  { bcid: 'code128', text: 'BOLT-10' },
]);
const base = config.use?.launchOptions ?? {};

test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

test('reads EAN-13, GS1 DataMatrix and Code 128 from the camera into the count', async ({ page }) => {
  await signUp(page);
  for (const p of [
    { sku: 'CABLE-3', name: 'Cable 3 m', upc: '5901234123457', currentQuantity: 4 },
    { sku: 'BOLT-10', name: 'Bolt M10', currentQuantity: 10 },
  ]) {
    expect((await callApi(page, 'POST', '/api/products', p)).status).toBe(201);
  }
  const audit = await callApi<{ id: string }>(page, 'POST', '/api/audits/stub', { name: 'Camera count', type: 'cycle-count', status: 'draft' });
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).origin);
  });
  await page.goto(`/audits/${audit.body.id}/count`);
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByText('Point the camera at a barcode.')).toBeVisible();

  const reads = page.getByTestId('recent-reads');
  await expect(reads).toContainText('Cable 3 m', { timeout: 30_000 });
  await expect(reads).toContainText(']d201095011015300031727123110AB-1', { timeout: 30_000 });
  await expect(reads).toContainText('Bolt M10', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop camera' }).click();
  // The decoder came from the app itself, never a CDN.
  expect(wasm.length).toBeGreaterThan(0);
  expect(new Set(wasm)).toEqual(new Set([new URL(page.url()).origin]));

  await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
  const session = await callApi<{ id: string }>(page, 'POST', `/api/audits/${audit.body.id}/count-session`);
  const file = String((await callApi<string>(page, 'GET', `/api/count-sessions/${session.body.id}/file`)).body);
  const values = file
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(',')[0]!);
  // Each code read while in sight counts once per pass of the video (it plays in a loop).
  expect(values).toContain('5901234123457');
  expect(values).toContain('BOLT-10');
  // The GS1 DataMatrix as scanners transmit it: symbology identifier, then the element string.
  expect(values).toContain(']d201095011015300031727123110AB-1');
});
