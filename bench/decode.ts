/**
 * `npm run bench:decode`: decoding camera frames in the count screen's web worker (issue 28 budget:
 * <= 50 ms per 1280x720 frame for EAN-13 and Code 128 in headless Chromium here; DESIGN.md
 * section 14). Runs the app's real worker as built (dist/web: decode-worker with zxing-wasm, its
 * .wasm served by the app's build, never a CDN) in /usr/bin/chromium, headless.
 *
 * Frames: BENCH_FRAMES (20) of each symbology, 1280x720, a light grey background with noise and one
 * barcode (bars and spaces from bwip-js's encoder, 3 px a module: a shelf label as a phone sees it
 * from 20-30 cm) on a white label at a different place in each. The worker's own figure (`ms` of its answer: detect, plus the GS1 re-read where it applies)
 * is the measure; the first frame, which loads the .wasm, is left out. Every frame must read back
 * its code, or the bench fails.
 *
 * Reference, same run: the same frames decoded by zxing-wasm in Node on the main thread with its
 * default options (turned frames and inverted colours searched too, as the ponyfill did).
 * Prints median and spread (min-max) per symbology with the load average, then one JSON line.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { gs1CheckDigit } from '../src/domain/gtin.js';
import { spread, type Spread } from './support/stats.js';

const FRAMES = Number(process.env.BENCH_FRAMES ?? 20);
const WIDTH = 1280;
const HEIGHT = 720;
const BUDGET_MS = 50;
const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'dist/web');

if (!existsSync(path.join(web, 'index.html'))) execSync('npx vite build', { cwd: root, stdio: 'inherit' });
const workerFile = readdirSync(path.join(web, 'assets')).find((f) => /^decode-worker-.*\.js$/.test(f));
if (!workerFile) throw new Error('dist/web/assets has no decode-worker: run `npx vite build`.');

/** The frames' codes, EAN-13 GTINs and Code 128 SKUs, with their bars and spaces in modules. */
const codes = Array.from({ length: FRAMES }, (_, i) => {
  const body = `590123${String(4100 + i).padStart(6, '0')}`;
  return [
    { bcid: 'ean13', text: `${body}${gs1CheckDigit(body)}` },
    { bcid: 'code128', text: `SKU-${String(i * 37).padStart(5, '0')}-B` },
  ];
})
  .flat()
  .map((c) => ({ ...c, sbs: (bwipjs.raw(c.bcid, c.text, '') as Array<{ sbs: number[] }>)[0]!.sbs }));

/**
 * Frame `index` (RGBA, width x height): grey noise, a white label with the bars `sbs` (3 px a
 * module, 120 px high). Self-contained: the page runs the same source, so both draw the same pixels.
 */
function frameOf(sbs: number[], index: number, width: number, height: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  let seed = index * 7919 + 1;
  for (let p = 0; p < rgba.length; p += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const v = 150 + (seed % 50);
    rgba[p] = v;
    rgba[p + 1] = v;
    rgba[p + 2] = v;
    rgba[p + 3] = 255;
  }
  const module = 3;
  const barsWidth = sbs.reduce((n, w) => n + w, 0) * module;
  const label = { w: barsWidth + 24 * module, h: 150 };
  const x0 = 30 + ((index * 173) % (width - label.w - 60));
  const y0 = 30 + ((index * 97) % (height - label.h - 60));
  const paint = (x: number, y: number, w: number, h: number, v: number) => {
    for (let y1 = y; y1 < y + h; y1++) for (let x1 = x; x1 < x + w; x1++) rgba.fill(v, (y1 * width + x1) * 4, (y1 * width + x1) * 4 + 3);
  };
  paint(x0, y0, label.w, label.h, 250);
  let x = x0 + 12 * module;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) paint(x, y0 + 15, w * module, 120, 20);
    x += w * module;
  });
  return rgba;
}

