import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../gtin.js';
import { readGs1Scan, serialKeyOf } from './gs1-scan.js';
import { GS } from './parse-element-string.js';

describe('readGs1Scan (DESIGN.md section 5 rule 1)', () => {
  it('reads (01) with lot, expiry and serial in every form alike', () => {
    const want = { gtin: '09501101530003', contents: false, units: 1, lot: 'AB-123', expiry: '2027-12-31', serial: 'S1' };
    for (const value of [
      '(01)09501101530003(17)271231(10)AB-123(21)S1',
      `]d201095011015300031727123110AB-123${GS}21S1`,
      'https://example.com/01/09501101530003/10/AB-123/21/S1?17=271231',
    ]) {
      const read = readGs1Scan(value);
      expect(read).toMatchObject({ ok: true, item: want });
    }
  });

  it('counts (37) units of (02) on a logistic label', () => {
    expect(readGs1Scan('(02)09501101530003(37)24')).toMatchObject({ ok: true, item: { gtin: '09501101530003', contents: true, units: 24 } });
    expect(readGs1Scan(`]C1020950110153000337${'0'}`)).toMatchObject({ ok: true, item: { units: 0 } });
  });

  it.each([
    ['(00)095011015300000010', 'gs1: (00) SSCC alone names a logistic unit, not a product: no (01) or (02)'],
    ['(10)LOT1', 'gs1: no product code: no (01) GTIN or (02) contents'],
    ['(02)09501101530003', 'gs1: (02) without (37), the count of the contents'],
    ['(01)09501101530003(02)09501101530003(37)2', 'gs1: (01) and (02) cannot be on one label'],
    ['(01)09501101530003(10)A(10)B', 'gs1: (10) appears twice with different values'],
    ['(01)09501101530004', 'gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)'],
  ])('%j is not found: %s', (value, reason) => {
    expect(readGs1Scan(value)).toEqual({ ok: false, reason });
  });

  it('is null for what is not GS1', () => {
    expect(readGs1Scan('09501101530003')).toBeNull();
    expect(readGs1Scan('SKU (1)')).toBeNull();
  });

  it('keys a serialised item by GTIN and serial, never a logistic label', () => {
    const item = readGs1Scan('(01)09501101530003(21)7');
    expect(item?.ok && serialKeyOf(item.item)).toBe(`09501101530003${GS}7`);
    const noSerial = readGs1Scan('(01)09501101530003');
    expect(noSerial?.ok && serialKeyOf(noSerial.item)).toBeNull();
  });

  // Property: the raw form a scanner sends and its bracketed twin always read alike.
  const gtinArb = fc.stringMatching(/^[0-9]{13}$/).map((body) => body + String(gs1CheckDigit(body)));
  const textArb = fc.stringMatching(/^[A-Za-z0-9\-./]{1,20}$/);
  const elementsArb = fc.record({
    gtin: fc.oneof(gtinArb, fc.stringMatching(/^[0-9]{14}$/)),
    contents: fc.boolean(),
    count: fc.stringMatching(/^[0-9]{1,8}$/),
    lot: fc.option(textArb, { nil: undefined }),
    expiry: fc.option(fc.stringMatching(/^[0-9]{6}$/), { nil: undefined }),
    serial: fc.option(textArb, { nil: undefined }),
    extra: fc.option(fc.constantFrom(['3103', '000195'], ['400', 'PO-1'], ['14', '12'], ['30', '123456789']), { nil: undefined }),
  });
  it('reads a GS1 string and its bracketed twin alike (fast-check)', () => {
    fc.assert(
      fc.property(elementsArb, fc.constantFrom(']C1', ']d2', ']Q3', ']e0', ''), (e, symbology) => {
        const pairs: [string, string][] = e.contents ? [['02', e.gtin], ['37', e.count]] : [['01', e.gtin]];
        if (e.expiry !== undefined) pairs.push(['17', e.expiry]);
        if (e.lot !== undefined) pairs.push(['10', e.lot]);
        if (e.serial !== undefined) pairs.push(['21', e.serial]);
        if (e.extra !== undefined) pairs.push([e.extra[0], e.extra[1]]);
        const bracketed = pairs.map(([ai, value]) => `(${ai})${value}`).join('');
        // Raw: a GS after every field but the last that has no predefined length.
        const predefined = new Set(['01', '02', '17', '3103']);
        let raw = symbology;
        pairs.forEach(([ai, value], i) => {
          raw += ai + value;
          if (i < pairs.length - 1 && !predefined.has(ai)) raw += GS;
        });
        if (symbology === '' && !raw.includes(GS)) raw += GS;
        const a = readGs1Scan(bracketed);
        const b = readGs1Scan(raw);
        // Alike: both not GS1, both malformed (reasons may word the place differently), or the same item.
        expect(b === null ? null : b.ok ? b.item.gtin : b.reason.slice(0, 5)).toEqual(a === null ? null : a.ok ? a.item.gtin : a.reason.slice(0, 5));
        if (a?.ok && b?.ok) expect({ ...b.item, form: 'x' }).toEqual({ ...a.item, form: 'x' });
      }),
      { numRuns: 400 },
    );
  });
});
