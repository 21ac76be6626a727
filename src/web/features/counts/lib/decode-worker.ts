/**
 * Barcode decoding off the page's thread (DESIGN.md section 14): the browser's BarcodeDetector
 * where it reads every format we count, else `zxing-wasm` (what the `barcode-detector` ponyfill
 * runs, called directly for its options and GS1 content in one pass: docs/decisions/0142), whose
 * .wasm file the app serves itself (bundled by Vite, never a CDN). Takes video frames (ImageBitmap, transferred)
 * and answers the codes found with the time decoding took.
 *
 * GS1 symbols (GS1 DataMatrix, GS1-128, GS1 QR) are answered as scanners transmit them: the
 * symbology identifier (`]d2`, `]C1`, `]Q3`) and the element string with the GS character ending
 * each variable-length field, which the engine reads as GS1 (DESIGN.md section 5 rule 1). The
 * native detector's rawValue drops both, so a frame where it found such a symbol is read once more
 * by zxing-wasm for them.
 */
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The BarcodeDetector's names of the formats counted. */
type BarcodeFormat = 'ean_13' | 'ean_8' | 'upc_a' | 'upc_e' | 'code_128' | 'code_39' | 'itf' | 'data_matrix' | 'qr_code';

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
  /** 'native' (the browser's detector) or 'zxing' (zxing-wasm). */
  engine: 'native' | 'zxing';
}

// zxing-wasm loads the app's copy of the .wasm (never a CDN).
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

/** Our format names (the BarcodeDetector's) and zxing-wasm's. */
const ZXING_NAMES = new Map<BarcodeFormat, ReadInputBarcodeFormat>([
  ['ean_13', 'EAN-13'],
  ['ean_8', 'EAN-8'],
  ['upc_a', 'UPC-A'],
  ['upc_e', 'UPC-E'],
  ['code_128', 'Code128'],
  ['code_39', 'Code39'],
  ['itf', 'ITF'],
  ['data_matrix', 'DataMatrix'],
  ['qr_code', 'QRCode'],
]);
const FORMAT_OF = new Map([...ZXING_NAMES].map(([ours, theirs]) => [String(theirs), ours]));

/** Formats that may carry a GS1 element string. */
const GS1_CAPABLE = new Set<string>(['data_matrix', 'code_128', 'qr_code']);

/**
 * zxing-wasm's options for a camera frame (docs/decisions/0142): no search of the frame turned
 * 90 degrees or in inverted colours, which tripled the time of every frame without a code (most
 * of a camera's); a code held sideways is read when the phone turns with it.
 */
const FRAME_OPTIONS = { tryHarder: true, tryRotate: false, tryInvert: false, textMode: 'Plain', maxNumberOfSymbols: 4 } as const;

/** The frame's pixels. */
function pixelsOf(frame: ImageBitmap): ImageData {
  const canvas = new OffscreenCanvas(frame.width, frame.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(frame, 0, 0);
  return context.getImageData(0, 0, frame.width, frame.height);
}

/** One zxing-wasm pass over the frame; GS1 content as transmitted (symbology identifier, GS). */
async function readWithZxing(frame: ImageBitmap): Promise<DecodeAnswer['codes']> {
  const results = await readBarcodes(pixelsOf(frame), { ...FRAME_OPTIONS, formats: [...ZXING_NAMES.values()] });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ value: r.contentType === 'GS1' ? `${r.symbologyIdentifier}${r.text}` : r.text, format: FORMAT_OF.get(String(r.format)) ?? String(r.format) }));
}

type Detector = { detect(source: ImageBitmap): Promise<Array<{ rawValue: string; format: string }>> };

let native: Promise<Detector | null> | null = null;

/** The browser's BarcodeDetector when it reads every format we count, else null. */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (self as unknown as { BarcodeDetector?: { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return COUNT_FORMATS.every((f) => supported.includes(f)) ? new Native({ formats: COUNT_FORMATS }) : null;
  } catch {
    // The native detector is there but unusable (no platform support): use zxing.
    return null;
  }
}

self.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id, frame } = event.data;
  const started = performance.now();
  try {
    native ??= nativeDetector();
    const detector = await native;
    let codes: DecodeAnswer['codes'];
    if (detector) {
      codes = (await detector.detect(frame)).map((c) => ({ value: c.rawValue, format: c.format }));
      // The detector's rawValue drops GS1's symbology identifier and GS characters: read again.
      if (codes.some((c) => GS1_CAPABLE.has(c.format))) codes = [...codes.filter((c) => !GS1_CAPABLE.has(c.format)), ...(await readWithZxing(frame)).filter((c) => GS1_CAPABLE.has(c.format))];
    } else {
      codes = await readWithZxing(frame);
    }
    const answer: DecodeAnswer = { id, codes, ms: performance.now() - started, engine: detector ? 'native' : 'zxing' };
    self.postMessage(answer);
  } catch {
    self.postMessage({ id, codes: [], ms: performance.now() - started, engine: 'zxing' } satisfies DecodeAnswer);
  } finally {
    frame.close();
  }
};