// The built app, served as the server serves it (the .wasm as application/wasm).
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const file = path.join(web, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  if (!file.startsWith(web) || path.extname(file) === '' || !existsSync(file)) {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>decode bench</title>');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  // tsx names functions through a helper of its own, which the page's copies of them call.
  await page.addInitScript('window.__name = (f) => f');
  await page.goto(`${origin}/`);
  const measured = await page.evaluate(
    async ({ workerUrl, frames, width, height, frameSource }) => {
      const draw = new Function(`return (${frameSource})`)() as (sbs: number[], index: number, width: number, height: number) => Uint8ClampedArray;
      const worker = new Worker(workerUrl, { type: 'module' });
      let next = 0;
      const decode = async (sbs: number[], index: number) => {
        const frame = await createImageBitmap(new ImageData(draw(sbs, index, width, height) as Uint8ClampedArray<ArrayBuffer>, width, height));
        return new Promise<{ codes: Array<{ value: string }>; ms: number; engine: string }>((resolve) => {
          const id = ++next;
          const onMessage = (event: MessageEvent) => {
            if (event.data.id !== id) return;
            worker.removeEventListener('message', onMessage);
            resolve(event.data);
          };
          worker.addEventListener('message', onMessage);
          worker.postMessage({ id, frame }, [frame]);
        });
      };
      // The first frame loads the .wasm: decoded once before the measured ones.
      await decode(frames[0]!, 0);
      const out = [];
      for (const [i, sbs] of frames.entries()) {
        const answer = await decode(sbs, i);
        out.push({ codes: answer.codes.map((c) => c.value), ms: answer.ms, engine: answer.engine });
      }
      worker.terminate();
      return out;
    },
    { workerUrl: `${origin}/assets/${workerFile}`, frames: codes.map((c) => c.sbs), width: WIDTH, height: HEIGHT, frameSource: frameOf.toString() },
  );
  const misread = measured.map((m, i) => ({ want: codes[i]!.text, got: m.codes })).filter((m) => !m.got.includes(m.want));
  if (misread.length) throw new Error(`frames not read back: ${JSON.stringify(misread.slice(0, 5))}`);

  // Reference: the same pixels, the same formats, zxing-wasm in Node on the main thread.
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(path.join(root, 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm')).buffer as ArrayBuffer } });
  const formats: Array<'EAN-13' | 'EAN-8' | 'UPC-A' | 'UPC-E' | 'Code128' | 'Code39' | 'ITF' | 'DataMatrix' | 'QRCode'> = ['EAN-13', 'EAN-8', 'UPC-A', 'UPC-E', 'Code128', 'Code39', 'ITF', 'DataMatrix', 'QRCode'];
  const image = (i: number) => ({ data: frameOf(codes[i]!.sbs, i, WIDTH, HEIGHT), width: WIDTH, height: HEIGHT, colorSpace: 'srgb' }) as ImageData;
  await readBarcodes(image(0), { formats });
  const reference: number[] = [];
  for (let i = 0; i < codes.length; i++) {
    const frame = image(i);
    const started = performance.now();
    const found = await readBarcodes(frame, { formats });
    reference.push(performance.now() - started);
    if (!found.some((r) => r.text === codes[i]!.text)) throw new Error(`reference: frame ${i} not read back`);
  }

  const of = (bcid: string) => spread(measured.filter((_, i) => codes[i]!.bcid === bcid).map((m) => m.ms));
  const ean13 = of('ean13');
  const code128 = of('code128');
  const all = spread(measured.map((m) => m.ms));
  const ref = spread(reference);
  const load = os.loadavg().map((l) => Number(l.toFixed(2)));
  const f = (s: Spread) => `${s.median.toFixed(1)} ms (${s.min.toFixed(1)}-${s.max.toFixed(1)})`;
  const engine = measured[0]!.engine;
  console.log(`decode in the web worker (${engine}), ${WIDTH}x${HEIGHT}, ${FRAMES} frames each: EAN-13 ${f(ean13)}, Code 128 ${f(code128)}; all ${f(all)}; budget ${BUDGET_MS} ms`);
  console.log(`reference, the same frames by zxing-wasm in Node on the main thread with its default options (the ponyfill's): ${f(ref)}; load ${load.join(' ')}`);
  const round = (s: Spread) => ({ median: Number(s.median.toFixed(1)), min: Number(s.min.toFixed(1)), max: Number(s.max.toFixed(1)) });
  console.log(JSON.stringify({ bench: 'decode', engine, frames: FRAMES * 2, width: WIDTH, height: HEIGHT, budgetMs: BUDGET_MS, ms: round(all), ean13Ms: round(ean13), code128Ms: round(code128), referenceMs: round(ref), load }));
} finally {
  await browser.close();
  server.close();
}
