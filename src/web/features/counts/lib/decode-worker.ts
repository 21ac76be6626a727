/**
 * Barcode decoding off the page's thread (DESIGN.md section 14): the browser's BarcodeDetector
 * where it exists, else the `barcode-detector` ponyfill over `zxing-wasm`, whose .wasm file the
 * app serves itself (bundled by Vite, never a CDN). Takes video frames (ImageBitmap, transferred)
 * and answers the codes found with the time decoding took.
 *
 * GS1 symbols (GS1 DataMatrix, GS1-128, GS1 QR) are answered as scanners transmit them: the
 * symbology identifier (`]d2`, `]C1`, `]Q3`) and the element string with the GS character ending
 * each variable-length field, which the engine reads as GS1 (DESIGN.md section 5 rule 1). The
 * detector's rawValue drops both, so a frame holding such a symbol is read once more by zxing-wasm
 * itself (the same module the ponyfill runs) for them.
 */
import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import { prepareZXingModule as prepareZXingReader, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** EAN-13/8, UPC-A/E, Code 128 (GS1-128 included), Code 39, ITF-14, DataMatrix, QR. */
export const COUNT_FORMATS: BarcodeFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'data_matrix', 'qr_code'];

export interface DecodeRequest {
  id: number;
  frame: ImageBitmap;
}

export interface DecodeAnswer {
  id: number;
  codes: Array<{ value: string; format: string }>;
  /** Milliseconds spent decoding the frame. */
  ms: number;
  /** 'native' (the browser's detector) or 'zxing' (the ponyfill). */
  engine: 'native' | 'zxing';
}

// Both the ponyfill and zxing-wasm's own reader load the app's copy of the .wasm (never a CDN).
const overrides = { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) };
prepareZXingModule({ overrides });
prepareZXingReader({ overrides });

/** Formats that may carry a GS1 element string, and zxing-wasm's names for them. */
const GS1_CAPABLE = new Map<string, ReadInputBarcodeFormat>([
  ['data_matrix', 'DataMatrix'],
  ['code_128', 'Code128'],
  ['qr_code', 'QRCode'],
]);

/** The frame's DataMatrix, Code 128 and QR symbols with their GS1 content as transmitted. */
async function readGs1Capable(frame: ImageBitmap): Promise<DecodeAnswer['codes']> {
  const canvas = new OffscreenCanvas(frame.width, frame.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(frame, 0, 0);
  const results = await readBarcodes(context.getImageData(0, 0, frame.width, frame.height), {
    formats: [...GS1_CAPABLE.values()],
    textMode: 'Plain',
    tryHarder: true,
  });
  return results
    .filter((r) => r.isValid)
    .map((r) => {
      const format = [...GS1_CAPABLE].find(([, name]) => name === r.format)?.[0] ?? String(r.format);
      return { value: r.contentType === 'GS1' ? `${r.symbologyIdentifier}${r.text}` : r.text, format };
    });
}

type Detector = { detect(source: ImageBitmap): Promise<Array<{ rawValue: string; format: string }>> };

let detector: Promise<{ detector: Detector; engine: DecodeAnswer['engine'] }> | null = null;

async function makeDetector(): Promise<{ detector: Detector; engine: DecodeAnswer['engine'] }> {
  const Native = (self as unknown as { BarcodeDetector?: typeof ZXingBarcodeDetector }).BarcodeDetector;
  if (Native && Native !== ZXingBarcodeDetector) {
    try {
      const supported = await Native.getSupportedFormats();
      const formats = COUNT_FORMATS.filter((f) => supported.includes(f));
      if (formats.length === COUNT_FORMATS.length) return { detector: new Native({ formats }), engine: 'native' };
    } catch {
      // The native detector is there but unusable (no platform support): use zxing.
    }
  }
  return { detector: new ZXingBarcodeDetector({ formats: COUNT_FORMATS }), engine: 'zxing' };
}

self.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id, frame } = event.data;
  const started = performance.now();
  try {
    detector ??= makeDetector();
    const { detector: d, engine } = await detector;
    const found = await d.detect(frame);
    let codes = found.map((c) => ({ value: c.rawValue, format: c.format }));
    if (codes.some((c) => GS1_CAPABLE.has(c.format))) codes = [...codes.filter((c) => !GS1_CAPABLE.has(c.format)), ...(await readGs1Capable(frame))];
    const answer: DecodeAnswer = { id, codes, ms: performance.now() - started, engine };
    self.postMessage(answer);
  } catch {
    self.postMessage({ id, codes: [], ms: performance.now() - started, engine: 'zxing' } satisfies DecodeAnswer);
  } finally {
    frame.close();
  }
};
