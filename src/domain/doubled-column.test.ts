import { describe, expect, it } from 'vitest';
import { doubled } from './doubled-column.js';

describe('doubled (a growing column of numbers)', () => {
  it('keeps the type and the values, twice the length, zeros after', () => {
    const floats = doubled(Float64Array.of(1.5, -2, 3e15));
    expect(floats).toBeInstanceOf(Float64Array);
    expect([...floats]).toEqual([1.5, -2, 3e15, 0, 0, 0]);
    const ints = doubled(Int32Array.of(-1, 7));
    expect(ints).toBeInstanceOf(Int32Array);
    expect([...ints]).toEqual([-1, 7, 0, 0]);
    const bytes = doubled(Uint8Array.of(255));
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([255, 0]);
  });

  it('makes a new array: the old one is left as it was', () => {
    const old = Int32Array.of(1, 2);
    const next = doubled(old);
    next[0] = 9;
    expect([...old]).toEqual([1, 2]);
  });
});
