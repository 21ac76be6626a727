/**
 * The GS1 reading as it was before the one-pass parser (docs/decisions/0168), kept unchanged
 * as the oracle of parse-element-string.property.test.ts only: not used by the engine.
 */
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
 * `scanGs1ElementString` tells which of these a value is and hands each (AI, data) pair, checked
 * against the table of AIs (ai-table.ts: a known AI, a field of the right length and character
 * set, a valid check digit on GS1 keys, a real date in YYMMDD fields), to a sink as a range of
 * the text, so that the engine's per-row reading makes no string it does not keep (bench:engine's
 * GS1 variant). `parseGs1ElementString` collects the pairs. What they mean for a count is
 * gs1-scan.ts's business.
 *
 * Pure; never throws.
 */
import { isDigits } from '../../gtin.js';
export { isoDateOfYymmdd } from '../parse-element-string.js';
import { AI_DEFINITIONS, aiAt, aiOf, type AiDefinition } from './ai-table.js';

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

/**
 * Receives each well-formed pair: `definition` its AI, its data `text[start, end)`. Answers a
 * reason (`gs1: ...`) to stop reading, or null to go on.
 */
export type ElementSink = (definition: AiDefinition, text: string, start: number, end: number) => string | null;

/** The GS character: FNC1 as a scanner transmits it, ending a field without predefined length. */
export const GS = '\u001d';
const GS_CODE = 0x1d;

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

/** Digital Link primary keys (the path's first AI). */
const PRIMARY_KEYS = new Set(['00', '01', '253', '255', '401', '402', '414', '415', '417', '8003', '8004', '8006', '8010', '8013', '8017', '8018']);

/** YYMMDD fields (production, due, packaging, best before, sell by, expiry dates). */
const DATE_DEFINITIONS: ReadonlySet<AiDefinition> = new Set(['11', '12', '13', '15', '16', '17'].map((ai) => AI_DEFINITIONS.get(ai)!));

/**
 * Read `value` (already normalised: trimmed, unquoted) as a GS1 element string, handing each
 * pair to `sink`. Returns null when it is not one (no GS1 symbology identifier, no GS character,
 * not bracketed, not an http(s) URI with a primary key and its value in the path); else its form
 * and null, or the reason it cannot be read (the first malformed pair's, or the sink's).
 */
export function scanGs1ElementString(value: string, sink: ElementSink): { form: Gs1Form; reason: string | null } | null {
  const reason = scanGs1(value, sink);
  return reason === NOT_GS1 ? null : { form: scannedForm, reason };
}

/**
 * The form of the value `scanGs1` last read (reading is synchronous: valid until the next call).
 * Not exported as a binding: read it through `lastScannedForm`.
 */
let scannedForm: Gs1Form = 'raw';

/** The form `scanGs1` found in the value it read last. */
export function lastScannedForm(): Gs1Form {
  return scannedForm;
}

/**
 * `scanGs1ElementString` without an answer object, for the engine's per-row reading: NOT_GS1
 * when `value` is no GS1 element string, else null or the reason it cannot be read; its form is
 * then `lastScannedForm()`. The form is recognised by the first characters only.
 */
export function scanGs1(value: string, sink: ElementSink): string | null {
  const first = value.charCodeAt(0);
  if (first === 0x5d /* ] */) {
    if (!isGs1SymbologyIdentifier(value)) return NOT_GS1;
    scannedForm = 'raw';
    return scanRaw(value, 3, sink);
  }
  if (first === 0x28 /* ( */) {
    if (bracketAi(value, 0) === 0) return NOT_GS1;
    scannedForm = 'bracketed';
    return scanBracketed(value, sink);
  }
  if (first === 0x68 /* h */ || first === 0x48 /* H */) {
    scannedForm = 'digitalLink';
    return scanDigitalLink(value, sink);
  }
  if (first >= 0x30 && first <= 0x39 && value.includes(GS)) {
    scannedForm = 'raw';
    return scanRaw(value, 0, sink);
  }
  return NOT_GS1;
}

/**
 * `scanGs1ElementString` collecting the pairs. Examples: `(01)09501101530003(10)AB-123` -> ok,
 * [01: 09501101530003, 10: AB-123]; `(01)09501101530004` ->
 * `gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)`.
 */
export function parseGs1ElementString(value: string): Gs1Parse | null {
  const elements: Gs1Element[] = [];
  const scanned = scanGs1ElementString(value, (definition, text, start, end) => {
    elements.push({ ai: definition.ai, value: text.slice(start, end) });
    return null;
  });
  if (scanned === null) return null;
  return scanned.reason === null ? { ok: true, form: scanned.form, elements } : { ok: false, form: scanned.form, reason: scanned.reason };
}

