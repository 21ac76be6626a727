/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port for tests of the external
 * sign-in (DESIGN.md section 8): one confidential client, the library's development login and
 * consent pages (any login name signs in as that subject), accounts whose claims a test sets.
 *
 * `forgeIdTokens(true)` makes the token endpoint hand out ID tokens re-signed with a key the
 * provider never published (same claims, same key id): what a forged token looks like.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface AccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets the claims of subject `sub` (default: `{sub}@example.com`, verified). */
  setAccount(sub: string, claims: AccountClaims): void;
  forgeIdTokens(on: boolean): void;
  /**
   * Goes through the provider's login and consent pages as `login` (a fetch with a cookie jar of
   * its own) starting from `authorizationUrl`, and answers the URL the provider sends the browser
   * back to (the app's callback), without following it.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: { redirectUris: string[]; clientId?: string; clientSecret?: string }): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? 'stocktally';
  const clientSecret = opts.clientSecret ?? 'stocktally-test-client-secret';
  const accounts = new Map<string, AccountClaims>();
  let forge = false;
  const attacker = await generateKeyPair('RS256');

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: `${sub}@example.com`, email_verified: true, ...accounts.get(sub) };
        },
      };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (forge && ctx.path === '/token' && body?.id_token) {
      const { kid, alg } = decodeProtectedHeader(body.id_token);
      body.id_token = await new SignJWT(decodeJwt(body.id_token))
        .setProtectedHeader({ alg: alg ?? 'RS256', kid })
        .sign(attacker.privateKey);
    }
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, claims) => accounts.set(sub, claims),
    forgeIdTokens: (on) => {
      forge = on;
    },
    signIn: (authorizationUrl, login) => walkProviderPages(authorizationUrl, login, opts.redirectUris),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function walkProviderPages(start: string, login: string, redirectUris: string[]): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(start);
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookie() } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    init = {};
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (redirectUris.some((uri) => url.href.startsWith(uri))) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page ${url.href} (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&#x2F;|&#47;/g, '/').replace(/&amp;/g, '&'), url);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider did not send the browser back to the app');
}
