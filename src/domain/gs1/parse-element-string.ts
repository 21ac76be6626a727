/**
 * GS1 element strings as a scanner or a camera app sends them (DESIGN.md section 5 rule 1):
 *
 * - the raw form: a symbology identifier (`]C1` GS1-128, `]d2` GS1 DataMatrix, `]Q3` GS1 QR
 *   Code, `]e0` GS1 DataBar, `]J1` GS1 DotCode) and/or the GS character (U+001D, the FNC1 a
 *   scanner transmits) ending each field that has no predefined length:
 *   `]d201095011015300031727123110AB-123`;
 * - the bracketed form printed under the bars: `(01)09501101530003(17)271231(10)AB-123`;
 * - a GS1 Digital Link URI on any host, AIs in the path and the query:
 *   `https://example.com/01/09501101530003/10/AB-123?17=271231`.
 *
 * `parseGs1ElementString` tells which of these a value is and splits it into (AI, value) pairs,
 * each checked against the table of AIs (ai-table.ts): a known AI, a field of the right length
 * and character set, a valid check digit on GS1 keys, a real date in YYMMDD fields. What the
 * pairs mean for a count is gs1-scan.ts's business.
 *
 * Pure; never throws.
 */
import { gs1CheckDigit, isDigits } from '../gtin.js';
import { aiAt, AI_DEFINITIONS, type AiDefinition } from './ai-table.js';

/** One (AI, data) pair of an element string. */
export interface Gs1Element {
  ai: string;
  value: string;
}

/** Which carrier form a value was read in. */
export type Gs1Form = 'raw' | 'bracketed' | 'digitalLink';

/**
 * What `parseGs1ElementString` found: the pairs in the order given, or why the value, recognised
 * as GS1, cannot be read (`reason` starts with `gs1: `).
 */
export type Gs1Parse = { ok: true; form: Gs1Form; elements: Gs1Element[] } | { ok: false; form: Gs1Form; reason: string };

/** The GS character: FNC1 as a scanner transmits it, ending a field without predefined length. */
export const GS = '\u001d';

/** Symbology identifiers of the GS1 carriers (ISO/IEC 15424 modifiers for GS1 mode). */
const GS1_SYMBOLOGY_IDENTIFIERS = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);

/** Digital Link path short names of GS1 Digital Link 1.0, still sent by older generators. */
const DIGITAL_LINK_SHORT_NAMES: ReadonlyMap<string, string> = new Map([
  ['gtin', '01'],
  ['cpv', '22'],
  ['lot', '10'],
  ['ser', '21'],
  ['exp', '17'],
  ['sscc', '00'],
  ['itip', '8006'],
]);

/** YYMMDD fields (production, due, packaging, best before, sell by, expiry dates). */
const DATE_AIS = new Set(['11', '12', '13', '15', '16', '17']);

/**
 * Read `value` (already normalised: trimmed, unquoted) as a GS1 element string. Returns null when
 * it is not one: no GS1 symbology identifier, no GS character, not bracketed (`(` + AI + `)`),
 * not an http(s) URI with an AI and its value in the path. Otherwise the pairs, or a reason.
 *
 * Examples: `(01)09501101530003(10)AB-123` -> ok, [01: 09501101530003, 10: AB-123];
 * `]C100950110153000017` -> reason `gs1: (00) SSCC ...` is not decided here (ok, [00: ...]);
 * `(01)09501101530004` -> `gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)`.
 */
export function parseGs1ElementString(value: string): Gs1Parse | null {
  const first = value.charCodeAt(0);
  if (first === 0x5d /* ] */) {
    const id = value.slice(0, 3);
    if (GS1_SYMBOLOGY_IDENTIFIERS.has(id)) return finish('raw', parseRaw(value.slice(3)));
    return null;
  }
  if (first === 0x28 /* ( */) return isBracketStart(value, 0) ? finish('bracketed', parseBracketed(value)) : null;
  if (first === 0x68 /* h */ || first === 0x48 /* H */) {
    const pairs = digitalLinkElements(value);
    return pairs === null ? null : finish('digitalLink', pairs);
  }
  if (first >= 0x30 && first <= 0x39 && value.includes(GS)) return finish('raw', parseRaw(value));
  return null;
}

