/**
 * JSON request bodies with a nesting limit (DESIGN.md section 3: "Request bodies have a nesting
 * limit; no guard recurses without bound"; decision 0102). The text is scanned once, without
 * recursion, before it is parsed: a body nested deeper than MAX_JSON_DEPTH answers 400
 * `BODY_TOO_DEEP` and no object is built. Parsing itself stays Fastify's own (secure-json-parse,
 * `__proto__` and `constructor.prototype` refused).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Deepest nesting of arrays and objects a JSON body or JSON form field may have. The deepest
 * contract is a product audit's filter (`{filterExpression:{conditions:[{...}]}}`, 4 levels).
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when JSON text nests arrays/objects more than `limit` levels deep (brackets inside
 * strings do not count). Linear in the text, stops at the first level past the limit; the text
 * need not be valid JSON (the parser judges that afterwards).
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The 400 for a body or field (`body`, `columnMapping`) nested past the limit. */
export function tooDeepError(field: string): AppError {
  return new AppError('BODY_TOO_DEEP', `${field}: nested more than ${MAX_JSON_DEPTH} levels deep; send a flatter request.`, 400);
}

/**
 * Replaces the instance's `application/json` parser with Fastify's default one behind the depth
 * check; call on the root instance before any route.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeepError('body'), undefined);
    return parseJson(req, text, done);
  });
}
