/**
 * GrowingFile: a reader follows a file on disk while it is written, gets exactly its bytes in
 * order, ends when the writer says complete, and fails with the writer's error.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrowingFile } from './growing-file.js';

async function readAll(file: GrowingFile): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of file.stream()) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

describe('GrowingFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'growing-file-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('gives the bytes as they are reported, waits for more, and ends when complete', async () => {
    const file = new GrowingFile(path.join(dir, 'lines.csv'));
    const read = readAll(file);
    // Nothing reported yet: the file does not even exist, and the reader waits.
    await new Promise((r) => setTimeout(r, 20));
    let size = 0;
    let expected = '';
    for (let i = 0; i < 50; i++) {
      // Chunks larger than the reader's 1 MiB read, and small ones.
      const chunk = i % 10 === 0 ? `${String(i).padStart(3, '0')}${'x'.repeat(1_500_000)}\n` : `line ${i}\n`;
      await appendFile(file.path, chunk);
      expected += chunk;
      size += Buffer.byteLength(chunk);
      file.grew(size);
      if (i % 7 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    // Bytes in the file but not reported yet are not read before they are.
    await appendFile(file.path, 'tail\n');
    await new Promise((r) => setTimeout(r, 20));
    file.grew(size + 5);
    file.finish();
    expect(await read).toBe(`${expected}tail\n`);
    await expect(file.done).resolves.toBeUndefined();
  });

  it('ends at once for a complete empty file', async () => {
    const file = new GrowingFile(path.join(dir, 'empty.csv'));
    await writeFile(file.path, '');
    file.finish();
    expect(await readAll(file)).toBe('');
  });

  it("fails the reader with the writer's error, also while it waits", async () => {
    const file = new GrowingFile(path.join(dir, 'broken.csv'));
    await writeFile(file.path, 'a,b\n');
    file.grew(4);
    const read = readAll(file);
    await new Promise((r) => setTimeout(r, 20));
    file.fail(new Error('disk full'));
    await expect(read).rejects.toThrow('disk full');
    await expect(file.done).rejects.toThrow('disk full');
    // A late report changes nothing.
    file.finish();
    await expect(file.done).rejects.toThrow('disk full');
  });
});
