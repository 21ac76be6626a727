import { describe, expect, it } from 'vitest';
import type { Gs1Item } from './gs1/gs1-scan.js';
import { KeptTexts } from './kept-text.js';
import { HeldGs1Details } from './reconcile-held-gs1.js';

const read = (lot: string | null, expiry: string | null, serial: string | null): Gs1Item => ({ form: 'bracketed', gtin: '09501101530003', contents: false, units: 1, lot, expiry, serial });

describe('HeldGs1Details (a product line shows its first GS1 read with details: lowest file, then row)', () => {
  it('holds nothing until a read comes', () => {
    const held = new HeldGs1Details(3, new KeptTexts());
    expect(held.of(0)).toBeNull();
    held.hold(1, 0, read('L1', null, null));
    expect(held.of(0)).toBeNull();
    expect(held.of(2)).toBeNull();
  });

  it('keeps the first read of a file and gives way only to a read from an earlier file', () => {
    const held = new HeldGs1Details(2, new KeptTexts());
    held.hold(1, 2, read('L-FILE2', '2027-12-31', 'S2'));
    held.hold(1, 2, read('L-LATER', '2028-01-31', 'S3'));
    expect(held.of(1)).toEqual({ lot: 'L-FILE2', expiry: '2027-12-31', serial: 'S2' });
    held.hold(1, 3, read('L-FILE3', null, null));
    expect(held.of(1)).toEqual({ lot: 'L-FILE2', expiry: '2027-12-31', serial: 'S2' });
    held.hold(1, 0, read(null, '2026-06-30', null));
    expect(held.of(1)).toEqual({ lot: null, expiry: '2026-06-30', serial: null });
    held.hold(1, 0, read('L-AFTER', null, null));
    expect(held.of(1)).toEqual({ lot: null, expiry: '2026-06-30', serial: null });
  });

  it('gives each product its own details and dates back as they were read', () => {
    const held = new HeldGs1Details(1000, new KeptTexts());
    for (let p = 0; p < 1000; p++) held.hold(p, p % 3, read(`LOT${p}`, `2027-${String((p % 12) + 1).padStart(2, '0')}-01`, p % 2 === 0 ? `SER${p}` : null));
    for (let p = 0; p < 1000; p++) {
      expect(held.of(p)).toEqual({ lot: `LOT${p}`, expiry: `2027-${String((p % 12) + 1).padStart(2, '0')}-01`, serial: p % 2 === 0 ? `SER${p}` : null });
    }
  });
});
