import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsciiFoldTable, foldedHashOf, MISSING, NOT_ASCII } from './ascii-fold-table.js';

const ascii = fc.string({ unit: fc.constantFrom(...'aAbBzZ09-_ .@[`{~'.split('')), maxLength: 6 });

describe('AsciiFoldTable', () => {
  it('answers like a Map keyed by toLowerCase()', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(ascii, fc.integer({ min: -5, max: 1000 })), { maxLength: 60 }), fc.array(ascii, { maxLength: 30 }), (entries, probes) => {
        const table = new AsciiFoldTable(entries.length);
        const map = new Map<string, number>();
        for (const [key, value] of entries) {
          table.set(key, value);
          map.set(key.toLowerCase(), value);
        }
        expect(table.size).toBe(map.size);
        for (const probe of [...entries.map(([k]) => k), ...probes]) {
          expect(table.get(probe)).toBe(map.get(probe.toLowerCase()) ?? MISSING);
        }
      }),
    );
  });

  it('insert keeps the first value of a folded key and answers it for every later spelling', () => {
    const long = fc.string({ unit: fc.constantFrom(...'aAbB-9'.split('')), minLength: 14, maxLength: 24 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(ascii, long), fc.integer({ min: -5, max: 1000 })), { maxLength: 60 }), (entries) => {
        const table = new AsciiFoldTable(entries.length);
        const map = new Map<string, number>();
        for (const [key, value] of entries) {
          expect(table.insert(key, value)).toBe(map.get(key.toLowerCase()) ?? MISSING);
          if (!map.has(key.toLowerCase())) map.set(key.toLowerCase(), value);
        }
        expect(table.size).toBe(map.size);
        for (const [key] of entries) expect(table.get(key.toUpperCase())).toBe(map.get(key.toLowerCase()));
      }),
    );
    const table = new AsciiFoldTable(1);
    expect(table.insert('SKU-1', 4)).toBe(MISSING);
    expect(table.insert('sku-1', 5)).toBe(4);
    expect(() => table.insert('sku-2', 1)).toThrow(RangeError);
    expect(() => table.insert('K', 1)).toThrow(RangeError);
  });

  it('folds only A-Z: the characters next to them stay apart', () => {
    const table = new AsciiFoldTable(2);
    table.set('@[', 1);
    expect(table.get('@[')).toBe(1);
    expect(table.get('`{')).toBe(MISSING);
    table.set('SKU-1', 2);
    expect(table.get('sku-1')).toBe(2);
  });

  it('compares keys longer than the bytes kept in the slot to their last character', () => {
    const long = fc.string({ unit: fc.constantFrom(...'aAbB-9'.split('')), minLength: 14, maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.tuple(long, fc.integer({ min: 0, max: 1000 })), { maxLength: 40 }), fc.array(long, { maxLength: 30 }), (entries, probes) => {
        const table = new AsciiFoldTable(entries.length);
        const map = new Map<string, number>();
        for (const [key, value] of entries) {
          table.set(key, value);
          map.set(key.toLowerCase(), value);
        }
        for (const probe of [...entries.map(([k]) => k.toUpperCase()), ...probes]) {
          expect(table.get(probe)).toBe(map.get(probe.toLowerCase()) ?? MISSING);
        }
      }),
    );
    const table = new AsciiFoldTable(2);
    table.set('VENDOR-CODE-0000001', 1);
    table.set('VENDOR-CODE-0000002', 2);
    expect(table.get('vendor-code-0000002')).toBe(2);
    expect(table.get('vendor-code-0000003')).toBe(MISSING);
    expect(table.get('vendor-code-000000')).toBe(MISSING);
  });

  it('hands non-ASCII values back to the caller', () => {
    const table = new AsciiFoldTable(1);
    table.set('k', 1);
    expect(table.get('\u212a')).toBe(NOT_ASCII); // Kelvin sign, lower case "k" in Unicode
    expect(table.get('caf\u00e9')).toBe(NOT_ASCII);
    expect(() => table.set('caf\u00e9', 1)).toThrow(RangeError);
  });

  it('foldedHashOf with a lowest character: NaN for a range holding one below it, the same hash for any other', () => {
    const text = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 12 });
    fc.assert(
      fc.property(text, text, (before, value) => {
        const whole = before + value;
        const plain = foldedHashOf(whole, before.length, whole.length);
        const bounded = foldedHashOf(whole, before.length, whole.length, 0x20);
        if ([...value].some((c) => c.charCodeAt(0) < 0x20)) expect(bounded).toBeNaN();
        else expect(bounded).toBe(plain);
        expect(plain).toBe(foldedHashOf(value.toLowerCase(), 0, value.length));
      }),
    );
    expect(foldedHashOf('A\u001dB', 0, 3, 0x20)).toBeNaN();
    expect(foldedHashOf('caf\u00e9', 0, 4, 0x20)).toBeNaN();
  });
});
