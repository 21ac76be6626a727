/**
 * Count sheets (DESIGN.md section 14): the PDF of an audit's scope, its barcodes decoded back by
 * zxing-wasm from the page rendered by pdftoppm, each naming its product's GTIN or SKU; the
 * expected column only when asked and never in a blind count; viewers refused. The matching CSV,
 * its counts typed in, reads back as a scan file, a count left blank skipped (not counted 1).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import type { PagedResults } from '../../../contracts/results.js';
import { waitComplete } from '../audits/test-support/fixture-audits.js';
import { writeCountSheetPdf } from './count-sheet-pdf.js';

const PRODUCTS = [
  { sku: 'CABLE-3', name: 'Cable 3 m', upc: '5901234123457', currentQuantity: 4, location: 'A-01' },
  { sku: 'BOLT-10', name: 'Bolt M10', currentQuantity: 10, location: 'A-01' },
  { sku: 'SERUM-30', name: 'Serum 30 ml', upc: '09501101530003', currentQuantity: 2, location: 'A-02' },
  { sku: 'UPC-ITEM', name: 'Item with UPC-A', upc: '012345678905', currentQuantity: 1, location: 'A-02' },
];

// The decoder's .wasm from the installed package (never fetched from the network).
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(path.join(process.cwd(), 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
});

/** Renders every page of `pdf` with pdftoppm and answers the codes zxing-wasm reads on each. */
async function decodePages(pdf: Buffer): Promise<string[][]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-sheet-'));
  writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '200', '-png', path.join(dir, 'sheet.pdf'), path.join(dir, 'page')]);
  const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
  const out: string[][] = [];
  for (const page of pages) {
    const results = await readBarcodes(new Uint8Array(readFileSync(path.join(dir, page))), { formats: ['EAN-13', 'UPC-A', 'EAN-8', 'Code128', 'ITF'], maxNumberOfSymbols: 50 });
    out.push(results.map((r) => r.text).sort());
  }
  return out;
}

describe('count sheet PDF', () => {
  it('draws every product barcode so that a reader decodes it back, a page per location', async () => {
    const pdf = Buffer.from(
      await writeCountSheetPdf(
        PRODUCTS.map((p) => ({ ...p, upc: p.upc ?? null, expectedQuantity: p.currentQuantity })),
        { auditName: 'Aisle A', withExpected: true },
      ),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await decodePages(pdf)).toEqual([
      ['5901234123457', 'BOLT-10'],
      // The UPC-A is read as the EAN-13 it also is; the GTIN-14 of a unit is printed as its EAN-13.
      ['0012345678905', '9501101530003'],
    ]);
  });
});

