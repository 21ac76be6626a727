/**
 * CopyTextRows' fields written without making their strings (copy-text.ts): a text[] field is byte
 * for byte the text field of its array literal, and a row id is a version 4 UUID, new each time.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../domain/test-support/seeded-random.js';
import { arrayLiteral } from '../features/products/pg-array.js';
import { CopyTextRows } from './copy-text.js';

const PIECES = ['a', 'Z', '0', ' ', ',', '"', '\\', '\t', '\n', '\r', '{', '}', 'N', '.', 'é', '☕', '𝄞', '\u0001', ''];

describe('CopyTextRows', () => {
  it('writes a text[] field as the text field of its array literal', () => {
    const random = seededRandom(7);
    for (let n = 0; n < 2000; n += 1) {
      const values = Array.from({ length: Math.floor(random() * 4) }, () =>
        Array.from({ length: Math.floor(random() * 6) }, () => PIECES[Math.floor(random() * (n % 2 ? 14 : PIECES.length))]).join(''),
      );
      const direct = new CopyTextRows(16).text('x').textArray(values).endRow();
      const viaLiteral = new CopyTextRows(16).text('x').text(arrayLiteral(values)).endRow();
      expect(direct.bytes().toString('utf8'), JSON.stringify(values)).toBe(viaLiteral.bytes().toString('utf8'));
    }
  });

  it('writes a new version 4 UUID as a row id', () => {
    const rows = new CopyTextRows(8);
    for (let i = 0; i < 600; i += 1) rows.randomUuid().text('r').endRow();
    const ids = rows
      .bytes()
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t')[0]!);
    expect(ids).toHaveLength(600);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(600);
  });
});
