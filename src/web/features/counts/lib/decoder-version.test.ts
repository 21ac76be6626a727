/**
 * The decoding worker serves zxing-wasm's .wasm from our own zxing-wasm dependency while the
 * `barcode-detector` ponyfill runs its own copy's JavaScript: the two must be the same release, or
 * every frame fails with 'memory access out of bounds' (the glue and the binary disagree).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from node_modules directly: neither package exports its package.json.
const json = (name: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };

describe('camera decoder', () => {
  it('serves the .wasm of the zxing-wasm release the barcode-detector ponyfill runs', () => {
    const wanted = json('barcode-detector').dependencies?.['zxing-wasm'];
    expect(json('zxing-wasm').version).toBe(wanted);
  });
});
