/**
 * The AI lookups of the GS1 reading as it was before the one-pass parser (docs/decisions/0168), kept unchanged
 * as the oracle of parse-element-string.property.test.ts only: not used by the engine.
 */
import { AI_DEFINITIONS, type AiDefinition } from '../ai-table.js';

export { AI_DEFINITIONS, type AiDefinition };

/** Every AI of the table by `aiKey` (its length and value as one number: no string to make). */
const AI_BY_KEY: ReadonlyMap<number, AiDefinition> = new Map([...AI_DEFINITIONS.values()].map((d) => [aiKey(d.ai, 0, d.ai.length), d]));

/** `text[start, end)` (2-4 digits, not checked) as one number: length * 10000 + value. */
function aiKey(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return (end - start) * 10000 + value;
}

/** The AI written as `text[start, end)` (2-4 digits), or null when the table has none. */
export function aiOf(text: string, start: number, end: number): AiDefinition | null {
  const length = end - start;
  if (length < 2 || length > 4) return null;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  return AI_BY_KEY.get(aiKey(text, start, end)) ?? null;
}

/**
 * The AI that `text` starts with at `at`: AIs are prefix-free (no AI is the start of another),
 * so the first of the 2-, 3- and 4-digit candidates in the table is the one. Null when none is.
 * Reads the text in place.
 */
export function aiAt(text: string, at: number): AiDefinition | null {
  let value = 0;
  for (let length = 1; length <= 4; length++) {
    if (at + length > text.length) return null;
    const digit = text.charCodeAt(at + length - 1) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
    if (length >= 2) {
      const found = AI_BY_KEY.get(length * 10000 + value);
      if (found !== undefined) return found;
    }
  }
  return null;
}
