/**
 * Measured goods and case barcodes from the results screen to both exports (DESIGN.md section 2,
 * section 5 rules 1 and 4): a catalogue with fractional stock and a second EAN column, a case
 * barcode of 24, a scan file with decimal quantities. The results show 2.5 kg counted against
 * 1.5 expected as 1 above, whole numbers without decimals; the XLSX and CSV hold the same figures.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Audit } from '../src/contracts/audits';
import type { Product, ProductListResponse } from '../src/contracts/products';
import { callApi } from './support/api';
import { signUp } from './support/app';

const CATALOGUE = ['SKU,Name,Barcode,EAN,Stock On Hand', 'RICE,Rice (kg),,,1.50', 'CABLE,Cable (m),,,843.00000', 'FLOUR,Flour 1 kg,4006381333931,0012345678905,50'].join('\n');
const SCANS = ['Code,Count', 'RICE,2.5', 'CABLE,843', '14006381333938,2', '0012345678905,1', 'ZZZ,0.25'].join('\n');

for (const width of [1280, 375]) {
  test(`decimal quantities and case barcodes from results to exports at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    await signUp(page);
    const imported = await callApi(page, 'POST', '/api/products/import', {
      multipart: {
        fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Barcode: 'upc', EAN: 'upc', 'Stock On Hand': 'currentQuantity' }) },
        files: { file: ['catalogue.csv', CATALOGUE] },
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const list = await callApi<ProductListResponse>(page, 'GET', '/api/products?limit=10');
    const flour = list.body.products.find((p: Product) => p.sku === 'FLOUR')!;
    expect(flour.alternateIdentifiers).toEqual([{ value: '0012345678905', kind: 'barcode', units: 1 }]);
    const edited = await callApi(page, 'PATCH', `/api/products/${flour.id}`, {
      alternateIdentifiers: [...flour.alternateIdentifiers, { value: '14006381333938', kind: 'barcode', units: 24 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const created = await callApi<Audit>(page, 'POST', '/api/audits', { name: 'Measured goods' });
    const id = created.body.id;
    const uploaded = await callApi(page, 'POST', `/api/audits/${id}/upload-multiple`, {
      multipart: { fields: { scanColumn_0: 'Code', quantityColumn_0: 'Count' }, files: { scanFiles: ['scale.csv', SCANS] } },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
    await expect.poll(async () => (await callApi<Audit>(page, 'GET', `/api/audits/${id}`)).body.status, { timeout: 30_000 }).toBe('complete');

    await page.goto(`/audits/${id}`);
    await page.getByRole('tab', { name: /^Above/ }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('RICE');
    await expect(panel).toContainText('2.5');
    await expect(panel).toContainText('+1 (+66.7%)');
    await page.getByRole('tab', { name: /^Below/ }).click();
    await expect(panel).toContainText('FLOUR');
    await expect(panel).toContainText('49'); // 2 cases of 24 + 1 by the second supplier's EAN
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `decimal-results-${width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Export Results' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Results' });
    const xlsxDownload = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: /^Professional XLSX/ }).click();
    const xlsxPath = path.join(os.tmpdir(), `e2e-decimal-${width}-${Date.now()}.xlsx`);
    await (await xlsxDownload).saveAs(xlsxPath);
    await expect(exportDialog).toBeHidden();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    const above = workbook.getWorksheet('Above')!;
    const header = above.getRow(1).values as string[];
    const rice = above.getRow(2);
    expect([rice.getCell(header.indexOf('Expected')).value, rice.getCell(header.indexOf('Scanned')).value, rice.getCell(header.indexOf('Difference')).value]).toEqual([1.5, 2.5, 1]);

    await page.getByRole('button', { name: 'Export Results' }).click();
    const csvDownload = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: /^Simple CSV/ }).click();
    const csvPath = path.join(os.tmpdir(), `e2e-decimal-${width}-${Date.now()}.csv`);
    await (await csvDownload).saveAs(csvPath);
    const rows = Papa.parse<Record<string, string>>((await readFile(csvPath, 'utf8')).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.SKU === 'RICE')).toMatchObject({ Expected: '1.5', Scanned: '2.5', Difference: '1' });
    expect(rows.find((r) => r.SKU === 'FLOUR')).toMatchObject({ 'Scan Value': '14006381333938', Scanned: '49', Difference: '-1' });
    expect(rows.find((r) => r.SKU === 'ZZZ')).toMatchObject({ Scanned: '0.25' });
  });
}