/** `]C1`, `]d2`, `]Q3`, `]e0` or `]J1` at the start. */
function isGs1SymbologyIdentifier(value: string): boolean {
  if (value.length < 3) return false;
  const id = value.charCodeAt(1);
  const modifier = value.charCodeAt(2);
  return (
    (id === 0x43 /* C */ && modifier === 0x31) ||
    (id === 0x64 /* d */ && modifier === 0x32) ||
    (id === 0x51 /* Q */ && modifier === 0x33) ||
    (id === 0x65 /* e */ && modifier === 0x30) ||
    (id === 0x4a /* J */ && modifier === 0x31)
  );
}

/** Raw element string from `at`: fields end by length or at a GS. */
function scanRaw(text: string, at: number, sink: ElementSink): string | null {
  const n = text.length;
  let any = false;
  while (at < n) {
    if (text.charCodeAt(at) === GS_CODE) {
      at++;
      continue;
    }
    const definition = aiAt(text, at);
    if (definition === null) return unknownAi(text.slice(at, at + 4));
    at += definition.ai.length;
    let end: number;
    const gs = text.indexOf(GS, at);
    if (definition.minLength === definition.maxLength) {
      end = at + definition.maxLength;
      if (end > n) return tooShort(definition, n - at);
      if (gs !== -1 && gs < end) return tooShort(definition, gs - at);
    } else end = gs === -1 ? n : gs;
    const reason = element(definition, text, at, end, sink);
    if (reason !== null) return reason;
    any = true;
    at = end;
  }
  return any ? null : NO_AI;
}

/** The length of the AI when `text` has `(` + a 2-4 digit AI + `)` at `at`, else 0. */
function bracketAi(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x28) return 0;
  for (let length = 1; length <= 4; length++) {
    const c = text.charCodeAt(at + length);
    if (c === 0x29 /* ) */) return length >= 3 ? length - 1 : 0;
    if (c < 48 || c > 57) return 0;
  }
  return text.charCodeAt(at + 5) === 0x29 ? 4 : 0;
}

/**
 * Bracketed form: each `(AI)` followed by its data up to the next `(AI)` (a bracket that does
 * not open a 2-4 digit AI is data: `(`, `)` are in the GS1 character set). Spaces between the
 * elements, as some labels print them, are dropped.
 */
function scanBracketed(text: string, sink: ElementSink): string | null {
  const n = text.length;
  let at = 0;
  while (at < n) {
    if (text.charCodeAt(at) === 0x20) {
      at++;
      continue;
    }
    const length = bracketAi(text, at);
    if (length === 0) return `gs1: expected "(" and an Application Identifier at "${text.slice(at, at + 6)}"`;
    const definition = aiOf(text, at + 1, at + 1 + length);
    if (definition === null) return unknownAi(text.slice(at + 1, at + 1 + length));
    let start = at + length + 2;
    let end = start;
    while (end < n && (text.charCodeAt(end) !== 0x28 || bracketAi(text, end) === 0)) end++;
    at = end;
    while (start < end && text.charCodeAt(start) === 0x20) start++;
    while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
    const reason = element(definition, text, start, end, sink);
    if (reason !== null) return reason;
  }
  return null;
}

/** `scanGs1`'s (and `scanDigitalLink`'s) answer for a value that is no GS1 element string. */
export const NOT_GS1 = '\u0000not gs1';

/**
 * A GS1 Digital Link URI: the path may start with anything (a resolver's own prefix), then holds
 * AI/value pairs to its end, the first a primary key; query parameters named by a digit AI (or a
 * 1.0 short name) add their pairs, other parameters (`linkType`...) are not data. Values are
 * percent-decoded; a GTIN-8, -12 or -13 in the path is read as its GTIN-14. NOT_GS1 when `value`
 * is no http(s) URI with a primary key and its value in the path.
 */
