import { describe, expect, it } from 'vitest';
import { GS, isoDateOfYymmdd, parseGs1ElementString } from './parse-element-string.js';

const pairs = (value: string) => {
  const parsed = parseGs1ElementString(value);
  if (parsed === null) return null;
  return parsed.ok ? parsed.elements.map((e) => `${e.ai}:${e.value}`) : parsed.reason;
};

describe('parseGs1ElementString (DESIGN.md section 5 rule 1)', () => {
  it.each([
    // bracketed, as printed under the bars
    ['(01)09501101530003(17)271231(10)AB-123', ['01:09501101530003', '17:271231', '10:AB-123']],
    ['(01) 09501101530003 (10) AB-123', ['01:09501101530003', '10:AB-123']],
    ['(02)09501101530003(37)24', ['02:09501101530003', '37:24']],
    ['(10)A(B)C(21)7', ['10:A(B)C', '21:7']],
    // raw: symbology identifier, predefined lengths need no separator, GS ends a variable field
    [']d201095011015300031727123110AB-123', ['01:09501101530003', '17:271231', '10:AB-123']],
    [`]C11012AB${GS}0109501101530003`, ['10:12AB', '01:09501101530003']],
    [`]Q30109501101530003${GS}21SER 1`, ['01:09501101530003', '21:SER 1']],
    [`]e0010950110153000310LOT7${GS}3103000195`, ['01:09501101530003', '10:LOT7', '3103:000195']],
    [`]J1020950110153000337${'12'}`, ['02:09501101530003', '37:12']],
    // raw without identifier: the GS tells
    [`010950110153000310LOT${GS}21X9`, ['01:09501101530003', '10:LOT', '21:X9']],
    // several GS-ended fields, fixed-length fields between them: the GS after each is found
    [`]d21012AB${GS}1727123121S${GS}0109501101530003${GS}10X${GS}`, ['10:12AB', '17:271231', '21:S', '01:09501101530003', '10:X']],
    [`]C1010950110153000310A${GS}${GS}21B`, ['01:09501101530003', '10:A', '21:B']],
    // a fixed-length field outside the predefined table may be followed by a GS
    [`]C1800609501101530003000${'2'}${GS}10L`, ['8006:095011015300030002', '10:L']],
    // Digital Link on any host, path and query AIs, short GTINs padded, other parameters ignored
    ['https://example.com/01/09501101530003/10/AB-123?17=271231', ['01:09501101530003', '10:AB-123', '17:271231']],
    ['HTTPS://id.shop.example/some/prefix/01/9501101530003/21/12%2F34?linkType=gs1:pip', ['01:09501101530003', '21:12/34']],
    ['http://example.org/gtin/09501101530003/lot/L1?exp=271231', ['01:09501101530003', '10:L1', '17:271231']],
    ['https://example.com/00/095011015300000010', ['00:095011015300000010']],
    // empty path segments are no segments; a percent-encoded GTIN-13 is padded like a plain one
    ['https://example.com//01//9501101530003/10/A%20B/', ['01:09501101530003', '10:A B']],
    ['https://example.com/01/%39501101530003#top', ['01:09501101530003']],
    ['https://example.com/shop/01/09501101530003/21/S%2F1/10/L', ['01:09501101530003', '21:S/1', '10:L']],
  ])('%j -> %j', (value, want) => {
    expect(pairs(value)).toEqual(want);
  });

  it.each([
    ['0012345678905'],
    ['SKU-1'],
    ['(A)123'],
    ['()'],
    [']E00012345678905'],
    ['https://example.com/products/123'],
    ['https://example.com/01'],
    ['http://'],
    ['hello'],
  ])('%j is not GS1', (value) => {
    expect(parseGs1ElementString(value)).toBeNull();
  });

  it.each([
    ['(01)09501101530004', 'gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)'],
    ['(01)0950110153000', 'gs1: (01) is too short: 13 characters, 14 expected'],
    [']d2010950110153', 'gs1: (01) is too short: 10 characters, 14 expected'],
    [`]C117271${GS}10A`, 'gs1: (17) is too short: 3 characters, 6 expected'],
    ['(01)095011015300031', 'gs1: (01) is 15 characters long, 14 expected'],
    [']C11412345678901234', 'gs1: unknown Application Identifier at "1412"'],
    ['(14)123', 'gs1: unknown Application Identifier at "14"'],
    ['(10)ABCDEFGHIJKLMNOPQRSTU', 'gs1: (10) is 21 characters long, at most 20 allowed (a missing GS separator?)'],
    ['(17)271340', 'gs1: (17) 271340 is not a date (YYMMDD)'],
    ['(17)270230', 'gs1: (17) 270230 is not a date (YYMMDD)'],
    ['(37)2A', 'gs1: (37) must be digits, got "2A"'],
    ['(10)', 'gs1: (10) is empty'],
    [']C1', 'gs1: no Application Identifier in it'],
    ['(01)09501101530003 x', 'gs1: (01) is 16 characters long, 14 expected'],
    ['https://example.com/01/09501101530004', 'gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)'],
    ['https://example.com/01/09501101530003?9999=1', 'gs1: unknown Application Identifier at "9999"'],
    ['https://example.com/01/09501101530003/9999/X', 'gs1: unknown Application Identifier at "9999"'],
    ['https://example.com/01/09501101530003/lots/X', 'gs1: unknown Application Identifier at "lots"'],
    ['https://example.com/01/09501101530003/10/%E0%A4%A', 'gs1: (10) is not a valid percent-encoded value'],
    ['https://example.com/01/09501101530', 'gs1: (01) is too short: 11 characters, 14 expected'],
  ])('%j is malformed: %s', (value, reason) => {
    expect(pairs(value)).toBe(reason);
  });

  it('reads YYMMDD dates as ISO dates of this century, day 00 the last of the month', () => {
    expect(isoDateOfYymmdd('271231')).toBe('2027-12-31');
    expect(isoDateOfYymmdd('280200')).toBe('2028-02-29');
    expect(isoDateOfYymmdd('270200')).toBe('2027-02-28');
    expect(isoDateOfYymmdd('270229')).toBeNull();
    expect(isoDateOfYymmdd('271301')).toBeNull();
    expect(isoDateOfYymmdd('2712')).toBeNull();
  });
});
