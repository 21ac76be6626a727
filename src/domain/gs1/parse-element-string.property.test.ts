import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../gtin.js';
import { readGs1Item, readGs1Scan } from './gs1-scan.js';
import { GS, parseGs1ElementString } from './parse-element-string.js';
import { readGs1Scan as readGs1ScanBefore } from './reference/gs1-scan.js';
import { parseGs1ElementString as parseBefore } from './reference/parse-element-string.js';

// Pieces of GS1 element strings, well-formed and not: known AIs of every kind (fixed and
// variable length, digits and text, check digits, dates), unknown AIs, wrong check digits,
// impossible dates, fields too short or too long, stray separators, brackets and spaces.
const gtin = fc.stringMatching(/^[0-9]{13}$/).map((body) => body + String(gs1CheckDigit(body)));
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const text = fc.stringMatching(/^[A-Za-z0-9\-./()% +]{0,24}$/);
const date = fc.oneof(fc.constantFrom('271231', '240229', '250229', '260200', '261300', '260431', '260430', '000000'), digits(6, 6), digits(4, 7));
const ai = fc.constantFrom('00', '01', '02', '10', '11', '13', '15', '17', '20', '21', '22', '37', '30', '3103', '3922', '253', '414', '8006', '8003', '99', '14', '23', '3106', '9');
const data = fc.oneof(gtin, gtin.map((g) => g.slice(0, 13) + String((Number(g[13]) + 1) % 10)), date, digits(0, 20), text, fc.constant(''));
const pair = fc.tuple(ai, data);
const pairs = fc.array(pair, { minLength: 0, maxLength: 5 });

const bracketed = fc.tuple(pairs, fc.constantFrom('', ' ')).map(([ps, space]) => ps.map(([a, d]) => `(${a})${space}${d}`).join(space));
const raw = fc
  .tuple(fc.constantFrom(']d2', ']C1', ']Q3', ']e0', ']J1', ']X9', ''), pairs, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }))
  .map(([id, ps, gs]) => id + ps.map(([a, d], i) => a + d + (gs[i] ? GS : '')).join(''));
const digitalLink = fc
  .tuple(
    fc.constantFrom('https://example.com', 'HTTP://id.example.org/prefix', 'http://x', 'ftp://example.com', 'https://example.com/'),
    fc.array(fc.tuple(fc.oneof(ai, fc.constantFrom('gtin', 'lot', 'ser', 'exp', 'cpv', 'foo')), fc.oneof(data, fc.constantFrom('A%2FB', '%zz', 'a%20b'))), { minLength: 0, maxLength: 4 }),
    fc.array(fc.tuple(fc.oneof(ai, fc.constantFrom('linkType', 'exp', 'lot')), fc.oneof(data, fc.constantFrom('A+B', '%41'))), { maxLength: 2 }),
    fc.constantFrom('', '#frag', '?'),
  )
  .map(([host, path, query, tail]) => host + path.map(([a, d]) => `/${a}/${d}`).join('') + (query.length > 0 ? '?' + query.map(([a, d]) => `${a}=${d}`).join('&') : '') + tail);
const anyValue = fc.oneof(bracketed, raw, digitalLink, raw.map((v) => v.replace(/^\][A-Za-z][0-9]/, '')), fc.tuple(fc.oneof(bracketed, raw, digitalLink), fc.nat(40)).map(([v, n]) => v.slice(0, n)));

describe('the one-pass GS1 reading equals the reading before it (docs/decisions/0168)', () => {
  it('gives the same pairs, forms and reasons for element strings in all three forms, malformed ones included', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(parseGs1ElementString(value)).toEqual(parseBefore(value));
        expect(readGs1Scan(value)).toEqual(readGs1ScanBefore(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads well-formed labels alike (and they are read, not refused)', () => {
    fc.assert(
      fc.property(gtin, fc.constantFrom('271231', '240229', '260200'), fc.stringMatching(/^[A-Z0-9-]{1,20}$/), (g, expiry, lot) => {
        for (const value of [`(01)${g}(17)${expiry}(10)${lot}`, `]d201${g}17${expiry}10${lot}${GS}21${lot}`, `https://example.com/01/${g}/10/${lot}?17=${expiry}`]) {
          const read = readGs1Scan(value);
          expect(read).toEqual(readGs1ScanBefore(value));
          expect(read).toMatchObject({ ok: true, item: { gtin: g, lot } });
        }
      }),
    );
  });
});

// What sits around a value in the chunk of a file: the characters the reading looks for (the
// next field's "(", a "/", "?", "#", "%", a GS, digits that would lengthen a field), so that a
// reading that looked past its range would answer otherwise.
// eslint-disable-next-line no-control-regex -- the GS character is one of those looked for
const around = fc.stringMatching(/^[0-9()/?#%=&\u001d,A-Za-z\n]{0,30}$/);

describe('a GS1 value read in place in a chunk (docs/decisions/0176)', () => {
  it('reads as the same value on its own, whatever surrounds it', () => {
    fc.assert(
      fc.property(anyValue, around, around, (value, before, after) => {
        const chunk = before + value + after;
        expect(readGs1Item(chunk, before.length, before.length + value.length)).toEqual(readGs1Item(value));
      }),
      { numRuns: 3000 },
    );
  });
});
