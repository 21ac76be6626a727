/** CopyTextRows (copy-text.ts): a row id is a version 4 UUID, new each time. */
import { describe, expect, it } from 'vitest';
import { CopyTextRows } from './copy-text.js';

describe('CopyTextRows', () => {
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
