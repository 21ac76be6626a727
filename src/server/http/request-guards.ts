/**
 * Guards every API request passes before a route sees it (DESIGN.md section 3; issue of hostile
 * networks; docs/decisions/0027):
 * - `isSameOriginRequest`: a mutating call must come from the app's own pages (Origin check).
 * - `controlCharacterField`: text with NUL or other control characters is refused with a 400
 *   naming the field, before it reaches the database (PostgreSQL refuses NUL in text: a 500).
 */
import type { FastifyRequest } from 'fastify';

/**
 * The origins the app answers mutating calls from: its own (scheme and host as the request
 * states them, through TRUST_PROXY) and PUBLIC_URL's.
 */
function ownOrigins(req: FastifyRequest, publicUrl: string | undefined): string[] {
  const origins: string[] = [];
  try {
    origins.push(new URL(`${req.protocol}://${req.host}`).origin);
  } catch {
    // A Host header that is no host: only PUBLIC_URL can match.
  }
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

/**
 * True when the request comes from the app's own pages:
 * - `Origin` present: it must equal the app's origin or PUBLIC_URL's (`null` is refused);
 * - `Origin` absent: allowed only when `Sec-Fetch-Site` is `same-origin` or absent (a
 *   non-browser client such as curl or a script sends neither; a browser sends one of them on
 *   every cross-site request).
 * `Referer` is used like `Origin` when only it is present (GET navigations, e.g. /api/logout).
 */
export function isSameOriginRequest(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = header(req, 'origin');
  const fetchSite = header(req, 'sec-fetch-site');
  if (origin !== undefined) return isOwnOrigin(req, publicUrl, origin);
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const referer = header(req, 'referer');
  return referer === undefined || isOwnOrigin(req, publicUrl, referer);
}

/** True when the origin of `url` (an Origin or Referer value) is one of the app's own. */
function isOwnOrigin(req: FastifyRequest, publicUrl: string | undefined, url: string): boolean {
  try {
    return ownOrigins(req, publicUrl).includes(new URL(url).origin);
  } catch {
    return false;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// C0 controls and DEL, except tab, line feed and carriage return (kept: text areas send them).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// The same but the group separator (U+001D), which ends each variable-length field of a GS1
// element string as scanners and cameras send it (DESIGN.md section 5 rule 1).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER_BUT_GS = /[\u0000-\u0008\u000B\u000C\u000E-\u001C\u001E\u001F\u007F]/;

/**
 * Route option (`config`) of the routes whose bodies carry scan values as read: there the
 * group separator of GS1 strings is kept; every other control character is still refused.
 */
export interface ScanValueRouteConfig {
  scanValues?: boolean;
}

/**
 * The path (e.g. `body.name`, `query.search`, `body.filters.2.value`) of the first string in
 * `value` that holds a control character other than tab / line feed / carriage return (and the
 * group separator, with `opts.allowGroupSeparator`); object keys are checked too. Undefined when
 * there is none.
 */
export function controlCharacterField(value: unknown, path: string, opts: { allowGroupSeparator?: boolean } = {}): string | undefined {
  const control = opts.allowGroupSeparator ? CONTROL_CHARACTER_BUT_GS : CONTROL_CHARACTER;
  // The usual values first, without a stack: a string, or an object of strings (a query).
  if (typeof value === 'string') return control.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  let flat = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    if (CONTROL_CHARACTER.test(key) || (typeof child === 'string' && control.test(child))) return `${path}.${key}`;
    if (child !== null && typeof child === 'object') {
      flat = false; // the walk below, in order, from the first entry
      break;
    }
  }
  if (flat) return undefined;
  // Depth first in the order of the entries, with a stack of its own: no recursion, whatever the
  // depth (a key is checked just before its value, as it comes in the text).
  const pending: Array<{ value: unknown; path: string; key?: string }> = [{ value, path }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (item.key !== undefined && CONTROL_CHARACTER.test(item.key)) return item.path;
    const v = item.value;
    if (typeof v === 'string') {
      if (control.test(v)) return item.path;
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      pending.push({ value: child, path: `${item.path}.${key}`, key });
    }
  }
  return undefined;
}

/** The user-facing message for a field holding a control character. */
export function controlCharacterMessage(field: string): string {
  return `${field}: contains a control character (such as NUL); remove it and try again.`;
}

/**
 * True for a GET navigation that a user of this app made: from the app's own pages
 * (`Sec-Fetch-Site: same-origin`, or a matching Origin / Referer from browsers without
 * Sec-Fetch headers) or typed into the address bar (`Sec-Fetch-Site: none`). Stricter than
 * `isSameOriginRequest`: without any of these headers the answer is false.
 */
export function isNavigationFromOwnSite(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const fetchSite = header(req, 'sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const stated = header(req, 'origin') ?? header(req, 'referer');
  return stated !== undefined && isOwnOrigin(req, publicUrl, stated);
}
