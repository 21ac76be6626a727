import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../domain/test-support/seeded-random.js';
import { PackedTexts } from './packed-texts.js';

describe('PackedTexts', () => {
  const values = ['abc', null, '', 'bca', 'ab', 'c', null, 'cab😀', '😀x', 'ababab'];
  const column = PackedTexts.of(values);

  it('gives back each row, null and empty kept apart', () => {
    expect(column.size).toBe(values.length);
    expect(values.map((_, row) => column.at(row))).toEqual(values);
    expect(values.map((_, row) => column.isNull(row))).toEqual(values.map((v) => v === null));
    expect(PackedTexts.of(['x', 'y']).isNull(1)).toBe(false);
    expect(PackedTexts.of([]).size).toBe(0);
  });

  /** Every test of the column against String's own on each row (a null row holds nothing). */
  function expectAsStrings(texts: ReadonlyArray<string | null>, parts: readonly string[]): void {
    const packed = PackedTexts.of(texts);
    for (const part of parts) {
      const marks = new Uint8Array(texts.length);
      packed.markIncludes(part, marks);
      texts.forEach((text, row) => {
        const label = `${JSON.stringify(text)} ${JSON.stringify(part)}`;
        expect(packed.includes(row, part), label).toBe(text !== null && text.includes(part));
        expect(marks[row] === 1, label).toBe(text !== null && text.includes(part));
        expect(packed.startsWith(row, part), label).toBe(text !== null && text.startsWith(part));
        expect(packed.endsWith(row, part), label).toBe(text !== null && text.endsWith(part));
        expect(packed.equals(row, part), label).toBe(text === part);
      });
    }
  }

  it('finds within a row only, never across two rows\' texts', () => {
    // 'ca' and 'cb' exist only across rows ('abc' + 'bca', 'c' + 'cab'); 'bab' within 'ababab'.
    expectAsStrings(values, ['', 'a', 'ab', 'ca', 'cb', 'cc', 'bab', 'abc', 'b😀', '😀', '\uDE00x', 'x', 'ababab', 'abababa', 'zzz']);
  });

  it('answers as String does on random columns', () => {
    const random = seededRandom(169);
    const letters = ['a', 'b', 'A', 'é', '😀', ' '];
    const word = (max: number) => Array.from({ length: Math.floor(random() * max) }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let round = 0; round < 20; round += 1) {
      const texts = Array.from({ length: 40 }, () => (random() < 0.2 ? null : word(6)));
      expectAsStrings(texts, Array.from({ length: 15 }, () => word(4)));
    }
  });
});