/** Pairs read, or the reason they cannot be. */
type Pairs = Gs1Element[] | string;

function finish(form: Gs1Form, pairs: Pairs): Gs1Parse {
  if (typeof pairs === 'string') return { ok: false, form, reason: pairs };
  if (pairs.length === 0) return { ok: false, form, reason: 'gs1: no Application Identifier in it' };
  for (const element of pairs) {
    const problem = checkElement(element);
    if (problem !== null) return { ok: false, form, reason: problem };
  }
  return { ok: true, form, elements: pairs };
}

/** Raw element string (after the symbology identifier): fields end by length or at a GS. */
function parseRaw(text: string): Pairs {
  const elements: Gs1Element[] = [];
  const n = text.length;
  let at = 0;
  while (at < n) {
    if (text.charCodeAt(at) === 0x1d) {
      at++;
      continue;
    }
    const definition = aiAt(text, at);
    if (definition === null) return unknownAi(text.slice(at, at + 4));
    at += definition.ai.length;
    let end: number;
    if (definition.minLength === definition.maxLength) {
      end = at + definition.maxLength;
      if (end > n) return tooShort(definition, text.slice(at));
      const gs = text.indexOf(GS, at);
      if (gs !== -1 && gs < end) return tooShort(definition, text.slice(at, gs));
    } else {
      const gs = text.indexOf(GS, at);
      end = gs === -1 ? n : gs;
    }
    elements.push({ ai: definition.ai, value: text.slice(at, end) });
    at = end;
  }
  return elements;
}

/** True when `text` has `(` + a 2-4 digit AI + `)` at `at`. */
function isBracketStart(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 0x28) return false;
  for (let length = 2; length <= 4; length++) {
    if (text.charCodeAt(at + 1 + length) === 0x29 /* ) */) return isDigits(text.slice(at + 1, at + 1 + length));
  }
  return false;
}

/**
 * Bracketed form: each `(AI)` followed by its data up to the next `(AI)` (a bracket that does
 * not open a 2-4 digit AI is data: `(`, `)` are in the GS1 character set). Spaces between the
 * elements, as some labels print them, are dropped.
 */
function parseBracketed(text: string): Pairs {
  const elements: Gs1Element[] = [];
  const n = text.length;
  let at = 0;
  while (at < n) {
    if (text.charCodeAt(at) === 0x20) {
      at++;
      continue;
    }
    if (!isBracketStart(text, at)) return `gs1: expected "(" and an Application Identifier at "${text.slice(at, at + 6)}"`;
    const close = text.indexOf(')', at);
    const ai = text.slice(at + 1, close);
    let end = close + 1;
    while (end < n && !isBracketStart(text, end)) end++;
    elements.push({ ai, value: text.slice(close + 1, end).trim() });
    at = end;
  }
  return elements;
}

/**
 * The AI pairs of a GS1 Digital Link URI, or null when `value` is no http(s) URI with a primary
 * key in its path: the path may start with anything (a resolver's own prefix), then holds
 * AI/value pairs to its end; query parameters named by a digit AI add their pairs (other
 * parameters, such as `linkType`, are not data). A value is percent-decoded.
 */