describe('count sheet PDF in other scripts', () => {
  it('prints Cyrillic, Greek and accented names in an embedded font subset, as pdftoppm renders and pdftotext reads them', async () => {
    const products = [
      { sku: 'BOLT-RU', name: 'Болт М10 оцинкованный', upc: '5901234123457', location: 'Склад-1' },
      { sku: 'VIDA-GR', name: 'Βίδα Μ8 ανοξείδωτη', upc: null, location: 'Склад-1' },
      { sku: 'LODZ-1', name: 'Crème brûlée façonnée, Łódź', upc: null, location: 'Склад-1' },
      { sku: 'SCREW-CN', name: 'Screw 螺丝', upc: null, location: 'Склад-1' },
    ].map((p) => ({ ...p, expectedQuantity: 1 }));
    const pdf = Buffer.from(await writeCountSheetPdf(products, { auditName: 'Ревизия Ω', withExpected: false }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-sheet-'));
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'sheet.pdf'), '-']).toString();
    for (const shown of ['Count sheet: Ревизия Ω', 'Location: Склад-1', 'Болт М10', 'Βίδα Μ8', 'Crème brûlée façonnée, Łódź']) expect(text).toContain(shown);
    // DejaVu Sans has no CJK: those characters come from the CJK fallback, never as '?' or an empty box.
    expect(text).toContain('Screw 螺丝');
    expect(text).not.toContain('?');
    // The regular and the bold are embedded, as subsets: the two files are 1.4 MB together.
    const fonts = execFileSync('pdffonts', [path.join(dir, 'sheet.pdf')]).toString();
    expect(fonts).toMatch(/DejaVuSans-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts).toMatch(/DejaVuSans-Bold-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts).toMatch(/NotoSansSC-Regular-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    // Subsets: the SC file alone is 10.5 MB.
    expect(pdf.length).toBeLessThan(100_000);
    // pdftoppm renders it, and the barcodes still read back.
    expect(await decodePages(pdf)).toEqual([['5901234123457', 'LODZ-1', 'SCREW-CN', 'VIDA-GR']]);
  });

  it('prints Chinese, Japanese and Korean names in Noto Sans SC, JP and KR subsets: pdftotext gives them back, pdftoppm draws every glyph', async () => {
    const names = {
      'CJK-1-CN': '不锈钢螺丝十字槽沉头螺钉',
      'CJK-2-JP': 'お茶緑茶ティーバッグ袋入',
      'CJK-3-KR': '김치냉장고용기뚜껑세트',
      'CJK-4-MIX': 'Bolt 螺栓 ボルト 볼트 Болт M8',
      'CJK-5-EMOJI': 'Mug ☕️ 👍🏽 👨‍👩‍👧 🇯🇵 end',
    };
    const products = Object.entries(names).map(([sku, name]) => ({ sku, name, upc: null, location: '仓库 A', expectedQuantity: 1 }));
    const pdf = Buffer.from(await writeCountSheetPdf(products, { auditName: '盘点 棚卸し 재고 조사', withExpected: false }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-sheet-'));
    const file = path.join(dir, 'sheet.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const shown of ['Count sheet: 盘点 棚卸し 재고 조사', 'Location: 仓库 A', ...Object.values(names).slice(0, 4)]) expect(text, text).toContain(shown);
    // An emoji no font has is one replacement character per emoji (a skin tone, a family, a flag), never a crash.
    const emojiLine = text.split('\n').find((l) => l.includes('CJK-5-EMOJI'))!;
    expect(emojiLine).toMatch(/Mug ☕\S* \uFFFD \uFFFD \uFFFD end/);
    const fonts = execFileSync('pdffonts', [file]).toString();
    for (const font of ['NotoSansSC-Regular', 'NotoSansJP-Regular', 'NotoSansKR-Regular', 'NotoSansSC-Bold', 'NotoSansJP-Bold', 'NotoSansKR-Bold']) {
      expect(fonts).toMatch(new RegExp(`${font}-\\d+\\s+CID TrueType\\s+Identity-H\\s+yes`));
    }
    expect(pdf.length).toBeLessThan(200_000);

    // Every glyph of the three names is drawn (a broken subset loses glyphs while pdftotext still
    // reads the text): the cell of each character (its advance at 9 pt) holds ink when rendered.
    const dpi = 150;
    const px = (pt: number) => Math.round((pt * dpi) / 72);
    const fontFile = (family: string) => readFileSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-${family}/400Regular/NotoSansSC_400Regular.ttf`.replace(/SC/g, family.toUpperCase())));
    (
      [
        ['CJK-1-CN', 'sc'],
        ['CJK-2-JP', 'jp'],
        ['CJK-3-KR', 'kr'],
      ] as const
    ).forEach(([sku, family], row) => {
      const font = fontkit.create(fontFile(family)) as fontkit.Font;
      const edges = [0];
      for (const glyph of font.glyphsForString(names[sku])) edges.push(edges.at(-1)! + (glyph.advanceWidth / font.unitsPerEm) * 9);
      const [x, y, w, h] = [px(126), px(114 + 50 * row), px(edges.at(-1)!), px(13)];
      const out = path.join(dir, `row${row}`);
      execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', '-f', '1', '-l', '1', '-x', String(x), '-y', String(y), '-W', String(w), '-H', String(h), file, out]);
      const pgm = readFileSync(`${out}.pgm`);
      const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 30))!.map(Number);
      const pixels = pgm.subarray(pgm.length - width! * height!);
      const inkPerCell = edges.slice(1).map((end, i) => {
        let ink = 0;
        for (let yy = 0; yy < height!; yy++) for (let xx = px(edges[i]!) + 1; xx < Math.min(width!, px(end)) - 1; xx++) if (pixels[yy * width! + xx]! < 128) ink++;
        return ink;
      });
      expect(inkPerCell.length).toBe(Array.from(names[sku]).length);
      expect(inkPerCell.every((ink) => ink >= 10), `${sku}: ink per character ${inkPerCell.join(',')}`).toBe(true);
    });
  });

  it('draws the ideographs of a Japanese sheet in Japanese shapes and those of a Chinese name in Chinese ones', async () => {
    const sheet = async (names: string[]) => {
      const products = names.map((name, i) => ({ sku: `JA-${i}`, name, upc: null, location: null, expectedQuantity: null }));
      const pdf = Buffer.from(await writeCountSheetPdf(products, { auditName: 'Order', withExpected: false }));
      const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-sheet-'));
      writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
      const fonts = execFileSync('pdffonts', [path.join(dir, 'sheet.pdf')]).toString();
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'sheet.pdf'), '-']).toString();
      for (const name of names) expect(text).toContain(name);
      // The first name's cell as rendered (gray levels), to compare the shapes drawn.
      execFileSync('pdftoppm', ['-r', '150', '-gray', '-singlefile', '-x', '263', '-y', '238', '-W', '120', '-H', '27', path.join(dir, 'sheet.pdf'), path.join(dir, 'cell')]);
      return { fonts: [...fonts.matchAll(/NotoSans(SC|JP|KR)-Regular/g)].map((m) => m[1]).sort(), cell: readFileSync(path.join(dir, 'cell.pgm')) };
    };
    // Ideographs alone, on a sheet without kana: Chinese (nothing says Japanese).
    const chinese = await sheet(['直骨誤']);
    expect(chinese.fonts).toEqual(['SC']);
    // The same name on a sheet where another name holds kana: Japanese, drawn from Noto Sans JP alone.
    const japanese = await sheet(['直骨誤', 'お茶']);
    expect(japanese.fonts).toEqual(['JP']);
    // 直, 骨 and 誤 are drawn differently in the two fonts: the same cell renders otherwise.
    expect(japanese.cell.equals(chinese.cell)).toBe(false);
    // A simplified Chinese name (钢 has no Japanese form) keeps the Chinese font on a Japanese sheet; kana names take the Japanese one.
    expect((await sheet(['不锈钢螺丝', 'お茶'])).fonts).toEqual(['JP', 'SC']);
  });

  it("keeps every character's text in a later sheet: glyphs first met as parts of others (Β is drawn from B) still map back", async () => {
    const sheet = async (name: string) => {
      const pdf = await writeCountSheetPdf([{ sku: 'G-1', name, upc: null, location: null, expectedQuantity: null }], { auditName: 'Order', withExpected: false });
      return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(pdf) }).toString();
    };
    expect(await sheet('Βίδα Μ8 ûç')).toContain('Βίδα Μ8 ûç');
    expect(await sheet('Bolt M8 uc Ж')).toContain('Bolt M8 uc Ж');
    // A CJK font loaded by an earlier sheet is embedded again in the next one that needs it.
    expect(await sheet('螺丝 Ж')).toContain('螺丝 Ж');
    expect(await sheet('不锈钢螺丝 M8')).toContain('不锈钢螺丝 M8');
  });

  it('embeds no font for a sheet in WinAnsi text', async () => {
    const pdf = Buffer.from(await writeCountSheetPdf([{ sku: 'A-1', name: 'Crème', upc: null, location: null, expectedQuantity: null }], { auditName: 'Plain', withExpected: false }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-sheet-'));
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    expect(execFileSync('pdffonts', [path.join(dir, 'sheet.pdf')]).toString()).not.toContain('DejaVu');
  });
});

describe.each(DATABASE_KINDS)('count sheet route on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let member: TestClient;
  let viewer: TestClient;
  let auditId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    const { organizationId } = await owner.signUp();
    for (const p of PRODUCTS) expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    member = await signedInMember(t, organizationId, 'member');
    viewer = await signedInMember(t, organizationId, 'viewer');
    auditId = (await owner.post('/api/audits/stub', { name: 'Sheet audit', type: 'cycle-count', status: 'draft' })).json().id;
  });
  afterAll(async () => t?.close());

  const text = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

  it('answers the PDF, with the expected column only when asked and not blind', async () => {
    const res = await owner.get(`/api/audits/${auditId}/count-sheet?expected=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const withExpected = text(res.rawPayload);
    expect(withExpected).toContain('Expected');
    expect(withExpected).toContain('Counted by');
    expect(text((await owner.get(`/api/audits/${auditId}/count-sheet`)).rawPayload)).not.toContain('Expected');
    // A member counts blind by default: no expected column even when asked.
    expect(text((await member.get(`/api/audits/${auditId}/count-sheet?expected=true`)).rawPayload)).not.toContain('Expected');
    const oneLocation = text((await owner.get(`/api/audits/${auditId}/count-sheet?location=A-02`)).rawPayload);
    expect(oneLocation).toContain('SERUM-30');
    expect(oneLocation).not.toContain('CABLE-3');
    expect((await viewer.get(`/api/audits/${auditId}/count-sheet`)).statusCode).toBe(403);
  });
  it('answers the matching CSV; typed back and uploaded, it is a scan file whose blank counts are skipped', async () => {
    const res = await owner.get(`/api/audits/${auditId}/count-sheet?format=csv&expected=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines).toEqual([
      'Location,SKU,Name,Barcode,Expected,Count (blank: not counted)',
      // Barcode: the code the PDF prints under the bars (the GTIN-14 of a unit as its EAN-13, the SKU in Code 128).
      'A-01,BOLT-10,Bolt M10,BOLT-10,10,',
      'A-01,CABLE-3,Cable 3 m,5901234123457,4,',
      'A-02,SERUM-30,Serum 30 ml,9501101530003,2,',
      'A-02,UPC-ITEM,Item with UPC-A,012345678905,1,',
    ]);
    expect((await member.get(`/api/audits/${auditId}/count-sheet?format=csv&expected=true`)).body).not.toContain('Expected');
    expect((await viewer.get(`/api/audits/${auditId}/count-sheet?format=csv`)).statusCode).toBe(403);

    // Counts typed in as a spreadsheet saves them: BOLT-10 and UPC-ITEM left blank.
    const typed = [lines[0], 'A-01,BOLT-10,Bolt M10,BOLT-10,10,', 'A-01,CABLE-3,Cable 3 m,5901234123457,4,2.5', 'A-02,SERUM-30,Serum 30 ml,9501101530003,2,0', 'A-02,UPC-ITEM,Item with UPC-A,012345678905,1, '].join('\r\n');
    const audit = (await owner.post('/api/audits/stub', { name: 'Typed sheet', type: 'cycle-count', status: 'draft' })).json().id;
    const uploaded = await owner.upload(`/api/audits/${audit}/upload`, [{ field: 'scanFile', content: typed, fileName: 'sheet.csv' }], {
      scanColumn: 'SKU',
      quantityColumn: 'Count (blank: not counted)',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().rowCount).toBe(2);
    expect((await owner.post(`/api/audits/${audit}/process?wait=false`)).statusCode).toBe(202);
    await waitComplete(owner, audit);
    const results: PagedResults = (await owner.get(`/api/audits/${audit}/results-enhanced?all=true`)).json();
    const counted = [...results.categories.quantityCorrect, ...results.categories.quantityAbove, ...results.categories.quantityBelow];
    expect(counted.map((i) => [i.sku, i.scannedQuantity]).sort()).toEqual([
      ['CABLE-3', 2.5],
      ['SERUM-30', 0],
    ]);
    expect(results.categories.zeroSheetItems.map((i) => i.sku).sort()).toEqual(['BOLT-10', 'UPC-ITEM']);
    expect(results.summary.scanFileBreakdown.map((f) => f.totalItems)).toEqual([2.5]);
  });

  it('prints a long SKU whole, over several lines of its column, where one line would cut it', async () => {
    const products = [
      { sku: 'WH-NORTH-AISLE-12-SHELF-04-BIN-0007', name: 'Long SKU with a barcode', upc: '8711253001202', currentQuantity: 1, location: 'L-01' },
      // No barcode fits a 40-character SKU's width of column: it is counted by the SKU, which must be read whole.
      { sku: 'ÜBERLÄNGE-ARTIKELNUMMER-2026-LAGER-SÜD-42', name: 'Counted by the SKU', currentQuantity: 1, location: 'L-01' },
      { sku: 'SHORT-1', name: 'Short SKU', currentQuantity: 1, location: 'L-01' },
    ];
    for (const p of products) expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    const res = await owner.get(`/api/audits/${auditId}/count-sheet?location=L-01`);
    expect(res.statusCode).toBe(200);
    // Only the SKU column (x 30-122 pt, y 100-750 pt from the top: below the heading, above the signature line): its lines, top to bottom.
    const skuColumn = execFileSync('pdftotext', ['-x', '30', '-y', '100', '-W', '92', '-H', '650', '-', '-'], { input: res.rawPayload }).toString();
    expect(skuColumn).not.toContain('...');
    expect(skuColumn.replace(/\s+/g, '')).toBe(products.map((p) => p.sku).sort().join(''));
  });

  it('prints a SKU beyond ASCII as another value the engine finds the product by, never as its UTF-8 bytes', async () => {
    const products = [
      { sku: 'ŁÓDŹ-1', name: 'Łódź tile', otherIdentifier: 'LODZ-OID-1', currentQuantity: 3, location: 'B-09' },
      {
        sku: 'ŻÓŁW-2',
        name: 'Turtle clip',
        // The box alias counts 24 a read: a sheet's code must count one unit, so the unit alias is printed.
        alternateIdentifiers: [
          { value: 'ZOLW-BOX', kind: 'alias', units: 24 },
          { value: 'ZOLW-ALIAS', kind: 'alias', units: 1 },
        ],
        currentQuantity: 1,
        location: 'B-09',
      },
      { sku: 'ĆMA-3', name: 'Moth trap', currentQuantity: 2, location: 'B-09' },
    ];
    for (const p of products) expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    const res = await owner.get(`/api/audits/${auditId}/count-sheet?location=B-09`);
    expect(res.statusCode).toBe(200);
    const decoded = await decodePages(res.rawPayload);
    expect(decoded).toEqual([['LODZ-OID-1', 'ZOLW-ALIAS']]);
    // The product with nothing printable gets no barcode, and the sheet says so.
    expect(text(res.rawPayload)).toContain('No barcode: count by the SKU');

    // Read into a scan file, the decoded codes find their products through the engine, one unit each.
    const audit = (await owner.post('/api/audits/stub', { name: 'Decoded sheet', type: 'cycle-count', status: 'draft' })).json().id;
    const file = ['Barcode', ...decoded.flat()].join('\r\n');
    const uploaded = await owner.upload(`/api/audits/${audit}/upload`, [{ field: 'scanFile', content: file, fileName: 'decoded.csv' }], { scanColumn: 'Barcode' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await owner.post(`/api/audits/${audit}/process?wait=false`)).statusCode).toBe(202);
    await waitComplete(owner, audit);
    const results: PagedResults = (await owner.get(`/api/audits/${audit}/results-enhanced?all=true`)).json();
    const counted = [...results.categories.quantityCorrect, ...results.categories.quantityAbove, ...results.categories.quantityBelow];
    expect(counted.map((i) => [i.sku, i.scannedQuantity]).sort()).toEqual([
      ['ŁÓDŹ-1', 1],
      ['ŻÓŁW-2', 1],
    ]);
    expect(results.categories.notFound).toEqual([]);
  });
  /** Uploads `values` as a scan file of a new audit, processes it and answers the counted SKUs with their quantities and the not found values. */
  async function reconcile(name: string, file: string, fields: Record<string, string>) {
    const audit = (await owner.post('/api/audits/stub', { name, type: 'cycle-count', status: 'draft' })).json().id;
    const uploaded = await owner.upload(`/api/audits/${audit}/upload`, [{ field: 'scanFile', content: file, fileName: `${name}.csv` }], fields);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await owner.post(`/api/audits/${audit}/process?wait=false`)).statusCode).toBe(202);
    await waitComplete(owner, audit);
    const results: PagedResults = (await owner.get(`/api/audits/${audit}/results-enhanced?all=true`)).json();
    const { quantityCorrect, quantityAbove, quantityBelow, scannedNotExpected } = results.categories;
    const counted = [...quantityCorrect, ...quantityAbove, ...quantityBelow, ...scannedNotExpected].map((i) => [i.sku, i.productName, i.scannedQuantity]);
    return { counted: counted.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)), notFound: results.categories.notFound };
  }

  it("prints no code that another product of the catalogue would take when read (outside the sheet's location too): the code printed counts its own product", async () => {
    const products = [
      // Its EAN-13 is another product's digit SKU (SKUs are matched first): it gets a Code 128 of its SKU.
      { sku: 'GTIN-OWN', name: 'Own GTIN', upc: '4006381333931', currentQuantity: 1, location: 'C-01' },
      { sku: '4006381333931', name: 'Digit SKU', currentQuantity: 1, location: 'Z-99' },
      // Its SKU reads as a GS1 element string naming SERUM-30 (location A-02): its other identifier is printed.
      { sku: '(01)09501101530003', name: 'GS1-shaped SKU', otherIdentifier: 'SERUM-LIKE', currentQuantity: 1, location: 'C-01' },
      // Its SKU reads as GTIN-OWN's GTIN and it has nothing else: no code, and the sheet says why.
      { sku: '(01)04006381333931', name: 'No way to print', currentQuantity: 1, location: 'C-01' },
    ];
    for (const p of products) expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    const res = await owner.get(`/api/audits/${auditId}/count-sheet?location=C-01`);
    expect(res.statusCode).toBe(200);
    const decoded = await decodePages(res.rawPayload);
    expect(decoded).toEqual([['GTIN-OWN', 'SERUM-LIKE']]);
    const printed = text(res.rawPayload).replace(/\s+/g, ' ');
    expect(printed).toContain('No barcode: count by the SKU');
    expect(printed).toContain('(code (01)04006381333931 would count GTIN-OWN)');
    // The CSV's Barcode column holds the same codes, blank where the PDF prints none.
    const csv = await owner.get(`/api/audits/${auditId}/count-sheet?location=C-01&format=csv`);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual([
      'Location,SKU,Name,Barcode,Count (blank: not counted)',
      'C-01,(01)04006381333931,No way to print,,',
      'C-01,(01)09501101530003,GS1-shaped SKU,SERUM-LIKE,',
      'C-01,GTIN-OWN,Own GTIN,GTIN-OWN,',
    ]);

    // Read back through the engine, each printed code counts its own product once.
    const read = await reconcile('Decoded C-01', ['Barcode', ...decoded.flat()].join('\r\n'), { scanColumn: 'Barcode' });
    expect(read.counted).toEqual([
      ['(01)09501101530003', 'GS1-shaped SKU', 1],
      ['GTIN-OWN', 'Own GTIN', 1],
    ]);
    expect(read.notFound).toEqual([]);
    // The codes passed over would have counted the other products.
    const naive = await reconcile('Naive C-01', ['Barcode', '4006381333931', '(01)09501101530003', '(01)04006381333931'].join('\r\n'), { scanColumn: 'Barcode' });
    expect(naive.counted).toEqual([
      ['4006381333931', 'Digit SKU', 1],
      ['GTIN-OWN', 'Own GTIN', 1],
      ['SERUM-30', 'Serum 30 ml', 1],
    ]);
  });

  it('answers the CSV of Chinese, Japanese and Korean names in UTF-8 with a BOM; counts typed in, it reads back to the same products', async () => {
    const products = [
      { sku: '螺丝-01', name: '不锈钢螺丝 M8', currentQuantity: 10, location: '仓库-B' },
      { sku: 'お茶-02', name: 'お茶 緑茶ティーバッグ', currentQuantity: 4, location: '仓库-B' },
      { sku: '김치-03', name: '김치 냉장고 용기, 2L', currentQuantity: 2, location: '仓库-B' },
    ];
    for (const p of products) expect((await owner.post('/api/products', p)).statusCode).toBe(201);
    const res = await owner.get(`/api/audits/${auditId}/count-sheet?format=csv&location=${encodeURIComponent('仓库-B')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines).toEqual([
      'Location,SKU,Name,Barcode,Count (blank: not counted)',
      // The sheet's order: SKUs in code-unit order (kana, then Han, then Hangul).
      '仓库-B,お茶-02,お茶 緑茶ティーバッグ,,',
      '仓库-B,螺丝-01,不锈钢螺丝 M8,,',
      '仓库-B,김치-03,"김치 냉장고 용기, 2L",,',
    ]);
    // Counts typed into the file as it came (BOM kept), uploaded back as a scan file.
    const typed = res.body.replace('ティーバッグ,,', 'ティーバッグ,,3').replace('2L",,', '2L",,2').replace('M8,,', 'M8,,12.5');
    const read = await reconcile('Typed CJK sheet', typed, { scanColumn: 'SKU', quantityColumn: 'Count (blank: not counted)' });
    expect(read.counted).toEqual([
      ['お茶-02', 'お茶 緑茶ティーバッグ', 3],
      ['螺丝-01', '不锈钢螺丝 M8', 12.5],
      ['김치-03', '김치 냉장고 용기, 2L', 2],
    ]);
    expect(read.notFound).toEqual([]);
    // The PDF of the same location prints the names and the SKUs.
    const pdfText = text((await owner.get(`/api/audits/${auditId}/count-sheet?location=${encodeURIComponent('仓库-B')}`)).rawPayload);
    for (const shown of ['螺丝-01', '不锈钢螺丝 M8', 'お茶-02', 'お茶 緑茶ティーバッグ', '김치-03', '김치 냉장고 용기, 2L']) expect(pdfText).toContain(shown);
  });
});
