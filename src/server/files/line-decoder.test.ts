/**
 * LineFallbackDecoder: 8-bit text decoded line by line (docs/decisions/0052): valid UTF-8 lines
 * stay UTF-8 and only invalid ones fall back to Windows-1252, however the bytes are chunked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLineFeeds, KEPT_FALLBACK_LINES, LineFallbackDecoder, MAX_LINE_BYTES } from './line-decoder.js';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** Decodes `bytes` fed in pieces of `size` bytes. */
function decode(bytes: Uint8Array, size = bytes.length) {
  const decoder = new LineFallbackDecoder();
  let text = '';
  for (let i = 0; i < bytes.length; i += size) text += decoder.decode(bytes.subarray(i, i + size));
  text += decoder.end();
  return { text, fallback: decoder.fallback };
}

describe('LineFallbackDecoder', () => {
  const mixed = Buffer.concat([utf8('Code,Name\r\n1,Café\r\n'), latin1('2,Crème brûlée\r\n'), utf8('3,Größe\r\n4,Ürün')]);

  it('keeps valid UTF-8 lines as UTF-8 and reads only the invalid line as Windows-1252', () => {
    const { text, fallback } = decode(mixed);
    expect(text).toBe('Code,Name\r\n1,Café\r\n2,Crème brûlée\r\n3,Größe\r\n4,Ürün');
    expect(fallback).toEqual({ lines: [3], count: 1, utf8NonAscii: true });
  });

  it('gives the same text and line numbers whatever the chunk size (characters and lines cut anywhere)', () => {
    const whole = decode(mixed);
    for (const size of [1, 2, 3, 5, 7, 16]) expect(decode(mixed, size)).toEqual(whole);
  });

  it('reads Windows-1252 only characters (euro sign, curly quotes) on a fallback line', () => {
    const bytes = Buffer.concat([utf8('a,b\n'), Buffer.from([0x80, 0x2c, 0x93, 0x71, 0x94, 0x0a])]);
    const { text, fallback } = decode(bytes);
    expect(text).toBe('a,b\n€,“q”\n');
    expect(fallback.lines).toEqual([2]);
  });

  it('counts every fallback line and keeps the first few line numbers', () => {
    const lines = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? latin1(`${i + 1},né\n`) : utf8(`${i + 1},né\n`)));
    const { text, fallback } = decode(Buffer.concat(lines), 9);
    expect(text.split('\n').filter((l) => l.endsWith('né'))).toHaveLength(20);
    expect(fallback.count).toBe(10);
    expect(fallback.lines).toEqual([1, 3, 5, 7, 9].slice(0, KEPT_FALLBACK_LINES));
  });

  it('a plain ASCII or all-Windows-1252 file reports no non-ASCII UTF-8 line', () => {
    expect(decode(utf8('a,b\n1,2\n')).fallback).toEqual({ lines: [], count: 0, utf8NonAscii: false });
    expect(decode(latin1('a,b\n1,é\n2,ü\n')).fallback).toEqual({ lines: [2, 3], count: 2, utf8NonAscii: false });
  });

  it('decides a line longer than MAX_LINE_BYTES in pieces without holding it whole, counting it once', () => {
    const long = Buffer.concat([utf8('x'.repeat(MAX_LINE_BYTES + 10)), latin1('é'), utf8('y'.repeat(MAX_LINE_BYTES)), utf8('\n2,€\n')]);
    const { text, fallback } = decode(long, 64 * 1024);
    expect(text.length).toBe(2 * MAX_LINE_BYTES + 10 + 1 + 5);
    expect(text).toContain('xé');
    expect(text.endsWith('\n2,€\n')).toBe(true);
    expect(fallback).toEqual({ lines: [1], count: 1, utf8NonAscii: true });
  });
});

describe('countLineFeeds', () => {
  it('counts every LF byte, whatever the alignment and length of the view', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }), (raw, before, after) => {
        // Bytes drawn mostly from LF and its neighbours in value, at every offset in a larger buffer.
        const body = raw.map((b) => [0x0a, 0x0a, 0x0b, 0x09, 0x8a, 0x0a ^ 0x80, b][b % 7]!);
        const buffer = new Uint8Array(before + body.length + after).fill(0x0a);
        buffer.set(body, before);
        const view = buffer.subarray(before, before + body.length);
        expect(countLineFeeds(view)).toBe(view.filter((b) => b === 0x0a).length);
      }),
      { numRuns: 500 },
    );
  });
});