function scanDigitalLink(value: string, sink: ElementSink): string | null {
  const scheme = value.indexOf('://');
  if (scheme !== 4 && scheme !== 5) return NOT_GS1;
  if (!isHttpScheme(value, scheme)) return NOT_GS1;
  const pathStart = value.indexOf('/', scheme + 3);
  if (pathStart === -1) return NOT_GS1;
  let pathEnd = value.length;
  const query = value.indexOf('?', pathStart);
  const fragment = value.indexOf('#', pathStart);
  if (fragment !== -1) pathEnd = fragment;
  if (query !== -1 && query < pathEnd) pathEnd = query;
  // The path's non-empty segments as ranges (every row of a Digital Link file comes through
  // here: no string per segment but the data kept). The scratch arrays are the module's; a sink
  // that reads another Digital Link while this one's pairs are handed on gets arrays of its own.
  const nested = segmentsInUse;
  const starts = nested ? [] : segmentStarts;
  const ends = nested ? [] : segmentEnds;
  let count = 0;
  for (let at = pathStart + 1; at < pathEnd; ) {
    let slash = value.indexOf('/', at);
    if (slash === -1 || slash > pathEnd) slash = pathEnd;
    if (slash > at) {
      starts[count] = at;
      ends[count] = slash;
      count++;
    }
    at = slash + 1;
  }
  let first = -1;
  for (let i = 0; i + 1 < count; i++) {
    if ((count - i) % 2 !== 0) continue;
    const ai = pathAi(value, starts[i]!, ends[i]!);
    if (ai !== null && PRIMARY_KEYS.has(ai)) {
      first = i;
      break;
    }
  }
  if (first === -1) return NOT_GS1;
  segmentsInUse = true;
  try {
    return digitalLinkPairs(value, starts, ends, first, (count - first) / 2, query, fragment, sink);
  } finally {
    segmentsInUse = nested;
  }
}

/** True while `scanDigitalLink`'s pairs are read from `segmentStarts`/`segmentEnds`. */
let segmentsInUse = false;

/** `scanDigitalLink`'s pairs: `pairs` AI/value ranges from segment `first`, then the query. */
function digitalLinkPairs(
  value: string,
  pairStarts: readonly number[],
  pairEnds: readonly number[],
  first: number,
  pairs: number,
  query: number,
  fragment: number,
  sink: ElementSink,
): string | null {
  for (let k = 0; k < pairs; k++) {
    const aiStart = pairStarts[first + 2 * k]!;
    const aiEnd = pairEnds[first + 2 * k]!;
    const dataStart = pairStarts[first + 2 * k + 1]!;
    const dataEnd = pairEnds[first + 2 * k + 1]!;
    const encoded = value.indexOf('%', dataStart);
    if (encoded === -1 || encoded >= dataEnd) {
      // The data read in place: no string but what the sink keeps.
      const definition = pathDefinition(value, aiStart, aiEnd);
      if (definition === null) return unknownAi(value.slice(aiStart, aiEnd));
      const dataLength = dataEnd - dataStart;
      if (definition === GTIN && (dataLength === 8 || dataLength === 12 || dataLength === 13) && isDigitsIn(value, dataStart, dataEnd)) {
        const reason = namedElement(definition.ai, value.slice(dataStart, dataEnd).padStart(14, '0'), sink);
        if (reason !== null) return reason;
        continue;
      }
      const reason = element(definition, value, dataStart, dataEnd, sink);
      if (reason !== null) return reason;
      continue;
    }
    const ai = pathAi(value, aiStart, aiEnd) ?? value.slice(aiStart, aiEnd);
    let data = decode(value.slice(dataStart, dataEnd));
    if (data === null) return `gs1: (${ai}) is not a valid percent-encoded value`;
    if (ai === '01' && (data.length === 8 || data.length === 12 || data.length === 13) && isDigits(data)) data = data.padStart(14, '0');
    const reason = namedElement(ai, data, sink);
    if (reason !== null) return reason;
  }
  if (query !== -1 && query < (fragment === -1 ? value.length : fragment)) {
    for (const parameter of value.slice(query + 1, fragment === -1 ? value.length : fragment).split('&')) {
      const equals = parameter.indexOf('=');
      const key = equals === -1 ? parameter : parameter.slice(0, equals);
      const ai = DIGITAL_LINK_SHORT_NAMES.get(key) ?? (isDigits(key) ? key : null);
      if (ai === null) continue;
      const data = decode(equals === -1 ? '' : parameter.slice(equals + 1).replace(/\+/g, ' '));
      if (data === null) return `gs1: (${ai}) is not a valid percent-encoded value`;
      const reason = namedElement(ai, data, sink);
      if (reason !== null) return reason;
    }
  }
  return null;
}

/** Scratch of `scanDigitalLink`: the path segments' ranges (reading is synchronous). */
const segmentStarts: number[] = [];
const segmentEnds: number[] = [];

