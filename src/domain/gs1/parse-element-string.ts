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
import { isDigits } from '../gtin.js';
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

/** 1 at the `code` (ai-table.ts) of each AI in `ais`: a typed-array read per pair, no hashing. */
function codeFlags(ais: readonly string[]): Uint8Array {
  const flags = new Uint8Array(50000);
  for (const ai of ais) flags[AI_DEFINITIONS.get(ai)!.code] = 1;
  return flags;
}

/** Digital Link primary keys (the path's first AI), by `code`. */
const PRIMARY_KEY_CODES = codeFlags(['00', '01', '253', '255', '401', '402', '414', '415', '417', '8003', '8004', '8006', '8010', '8013', '8017', '8018']);

/** YYMMDD fields (production, due, packaging, best before, sell by, expiry dates), by `code`. */
const DATE_CODES = codeFlags(['11', '12', '13', '15', '16', '17']);

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
 * when the value `text[start, end)` (by default the whole text) is no GS1 element string, else
 * null or the reason it cannot be read; its form is then `lastScannedForm()`. The form is
 * recognised by the first characters only. Nothing outside the range is read, so a reader can
 * hand a value in place in the chunk of the file it came in (docs/decisions/0176): the pairs'
 * ranges given to the sink are ranges of `text`, and a reason reads the same either way.
 */
export function scanGs1(text: string, sink: ElementSink, start = 0, end = text.length): string | null {
  if (start >= end) return NOT_GS1;
  const first = text.charCodeAt(start);
  if (first === 0x5d /* ] */) {
    if (!isGs1SymbologyIdentifier(text, start, end)) return NOT_GS1;
    scannedForm = 'raw';
    return scanRaw(text, start + 3, end, sink);
  }
  if (first === 0x28 /* ( */) {
    if (bracketAi(text, start, end) === 0) return NOT_GS1;
    scannedForm = 'bracketed';
    return scanBracketed(text, start, end, sink);
  }
  if (first === 0x68 /* h */ || first === 0x48 /* H */) {
    scannedForm = 'digitalLink';
    return scanDigitalLink(text, start, end, sink);
  }
  if (first >= 0x30 && first <= 0x39 && indexIn(text, GS_CODE, start, end) !== -1) {
    scannedForm = 'raw';
    return scanRaw(text, start, end, sink);
  }
  return NOT_GS1;
}

/**
 * The first position of the character `code` in `text[from, end)`, or -1. A loop, not
 * `indexOf`: in a chunk of a file the native search would run on past the value to the next
 * value holding the character, or to the chunk's end.
 */
