/**
 * The GS1 Application Identifiers (AIs) and the length and character set of each one's data
 * field, from the table of AIs in the GS1 General Specifications (section 3.2) as GS1's Barcode
 * Syntax Dictionary states it (DESIGN.md section 5 rule 1).
 *
 * Each line below: the AI or a range of AIs (`3100-3105`), `*` when the AI is one of the
 * predefined-length AIs (General Specifications figure 5.10.1-2: the first two digits 00-04,
 * 11-20, 31-36, 41) that never need an FNC1 separator after their field, and the field's
 * components: `N` digits, `X` the GS1 82-character set, `Y` the 39-character set, `Z` the
 * base64url set; `N14` is exactly 14, `X..20` 1 to 20, `[X..17]` an optional final component.
 * `csum` marks a GS1 key whose last digit is a mod-10 check digit.
 *
 * What the parser needs of an AI is its field's least and greatest length, whether the length is
 * fixed, whether it is digits only, and whether the AI ends its field without a separator.
 */

/** What the parser knows of one AI. */
export interface AiDefinition {
  /** The AI, 2-4 digits (`'01'`, `'3103'`). */
  ai: string;
  /** Least and greatest number of characters of the data field. */
  minLength: number;
  maxLength: number;
  /** True when every component is digits (`N`). */
  numeric: boolean;
  /** True for a GS1 key whose last digit is a GS1 mod-10 check digit (GTIN, SSCC, GLN...). */
  checkDigit: boolean;
  /** True for the predefined-length AIs: their field is never followed by an FNC1/GS. */
  predefinedLength: boolean;
  /** The AI as one number, its length * 10000 + its value (`'01'` 20001, `'3103'` 43103): a switch or an array index instead of a string compare. */
  code: number;
}

const TABLE = `
00 * N18 csum
01 * N14 csum
02 * N14 csum
10 X..20
11 * N6
12 * N6
13 * N6
15 * N6
16 * N6
17 * N6
20 * N2
21 X..20
22 X..20
235 X..28
240 X..30
241 X..30
242 N..6
243 X..20
250 X..30
251 X..30
253 N13 [X..17]
254 X..20
255 N13 [N..12]
30 N..8
3100-3105 * N6
3110-3115 * N6
3120-3125 * N6
3130-3135 * N6
3140-3145 * N6
3150-3155 * N6
3160-3165 * N6
3200-3205 * N6
3210-3215 * N6
3220-3225 * N6
3230-3235 * N6
3240-3245 * N6
3250-3255 * N6
3260-3265 * N6
3270-3275 * N6
3280-3285 * N6
3290-3295 * N6
3300-3305 * N6
3310-3315 * N6
3320-3325 * N6
3330-3335 * N6
3340-3345 * N6
3350-3355 * N6
3360-3365 * N6
3370-3375 * N6
3400-3405 * N6
3410-3415 * N6
3420-3425 * N6
3430-3435 * N6
3440-3445 * N6
3450-3455 * N6
3460-3465 * N6
3470-3475 * N6
3480-3485 * N6
3490-3495 * N6
3500-3505 * N6
3510-3515 * N6
3520-3525 * N6
3530-3535 * N6
3540-3545 * N6
3550-3555 * N6
3560-3565 * N6
3570-3575 * N6
3600-3605 * N6
3610-3615 * N6
3620-3625 * N6
3630-3635 * N6
3640-3645 * N6
3650-3655 * N6
3660-3665 * N6
3670-3675 * N6
3680-3685 * N6
3690-3695 * N6
37 N..8
3900-3909 N..15
3910-3919 N3 N..15
3920-3929 N..15
3930-3939 N3 N..15
3940-3943 N4
3950-3955 N6
400 X..30
401 X..30
402 N17 csum
403 X..30
410 * N13 csum
411 * N13 csum
412 * N13 csum
413 * N13 csum
414 * N13 csum
415 * N13 csum
416 * N13 csum
417 * N13 csum
420 X..20
421 N3 X..9
422 N3
423 N..15
424 N3
425 N..15
426 N3
427 X..3
4300-4301 X..35
4302-4306 X..70
4307 X2
4308 X..30
4309 N10 N10
4310-4311 X..35
4312-4316 X..70
4317 X2
4318 X..20
4319 X..30
4320 X..35
4321-4323 N1
4324-4325 N6 N4
4326 N6
4330-4333 N6 [X1]
7001 N13
7002 X..30
7003 N6 N4
7004 N..4
7005 X..12
7006 N6
7007 N6 [N6]
7008 X..3
7009 X..10
7010 X..2
7011 N6 [N4]
7020-7022 X..20
7023 X..30
7030-7039 N3 X..27
7040 N1 X1 X1 X1
710-716 X..20
7230-7239 X2 X..28
7240 X..20
7241 N2
7242 X..25
7250 N8
7251 N12
7252 N1
7253-7254 X..40
7255 X..10
7256 X..90
7257 X..70
7258 N1 X1 N1
7259 X..40
8001 N4 N5 N3 N1 N1
8002 X..20
8003 N1 N13 [X..16]
8004 X..30
8005 N6
8006 N14 N4
8007 X..34
8008 N8 [N..4]
8009 X..50
8010 Y..30
8011 N..12
8012 X..20
8013 X..25
8017 N18 csum
8018 N18 csum
8019 N..10
8020 X..25
8026 N14 N4
8030 Z..90
8110 X..70
8111 N4
8112 X..70
8200 X..70
90 X..30
91-99 X..90
`;

