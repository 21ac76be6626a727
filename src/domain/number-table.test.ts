import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MISSING, NumberTable } from './number-table.js';

describe('NumberTable', () => {
  it('behaves like a Map for safe non-negative integer keys', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.nat(1000), fc.maxSafeNat()), fc.integer({ min: -1000, max: 1_000_000 })), { maxLength: 200 }),
        fc.array(fc.oneof(fc.nat(1000), fc.maxSafeNat()), { maxLength: 50 }),
        (entries, probes) => {
          const table = new NumberTable(entries.length);
          const map = new Map<number, number>();
          for (const [key, value] of entries) {
            table.set(key, value);
            map.set(key, value);
          }
          expect(table.size).toBe(map.size);
          for (const key of [...map.keys(), ...probes]) expect(table.get(key)).toBe(map.get(key) ?? MISSING);
        },
      ),
    );
  });

  it('insert keeps the first value of a key and answers it for every later insert, like a Map filled only where empty', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(fc.nat(50), fc.maxSafeNat()), fc.integer({ min: -1000, max: 1_000_000 })), { maxLength: 200 }), (entries) => {
        const table = new NumberTable(entries.length);
        const map = new Map<number, number>();
        for (const [key, value] of entries) {
          expect(table.insert(key, value)).toBe(map.get(key) ?? MISSING);
          if (!map.has(key)) map.set(key, value);
        }
        expect(table.size).toBe(map.size);
        for (const [key, value] of map) expect(table.get(key)).toBe(value);
        // set still overwrites what insert stored.
        for (const key of map.keys()) table.set(key, 7);
        for (const key of map.keys()) expect(table.insert(key, 9)).toBe(7);
      }),
    );
  });

  it('keeps keys that differ only above 32 bits apart (GTIN-14 values)', () => {
    const table = new NumberTable(3);
    table.set(12345678905, 1);
    table.set(12345678905 + 2 ** 32, 2);
    table.set(10012345678902, 3);
    expect([table.get(12345678905), table.get(12345678905 + 2 ** 32), table.get(10012345678902), table.get(0)]).toEqual([1, 2, 3, MISSING]);
  });

  it('refuses more distinct keys than it was built for', () => {
    const table = new NumberTable(1);
    table.set(5, 1);
    table.set(5, 2);
    expect(() => table.set(6, 1)).toThrow(RangeError);
    expect(table.insert(5, 3)).toBe(2);
    expect(() => table.insert(6, 1)).toThrow(RangeError);
  });
});