function digitalLinkElements(value: string): Pairs | null {
  const lower = value.slice(0, 8).toLowerCase();
  if (!lower.startsWith('https://') && !lower.startsWith('http://')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  let start = -1;
  for (let i = 0; i + 1 < segments.length; i++) {
    if ((segments.length - i) % 2 !== 0) continue;
    const ai = pathAi(segments[i]!);
    if (ai !== null && isPrimaryKey(ai)) {
      start = i;
      break;
    }
  }
  if (start === -1) return null;
  const elements: Gs1Element[] = [];
  for (let i = start; i < segments.length; i += 2) {
    const ai = pathAi(segments[i]!) ?? segments[i]!;
    const data = decode(segments[i + 1]!);
    if (data === null) return `gs1: (${ai}) is not a valid percent-encoded value`;
    elements.push({ ai, value: ai === '01' ? padGtin(data) : data });
  }
  for (const [key, data] of url.searchParams) {
    const ai = DIGITAL_LINK_SHORT_NAMES.get(key) ?? (isDigits(key) ? key : null);
    if (ai === null) continue;
    elements.push({ ai, value: data });
  }
  return elements;
}

/** The AI a Digital Link path segment names (digits, or a 1.0 short name), else null. */
function pathAi(segment: string): string | null {
  if (isDigits(segment) && segment.length <= 4) return segment;
  return DIGITAL_LINK_SHORT_NAMES.get(segment) ?? null;
}

/** Digital Link primary keys (the path's first AI). */
const PRIMARY_KEYS = new Set(['00', '01', '253', '255', '401', '402', '414', '415', '417', '8003', '8004', '8006', '8010', '8013', '8017', '8018']);

function isPrimaryKey(ai: string): boolean {
  return PRIMARY_KEYS.has(ai);
}

/** A Digital Link may carry a GTIN-8, -12 or -13 in the path: its GTIN-14 form. */
function padGtin(data: string): string {
  return isDigits(data) && (data.length === 8 || data.length === 12 || data.length === 13) ? data.padStart(14, '0') : data;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Why one pair is malformed, or null when it is well formed. */
function checkElement(element: Gs1Element): string | null {
  const { ai, value } = element;
  const definition = AI_DEFINITIONS.get(ai);
  if (definition === undefined) return unknownAi(ai);
  if (value.length < definition.minLength) return value.length === 0 ? `gs1: (${ai}) is empty` : tooShort(definition, value);
  if (value.length > definition.maxLength) {
    const fixed = definition.minLength === definition.maxLength;
    return fixed
      ? `gs1: (${ai}) is ${value.length} characters long, ${definition.maxLength} expected`
      : `gs1: (${ai}) is ${value.length} characters long, at most ${definition.maxLength} allowed (a missing GS separator?)`;
  }
  if (definition.numeric && !isDigits(value)) return `gs1: (${ai}) must be digits, got "${value}"`;
  if (definition.checkDigit) {
    const expected = gs1CheckDigit(value.slice(0, -1));
    const got = value.charCodeAt(value.length - 1) - 48;
    if (expected !== got) return `gs1: (${ai}) ${value} has a wrong check digit (${got}; ${expected} expected)`;
  }
  if (DATE_AIS.has(ai) && isoDateOfYymmdd(value) === null) return `gs1: (${ai}) ${value} is not a date (YYMMDD)`;
  return null;
}

function unknownAi(text: string): string {
  return `gs1: unknown Application Identifier at "${text}"`;
}

function tooShort(definition: AiDefinition, value: string): string {
  const need = definition.minLength === definition.maxLength ? `${definition.minLength}` : `at least ${definition.minLength}`;
  return `gs1: (${definition.ai}) is too short: ${value.length} characters, ${need} expected`;
}

/**
 * A GS1 YYMMDD date as ISO `YYYY-MM-DD`, or null when it is not a date. Year 20YY (the labels a
 * count reads expire this century; GS1's sliding window would make the answer depend on the day
 * the engine runs, docs/decisions/0110). Day `00` means the month's last day (General
 * Specifications 3.4.x). Input: 6 digits.
 */
export function isoDateOfYymmdd(value: string): string | null {
  if (value.length !== 6 || !isDigits(value)) return null;
  const year = 2000 + Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  let day = Number(value.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
