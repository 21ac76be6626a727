import { describe, expect, it } from 'vitest';
import { aiAt, AI_DEFINITIONS } from './ai-table.js';

describe('GS1 Application Identifier table (General Specifications section 3.2)', () => {
  it.each([
    // ai, min, max, numeric, check digit, predefined length
    ['00', 18, 18, true, true, true],
    ['01', 14, 14, true, true, true],
    ['02', 14, 14, true, true, true],
    ['10', 1, 20, false, false, false],
    ['17', 6, 6, true, false, true],
    ['20', 2, 2, true, false, true],
    ['21', 1, 20, false, false, false],
    ['30', 1, 8, true, false, false],
    ['3103', 6, 6, true, false, true],
    ['3922', 1, 15, true, false, false],
    ['3932', 4, 18, true, false, false],
    ['37', 1, 8, true, false, false],
    ['253', 13, 30, false, false, false],
    ['414', 13, 13, true, true, true],
    ['4309', 20, 20, true, false, false],
    ['7003', 10, 10, true, false, false],
    ['8006', 18, 18, true, false, false],
    ['8003', 14, 30, false, false, false],
    ['99', 1, 90, false, false, false],
  ] as const)('(%s) holds %i to %i characters', (ai, min, max, numeric, checkDigit, predefined) => {
    expect(AI_DEFINITIONS.get(ai)).toEqual({ ai, minLength: min, maxLength: max, numeric, checkDigit, predefinedLength: predefined, code: ai.length * 10000 + Number(ai) });
  });

  it('has no AI that starts another one, so an element string splits one way only', () => {
    const ais = [...AI_DEFINITIONS.keys()];
    const clashes = ais.filter((a) => ais.some((b) => b !== a && b.startsWith(a)));
    expect(clashes).toEqual([]);
  });

  it('marks exactly the AIs whose first two digits are in the predefined-length table as needing no separator', () => {
    const predefinedPrefixes = new Set(['00', '01', '02', '03', '04', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '31', '32', '33', '34', '35', '36', '41']);
    for (const definition of AI_DEFINITIONS.values()) {
      expect([definition.ai, definition.predefinedLength]).toEqual([definition.ai, predefinedPrefixes.has(definition.ai.slice(0, 2))]);
    }
  });

  it('knows AIs that are not there and finds AIs of each length', () => {
    expect(AI_DEFINITIONS.has('14')).toBe(false);
    expect(AI_DEFINITIONS.has('3106')).toBe(false);
    expect(AI_DEFINITIONS.has('23')).toBe(false);
    expect(aiAt('x3103000195', 1)?.ai).toBe('3103');
    expect(aiAt('235ABC', 0)?.ai).toBe('235');
    expect(aiAt('14123', 0)).toBeNull();
    expect(aiAt('0', 0)).toBeNull();
  });
});