/** Every AI of the table, by AI. */
export const AI_DEFINITIONS: ReadonlyMap<string, AiDefinition> = buildTable(TABLE);

/** Every AI of the table by its `code` (length * 10000 + value; an array read, no string to make). */
const AI_BY_CODE: readonly (AiDefinition | undefined)[] = (() => {
  const byCode = new Array<AiDefinition | undefined>(50000).fill(undefined);
  for (const definition of AI_DEFINITIONS.values()) byCode[definition.code] = definition;
  return byCode;
})();

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
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  return AI_BY_CODE[length * 10000 + value] ?? null;
}

/**
 * The AI that `text` starts with at `at` (reading no further than `end`, by default its length):
 * AIs are prefix-free (no AI is the start of another), so the first of the 2-, 3- and 4-digit
 * candidates in the table is the one. Null when none is. Reads the text in place.
 */
export function aiAt(text: string, at: number, end = text.length): AiDefinition | null {
  let value = 0;
  for (let length = 1; length <= 4; length++) {
    if (at + length > end) return null;
    const digit = text.charCodeAt(at + length - 1) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
    if (length >= 2) {
      const found = AI_BY_CODE[length * 10000 + value];
      if (found !== undefined) return found;
    }
  }
  return null;
}

function buildTable(table: string): Map<string, AiDefinition> {
  const out = new Map<string, AiDefinition>();
  for (const line of table.trim().split('\n')) {
    const words = line.trim().split(/\s+/);
    const range = words.shift()!;
    const predefinedLength = words[0] === '*';
    if (predefinedLength) words.shift();
    const checkDigit = words.at(-1) === 'csum';
    if (checkDigit) words.pop();
    let minLength = 0;
    let maxLength = 0;
    let numeric = true;
    for (const word of words) {
      const optional = word.startsWith('[');
      const spec = optional ? word.slice(1, -1) : word;
      const match = /^([NXYZ])(\.\.)?(\d+)$/.exec(spec);
      if (match === null) throw new Error(`AI table: bad component ${word} in "${line}"`);
      const length = Number(match[3]);
      if (match[1] !== 'N') numeric = false;
      maxLength += length;
      if (!optional) minLength += match[2] === undefined ? length : 1;
    }
    const [from, to = from] = range.split('-') as [string, string?];
    for (let n = Number(from); n <= Number(to); n++) {
      const ai = String(n).padStart(from.length, '0');
      out.set(ai, { ai, minLength, maxLength, numeric, checkDigit, predefinedLength, code: aiKey(ai, 0, ai.length) });
    }
  }
  return out;
}
