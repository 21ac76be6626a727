import { describe, expect, it } from 'vitest';
import { compareDecimalText } from './decimal-order.js';

describe('compareDecimalText', () => {
  it('orders decimals exactly, whatever their form', () => {
    expect(compareDecimalText('0.1', '1e-1')).toBe(0);
    expect(compareDecimalText('100', '100.00000000000000001')).toBe(-1);
    expect(compareDecimalText('100.0000', '1e2')).toBe(0);
    expect(compareDecimalText('-0', '0.000')).toBe(0);
    expect(compareDecimalText('-2.5', '-2.45')).toBe(-1);
    expect(compareDecimalText('.5', '0.49999')).toBe(1);
    expect(compareDecimalText('12.5', '9.99')).toBe(1);
    expect(compareDecimalText('-1', '0')).toBe(-1);
    expect(compareDecimalText('+3', '3.0')).toBe(0);
    expect(compareDecimalText('1000000000000000', '1e15')).toBe(0);
  });

  it('agrees with the order of doubles wherever doubles are exact', () => {
    const values = ['-12.5', '-1', '-0.25', '0', '0.001', '0.125', '1', '2.5', '10', '1e3', '1024.75'];
    for (const a of values) for (const b of values) expect(compareDecimalText(a, b), `${a} vs ${b}`).toBe(Math.sign(Number(a) - Number(b)));
  });

  it('refuses text that is not a number', () => {
    expect(() => compareDecimalText('abc', '1')).toThrow(/not a decimal number/);
    expect(() => compareDecimalText('.', '1')).toThrow(/not a decimal number/);
  });
});
