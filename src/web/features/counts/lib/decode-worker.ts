/**
 * Barcode decoding off the page's thread (DESIGN.md section 14): the browser's BarcodeDetector
 * where it exists, else the `barcode-detector` ponyfill over `zxing-wasm`, whose .wasm file the
 * app serves itself (bundled by Vite, never a CDN). Takes video frames (ImageBitmap, transferred)
 * and answers the codes found with the time decoding took.
 */
import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
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

prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

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
    const answer: DecodeAnswer = { id, codes: found.map((c) => ({ value: c.rawValue, format: c.format })), ms: performance.now() - started, engine };
    self.postMessage(answer);
  } catch {
    self.postMessage({ id, codes: [], ms: performance.now() - started, engine: 'zxing' } satisfies DecodeAnswer);
  } finally {
    frame.close();
  }
};
