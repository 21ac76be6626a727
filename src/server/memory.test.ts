import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { LARGE_WORK_ROWS, releaseHeapAfterLargeWork } from './memory.js';

const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

it('gives the heap back after large work: 100 MB of dropped objects collected at once', async () => {
  let garbage: Array<{ sku: string; line: number }> | null = [];
  for (let i = 0; i < 1_000_000; i++) garbage.push({ sku: `SKU-${i}`, line: i });
  const grown = heapMb();
  garbage = null;
  expect(garbage).toBeNull();
  releaseHeapAfterLargeWork(LARGE_WORK_ROWS);
  await nextTurn();
  await nextTurn();
  expect(heapMb()).toBeLessThan(grown - 50);
});
