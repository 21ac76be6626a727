import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Gs1Item } from './gs1/gs1-scan.js';
import { RepeatedReads, type RepeatedReadRecord } from './reconcile-repeated-reads.js';

const item = (gtin: string, serial: string): Gs1Item => ({ form: 'raw', gtin, contents: false, units: 1, lot: null, expiry: null, serial });

describe('RepeatedReads (DESIGN.md section 5 rule 1: a serialised item counts once)', () => {
  it('answers as a set of (scope, GTIN, serial) seen, with where each item was first read, over many items', () => {
    const gtins = ['09501101530003', '00012345678905', '10012345678902', '99999999999994'];
    const readArb = fc.record({
      file: fc.integer({ min: 0, max: 2 }),
      gtin: fc.constantFrom(...gtins),
      // Serials from a pool large enough that the tables grow several times.
      serial: fc.oneof(fc.integer({ min: 0, max: 3000 }).map(String), fc.constantFrom('A', 'a', 'S1', 'S-1', '')),
    });
    fc.assert(
      fc.property(fc.array(readArb, { maxLength: 4000, size: 'max' }), fc.boolean(), (reads, perFile) => {
        const repeats = new RepeatedReads(perFile);
        const first = new Map<string, [number, number]>();
        const want: RepeatedReadRecord[] = [];
        reads.forEach((read, line) => {
          const key = `${perFile ? read.file : 0}|${read.gtin}|${read.serial}`;
          const seen = first.get(key);
          const read1 = item(read.gtin, read.serial);
          const firstRead = repeats.firstReadOf(read.file, line, read1);
          expect(firstRead >= 0).toBe(seen !== undefined);
          if (firstRead >= 0) repeats.recordRepeat(firstRead, read.file, line, `v${line}`, 7, read1);
          if (seen === undefined) first.set(key, [read.file, line]);
          else want.push({ file: read.file, line, value: `v${line}`, product: 7, gtin: read.gtin, serial: read.serial, firstFile: seen[0], firstLine: seen[1] });
        });
        expect(repeats.size).toBe(want.length);
        expect(repeats.inOrder()).toEqual([...want].sort((a, b) => a.file - b.file || a.line - b.line));
      }),
      { numRuns: 30 },
    );
  });
});