/** True when `value[0, scheme)` is `http` or `https` in any case. */
function isHttpScheme(value: string, scheme: number): boolean {
  const http = 'http';
  for (let i = 0; i < 4; i++) if ((value.charCodeAt(i) | 0x20) !== http.charCodeAt(i)) return false;
  return scheme === 4 || (value.charCodeAt(4) | 0x20) === 0x73; /* s */
}

/** True when `text[start, end)` is one or more ASCII digits. */
function isDigitsIn(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A pair whose AI is given as text (`ai`) and whose data is a string of its own. */
function namedElement(ai: string, data: string, sink: ElementSink): string | null {
  const definition = aiOf(ai, 0, ai.length);
  return definition === null ? unknownAi(ai) : element(definition, data, 0, data.length, sink);
}

/** The AI a Digital Link path segment `text[start, end)` names (digits, or a 1.0 short name), else null. */
function pathAi(text: string, start: number, end: number): string | null {
  if (end - start <= 4 && isDigitsIn(text, start, end)) return aiOf(text, start, end)?.ai ?? text.slice(start, end);
  return DIGITAL_LINK_SHORT_NAMES.get(text.slice(start, end)) ?? null;
}

/** The (01) GTIN's definition. */
const GTIN = AI_DEFINITIONS.get('01')!;

/** The definition of the AI a Digital Link path segment `text[start, end)` names (as `pathAi`), else null. */
function pathDefinition(text: string, start: number, end: number): AiDefinition | null {
  if (end - start <= 4 && isDigitsIn(text, start, end)) return aiOf(text, start, end);
  const ai = DIGITAL_LINK_SHORT_NAMES.get(text.slice(start, end));
  return ai === undefined ? null : (AI_DEFINITIONS.get(ai) ?? null);
}

function decode(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Checks one pair (`text[start, end)` the data of `definition`'s AI) and hands it to the sink. */
function element(definition: AiDefinition, text: string, start: number, end: number, sink: ElementSink): string | null {
  const { ai } = definition;
  const length = end - start;
  if (length < definition.minLength) return length === 0 ? `gs1: (${ai}) is empty` : tooShort(definition, length);
  if (length > definition.maxLength) {
    return definition.minLength === definition.maxLength
      ? `gs1: (${ai}) is ${length} characters long, ${definition.maxLength} expected`
      : `gs1: (${ai}) is ${length} characters long, at most ${definition.maxLength} allowed (a missing GS separator?)`;
  }
  if (definition.numeric) {
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) return `gs1: (${ai}) must be digits, got "${text.slice(start, end)}"`;
    }
  }
  if (definition.checkDigit) {
    const expected = checkDigitOf(text, start, end - 1);
    const got = text.charCodeAt(end - 1) - 48;
    if (expected !== got) return `gs1: (${ai}) ${text.slice(start, end)} has a wrong check digit (${got}; ${expected} expected)`;
  }
  if (DATE_DEFINITIONS.has(definition) && !isYymmdd(text, start)) return `gs1: (${ai}) ${text.slice(start, end)} is not a date (YYMMDD)`;
  return sink(definition, text, start, end);
}

/** The GS1 mod-10 check digit of the digits `text[start, end)` (weights 3, 1, 3... from the right). */
function checkDigitOf(text: string, start: number, end: number): number {
  let sum = 0;
  let weight = 3;
  for (let i = end - 1; i >= start; i--) {
    sum += (text.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
}

const NO_AI = 'gs1: no Application Identifier in it';

function unknownAi(text: string): string {
  return `gs1: unknown Application Identifier at "${text}"`;
}

function tooShort(definition: AiDefinition, length: number): string {
  const need = definition.minLength === definition.maxLength ? `${definition.minLength}` : `at least ${definition.minLength}`;
  return `gs1: (${definition.ai}) is too short: ${length} characters, ${need} expected`;
}

/** Days in month `month` (1-12) of year 20YY. */
function daysIn(yy: number, month: number): number {
  if (month === 2) return yy % 4 === 0 ? 29 : 28; // 2000-2099: every fourth year, 2000 included
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True when the 6 digits at `start` are a GS1 YYMMDD date (day 00: the month's last day). */
function isYymmdd(text: string, start: number): boolean {
  const yy = (text.charCodeAt(start) - 48) * 10 + (text.charCodeAt(start + 1) - 48);
  const month = (text.charCodeAt(start + 2) - 48) * 10 + (text.charCodeAt(start + 3) - 48);
  const day = (text.charCodeAt(start + 4) - 48) * 10 + (text.charCodeAt(start + 5) - 48);
  return month >= 1 && month <= 12 && day <= daysIn(yy, month);
}
