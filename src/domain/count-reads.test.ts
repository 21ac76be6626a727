import { describe, expect, it } from 'vitest';
import { effectiveReads, plainQuantity, type StoredCountRead } from './count-reads.js';

const read = (id: string, value: string, quantity = '1'): StoredCountRead => ({ id, value, quantity, location: null, cancels: null, readAt: '2026-11-27T08:00:00.000Z' });
const undo = (id: string, cancels: string): StoredCountRead => ({ id, value: null, quantity: null, location: null, cancels, readAt: '2026-11-27T08:00:01.000Z' });

describe('effectiveReads', () => {
  it('leaves out a read its undo cancels, and the undo itself', () => {
    expect(effectiveReads([read('a', 'X'), read('b', 'Y'), undo('u', 'b')]).map((r) => r.id)).toEqual(['a']);
  });

  it('cancels a read whose undo came first (batches out of order)', () => {
    expect(effectiveReads([undo('u', 'b'), read('a', 'X'), read('b', 'Y')]).map((r) => r.id)).toEqual(['a']);
  });

  it('takes back nothing for an undo of an undo or of an unknown read', () => {
    expect(effectiveReads([read('a', 'X'), undo('u', 'zz'), undo('v', 'u')]).map((r) => r.id)).toEqual(['a']);
  });

  it('keeps decimal and negative quantities as they are', () => {
    expect(effectiveReads([read('a', 'CABLE', '2.500'), read('b', 'CABLE', '-1')]).map((r) => r.quantity)).toEqual(['2.500', '-1']);
  });
});

describe('plainQuantity', () => {
  it.each([
    ['2.000', '2'],
    ['0.250', '0.25'],
    ['-1.500', '-1.5'],
    ['12', '12'],
    ['-0.000', '0'],
    ['100.000', '100'],
  ])('writes %s as %s', (raw, plain) => {
    expect(plainQuantity(raw)).toBe(plain);
  });
});
