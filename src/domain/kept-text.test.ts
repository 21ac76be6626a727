import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptTexts } from './kept-text.js';

describe('KeptTexts (docs/decisions/0180)', () => {
  it('gives back every kept text, whole or a range of a longer one, across growth and non-ASCII texts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ text: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 12 })), before: fc.string({ maxLength: 5 }), after: fc.string({ maxLength: 5 }) }), { maxLength: 600 }),
        (items) => {
          const kept = new KeptTexts();
          const handles = items.map(({ text, before, after }, i) => {
            // Half of them kept as a range of a longer text, as the engine keeps a chunk's value.
            if (i % 2 === 0) return kept.keep(text);
            const source = before + text + after;
            return kept.keep(source, before.length, before.length + text.length);
          });
          expect(handles).toEqual(items.map((_, i) => i));
          items.forEach(({ text }, i) => expect(kept.text(handles[i]!)).toBe(text));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps texts after it was read: a later read sees them too', () => {
    const kept = new KeptTexts();
    const a = kept.keep('SKU-000001');
    expect(kept.text(a)).toBe('SKU-000001');
    const b = kept.keep('x'.repeat(70_000));
    const c = kept.keep('Größe 10');
    expect(kept.text(b)).toBe('x'.repeat(70_000));
    expect(kept.text(a)).toBe('SKU-000001');
    expect(kept.text(c)).toBe('Größe 10');
  });

  it('compares a kept text with a range in place: equal only for the same characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.string({ maxLength: 4 }), (keptText, other, pad) => {
        const kept = new KeptTexts();
        const handle = kept.keep(keptText);
        const source = pad + other + pad;
        expect(kept.equals(handle, source, pad.length, pad.length + other.length)).toBe(keptText === other);
        expect(kept.equals(handle, pad + keptText + pad, pad.length, pad.length + keptText.length)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