function indexIn(text: string, code: number, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
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

/** `]C1`, `]d2`, `]Q3`, `]e0` or `]J1` at `start`. */
function isGs1SymbologyIdentifier(value: string, start: number, end: number): boolean {
  if (end - start < 3) return false;
  const id = value.charCodeAt(start + 1);
  const modifier = value.charCodeAt(start + 2);
  return (
    (id === 0x43 /* C */ && modifier === 0x31) ||
    (id === 0x64 /* d */ && modifier === 0x32) ||
    (id === 0x51 /* Q */ && modifier === 0x33) ||
    (id === 0x65 /* e */ && modifier === 0x30) ||
    (id === 0x4a /* J */ && modifier === 0x31)
  );
}

/** Raw element string from `at` to `n`: fields end by length or at a GS. */
function scanRaw(text: string, at: number, n: number, sink: ElementSink): string | null {
  let any = false;
  // The next GS at or after `at` (-1: none left; -2: not searched yet), searched again only once
  // `at` has passed it: a value is read in one pass, not once a field.
  let gs = -2;
  while (at < n) {
    if (text.charCodeAt(at) === GS_CODE) {
      at++;
      continue;
    }
    const definition = aiAt(text, at, n);
    if (definition === null) return unknownAi(text.slice(at, Math.min(at + 4, n)));
    at += definition.ai.length;
    let end: number;
    if (gs !== -1 && gs < at) gs = indexIn(text, GS_CODE, at, n);
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

/** The length of the AI when `text` has `(` + a 2-4 digit AI + `)` at `at` (before `end`), else 0. */
function bracketAi(text: string, at: number, end: number): number {
  if (text.charCodeAt(at) !== 0x28) return 0;
  for (let length = 1; length <= 4; length++) {
    if (at + length >= end) return 0;
    const c = text.charCodeAt(at + length);
    if (c === 0x29 /* ) */) return length >= 3 ? length - 1 : 0;
    if (c < 48 || c > 57) return 0;
  }
  return at + 5 < end && text.charCodeAt(at + 5) === 0x29 ? 4 : 0;
}

/**
 * Bracketed form: each `(AI)` followed by its data up to the next `(AI)` (a bracket that does
 * not open a 2-4 digit AI is data: `(`, `)` are in the GS1 character set). Spaces between the
 * elements, as some labels print them, are dropped.
 */
function scanBracketed(text: string, at: number, n: number, sink: ElementSink): string | null {
  while (at < n) {
    if (text.charCodeAt(at) === 0x20) {
      at++;
      continue;
    }
    const length = bracketAi(text, at, n);
    if (length === 0) return `gs1: expected "(" and an Application Identifier at "${text.slice(at, Math.min(at + 6, n))}"`;
    const definition = aiOf(text, at + 1, at + 1 + length);
    if (definition === null) return unknownAi(text.slice(at + 1, at + 1 + length));
    let start = at + length + 2;
    // The data ends at the next "(" that opens an AI (found natively, not a character at a time).
    let end = indexIn(text, 0x28 /* ( */, start, n);
    while (end !== -1 && bracketAi(text, end, n) === 0) end = indexIn(text, 0x28, end + 1, n);
    if (end === -1) end = n;
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
function scanDigitalLink(value: string, start: number, end: number, sink: ElementSink): string | null {
  // `http://` or `https://`: the scheme's length, 4 or 5.
  const scheme = isSchemeEnd(value, start + 4, end) ? 4 : isSchemeEnd(value, start + 5, end) ? 5 : 0;
  if (scheme === 0) return NOT_GS1;
  if (!isHttpScheme(value, start, scheme)) return NOT_GS1;
  const pathStart = indexIn(value, 0x2f /* / */, start + scheme + 3, end);
  if (pathStart === -1) return NOT_GS1;
  // The path's non-empty segments as ranges, in one pass that stops at the query (`?`) or the
  // fragment (`#`) (every row of a Digital Link file comes through here: no string per segment
  // but the data kept). The scratch arrays are the module's; a sink that reads another Digital
  // Link while this one's pairs are handed on gets arrays of its own.
  const nested = segmentsInUse;
  const starts = nested ? [] : segmentStarts;
  const ends = nested ? [] : segmentEnds;
  let count = 0;
  let pathEnd: number;
  for (let at = pathStart + 1, i = at; ; i++) {
    const c = i < end ? value.charCodeAt(i) : 0x23;
    if (c !== 0x2f /* / */ && c !== 0x3f /* ? */ && c !== 0x23 /* # */) continue;
    if (i > at) {
      starts[count] = at;
      ends[count] = i;
      count++;
    }
    if (c !== 0x2f) {
      pathEnd = i;
      break;
    }
    at = i + 1;
  }
  const query = pathEnd < end && value.charCodeAt(pathEnd) === 0x3f ? pathEnd : -1;
  const fragment = query === -1 ? (pathEnd < end ? pathEnd : -1) : indexIn(value, 0x23 /* # */, query, end);
  let first = -1;
  for (let i = 0; i + 1 < count; i++) {
    if ((count - i) % 2 !== 0) continue;
    const definition = pathDefinition(value, starts[i]!, ends[i]!);
    if (definition !== null && PRIMARY_KEY_CODES[definition.code] === 1) {
      first = i;
      break;
    }
  }
  if (first === -1) return NOT_GS1;
  segmentsInUse = true;
  try {
    return digitalLinkPairs(value, starts, ends, first, (count - first) / 2, query, fragment === -1 ? end : fragment, sink);
  } finally {
    segmentsInUse = nested;
  }
}

/** True while `scanDigitalLink`'s pairs are read from `segmentStarts`/`segmentEnds`. */
let segmentsInUse = false;

/** `scanDigitalLink`'s pairs: `pairs` AI/value ranges from segment `first`, then the query (from `query` to `queryEnd`). */
function digitalLinkPairs(
  value: string,
  pairStarts: readonly number[],
  pairEnds: readonly number[],
  first: number,
  pairs: number,
  query: number,
  queryEnd: number,
  sink: ElementSink,
): string | null {
  for (let k = 0; k < pairs; k++) {
    const aiStart = pairStarts[first + 2 * k]!;
    const aiEnd = pairEnds[first + 2 * k]!;
    const dataStart = pairStarts[first + 2 * k + 1]!;
    const dataEnd = pairEnds[first + 2 * k + 1]!;
    if (indexIn(value, 0x25 /* % */, dataStart, dataEnd) === -1) {
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
  if (query !== -1 && query < queryEnd) {
    for (const parameter of value.slice(query + 1, queryEnd).split('&')) {
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

/** True when `://` is at `at` and ends before `end`. */
function isSchemeEnd(value: string, at: number, end: number): boolean {
  return at + 3 <= end && value.charCodeAt(at) === 0x3a /* : */ && value.charCodeAt(at + 1) === 0x2f && value.charCodeAt(at + 2) === 0x2f;
}

/** True when `value[start, start + scheme)` is `http` or `https` in any case. */
function isHttpScheme(value: string, start: number, scheme: number): boolean {
  const http = 'http';
  for (let i = 0; i < 4; i++) if ((value.charCodeAt(start + i) | 0x20) !== http.charCodeAt(i)) return false;
  return scheme === 4 || (value.charCodeAt(start + 4) | 0x20) === 0x73; /* s */
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

/**
 * Checks one pair (`text[start, end)` the data of `definition`'s AI) and hands it to the sink. A
 * numeric field is read once: its digits checked, its check digit's sum and its value (for a
 * date, and for the sink through `lastFieldValue`) taken on the way.
 */
function element(definition: AiDefinition, text: string, start: number, end: number, sink: ElementSink): string | null {
  const length = end - start;
  if (length < definition.minLength) return length === 0 ? `gs1: (${definition.ai}) is empty` : tooShort(definition, length);
  if (length > definition.maxLength) {
    return definition.minLength === definition.maxLength
      ? `gs1: (${definition.ai}) is ${length} characters long, ${definition.maxLength} expected`
      : `gs1: (${definition.ai}) is ${length} characters long, at most ${definition.maxLength} allowed (a missing GS separator?)`;
  }
  fieldValue = -1;
  if (definition.numeric) {
    // Weights 3, 1, 3... from the right with the check digit itself weighing 1: the first
    // digit's weight is 3 when the field's length is even.
    // The value only of a field short enough for small-integer arithmetic (dates, counts).
    let weight = length % 2 === 0 ? 3 : 1;
    let sum = 0;
    let number = 0;
    if (length <= 9) {
      for (let i = start; i < end; i++) {
        const digit = text.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9) return notDigits(definition, text, start, end);
        sum += digit * weight;
        weight = 4 - weight;
        number = number * 10 + digit;
      }
      fieldValue = number;
    } else {
      for (let i = start; i < end; i++) {
        const digit = text.charCodeAt(i) - 48;
        if (digit < 0 || digit > 9) return notDigits(definition, text, start, end);
        sum += digit * weight;
        weight = 4 - weight;
      }
    }
    if (definition.checkDigit) {
      const got = text.charCodeAt(end - 1) - 48;
      const expected = (10 - ((sum - got) % 10)) % 10;
      if (expected !== got) return `gs1: (${definition.ai}) ${text.slice(start, end)} has a wrong check digit (${got}; ${expected} expected)`;
    }
    if (DATE_CODES[definition.code] === 1 && !isYymmddValue(number)) return `gs1: (${definition.ai}) ${text.slice(start, end)} is not a date (YYMMDD)`;
  }
  return sink(definition, text, start, end);
}

/**
 * The value of the numeric field of at most 9 digits handed to the sink now (-1 for any other
 * field): a sink reads it instead of the digits again. Valid during the sink's call only.
 */
export function lastFieldValue(): number {
  return fieldValue;
}

let fieldValue = -1;

const NO_AI = 'gs1: no Application Identifier in it';

function notDigits(definition: AiDefinition, text: string, start: number, end: number): string {
  return `gs1: (${definition.ai}) must be digits, got "${text.slice(start, end)}"`;
}

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

/** True when `value` (0-999999), read as YYMMDD, is a GS1 date (day 00: the month's last day). */
function isYymmddValue(value: number): boolean {
  const yy = Math.floor(value / 10000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  return month >= 1 && month <= 12 && day <= daysIn(yy, month);
}

/** True when the 6 digits at `start` are a GS1 YYMMDD date (day 00: the month's last day). */
function isYymmdd(text: string, start: number): boolean {
  const yy = (text.charCodeAt(start) - 48) * 10 + (text.charCodeAt(start + 1) - 48);
  const month = (text.charCodeAt(start + 2) - 48) * 10 + (text.charCodeAt(start + 3) - 48);
  const day = (text.charCodeAt(start + 4) - 48) * 10 + (text.charCodeAt(start + 5) - 48);
  return month >= 1 && month <= 12 && day <= daysIn(yy, month);
}

/**
 * A GS1 YYMMDD date as ISO `YYYY-MM-DD`, or null when it is not a date. Year 20YY (the labels a
 * count reads expire this century; GS1's sliding window would make the answer depend on the day
 * the engine runs, docs/decisions/0110). Day `00` means the month's last day (General
 * Specifications 7.12). Input: 6 digits.
 */
export function isoDateOfYymmdd(value: string): string | null {
  const known = isoDates.get(value);
  if (known !== undefined) return known;
  if (value.length !== 6 || !isDigits(value) || !isYymmdd(value, 0)) return null;
  const iso = isoDateOf(value);
  // A count reads few distinct dates: each is written once (bounded, in case a file has many).
  if (isoDates.size < 4096) isoDates.set(value, iso);
  return iso;
}

const isoDates = new Map<string, string>();

function isoDateOf(value: string): string {
  const yy = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6)) || daysIn(yy, month);
  return `20${value.slice(0, 2)}-${value.slice(2, 4)}-${String(day).padStart(2, '0')}`;
}
