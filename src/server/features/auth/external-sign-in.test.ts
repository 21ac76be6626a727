import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { startOidcProvider, type TestOidcProvider } from '../../test-support/oidc-provider.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const PUBLIC_URL = 'http://stocktally.test';
const CALLBACK = `${PUBLIC_URL}/api/callback`;

describe.each(DATABASE_KINDS)('external sign-in (OpenID Connect) on %s', (kind) => {
  let provider: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    t = await createTestApp(kind, {
      PUBLIC_URL,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Acme ID',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** /api/login (+ query) -> provider pages as `login` -> the callback URL the provider sent back. */
  async function throughProvider(c: TestClient, login: string, query = ''): Promise<URL> {
    const start = await c.get(`/api/login${query}`);
    expect(start.statusCode).toBe(302);
    const authorizationUrl = new URL(start.headers.location as string);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    return provider.signIn(authorizationUrl.href, login);
  }

  async function signInAs(c: TestClient, login: string, query = '') {
    const back = await throughProvider(c, login, query);
    return c.get(back.pathname + back.search);
  }

  async function expectSignedOut(c: TestClient) {
    expect(c.cookie('stocktally_session')).toBeUndefined();
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  }

  it('names the provider on the public options call', async () => {
    const res = await t.client().get('/api/auth/options');
    expect(res.json()).toEqual({ oidcProviderName: 'Acme ID', accessPasswordRequired: false });
  });

  it('a new verified identity starts an organisation with its owner, and signs in again by subject', async () => {
    provider.setAccount('new-person', { email: 'New.Person@Example.com', email_verified: true, given_name: 'Nora', family_name: 'New' });
    const c = t.client();
    const res = await signInAs(c, 'new-person');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const me = (await c.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email: 'new.person@example.com', firstName: 'Nora', lastName: 'New', role: 'owner', organizationName: "Nora's Organisation" });

    // The subject finds the account even when the provider's e-mail changes afterwards.
    provider.setAccount('new-person', { email: 'changed@example.com', email_verified: true });
    const again = t.client();
    expect((await signInAs(again, 'new-person')).statusCode).toBe(302);
    expect((await again.get('/api/auth/user')).json().id).toBe(me.id);
  });

  it('binds a verified e-mail to the existing password account, never an unverified one', async () => {
    const owner = await t.client().signUp({ email: 'pat@example.com' });
    provider.setAccount('pat-unverified', { email: 'pat@example.com', email_verified: false });
    const c1 = t.client();
    const refused = await signInAs(c1, 'pat-unverified');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('OIDC_EMAIL_UNVERIFIED');
    await expectSignedOut(c1);

    provider.setAccount('pat-verified', { email: 'pat@example.com', email_verified: true });
    const c2 = t.client();
    expect((await signInAs(c2, 'pat-verified')).statusCode).toBe(302);
    expect((await c2.get('/api/auth/user')).json().id).toBe(owner.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ oidcIssuer: provider.issuer, oidcSubject: 'pat-verified' });
  });

  it('accepts an invitation: the pending member is bound, activated and signed in; the token is spent', async () => {
    const owner = await t.client().signUp({ email: 'inviter@example.com' });
    const token = randomBytes(32).toString('base64url');
    const [member] = await t.db
      .insert(users)
      .values({
        organizationId: owner.organizationId,
        email: 'invitee@example.com',
        firstName: 'Ivy',
        role: 'member',
        status: 'pending',
        inviteTokenHash: createHash('sha256').update(token).digest('hex'),
        inviteExpiresAt: new Date(Date.now() + 86_400_000),
        invitedBy: owner.id,
      })
      .returning();
    provider.setAccount('ivy-elsewhere', { email: 'ivy@other.example', email_verified: false });
    const c = t.client();
    expect((await signInAs(c, 'ivy-elsewhere', `?invite=${token}`)).statusCode).toBe(302);
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ id: member!.id, role: 'member', organizationId: owner.organizationId });
    const [row] = await t.db.select().from(users).where(eq(users.id, member!.id));
    expect(row).toMatchObject({ status: 'active', inviteTokenHash: null, oidcSubject: 'ivy-elsewhere', firstName: 'Ivy' });

    // Single use: the spent link goes to the invitation page (which shows 'Invalid Invitation').
    const reuse = await t.client().get(`/api/login?invite=${token}`);
    expect(reuse.statusCode).toBe(302);
    expect(reuse.headers.location).toBe(`/accept-invite/${token}`);
  });

  it('refuses an expired invitation before going to the provider', async () => {
    const res = await t.client().get(`/api/login?invite=${randomBytes(32).toString('base64url')}`);
    expect(res.headers.location).toMatch(/^\/accept-invite\//);
  });

  it('refuses a callback with a wrong state', async () => {
    const c = t.client();
    const back = await throughProvider(c, 'state-person');
    back.searchParams.set('state', 'not-the-state');
    const res = await c.get(back.pathname + back.search);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/state/i);
    await expectSignedOut(c);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const c = t.client();
    const start = await c.get('/api/login');
    const authorizationUrl = new URL(start.headers.location as string);
    authorizationUrl.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const back = await provider.signIn(authorizationUrl.href, 'nonce-person');
    const res = await c.get(back.pathname + back.search);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nonce/i);
    await expectSignedOut(c);
  });

  it('refuses a forged ID token', async () => {
    const c = t.client();
    const back = await throughProvider(c, 'forged-person');
    provider.forgeIdTokens(true);
    try {
      const res = await c.get(back.pathname + back.search);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/signature/i);
    } finally {
      provider.forgeIdTokens(false);
    }
    await expectSignedOut(c);
  });

  it('refuses a callback without the sign-in cookie (started in another browser)', async () => {
    const back = await throughProvider(t.client(), 'other-browser');
    const stranger = t.client();
    const res = await stranger.get(back.pathname + back.search);
    expect(res.statusCode).toBe(400);
    await expectSignedOut(stranger);
  });

  it('renews the CSRF secret at sign-in', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf');
    const before = c.cookie('_csrf');
    expect((await signInAs(c, 'csrf-person')).statusCode).toBe(302);
    expect(c.cookie('_csrf')).toBeTruthy();
    expect(c.cookie('_csrf')).not.toBe(before);
  });
});

describe('without OIDC configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('/api/login goes to the team login and the options call offers no provider', async () => {
    const c = t.client();
    expect((await c.get('/api/login')).headers.location).toBe('/team-login');
    expect((await c.get('/api/login?invite=abc')).headers.location).toBe('/accept-invite/abc');
    expect((await c.get('/api/auth/options')).json()).toEqual({ oidcProviderName: null, accessPasswordRequired: false });
    expect((await c.get('/api/callback?code=x&state=y')).statusCode).toBe(404);
  });

  it("names the provider 'Replit' when OIDC_PROVIDER_NAME is unset", async () => {
    const named = await createTestApp('pglite', { OIDC_ISSUER_URL: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' });
    try {
      expect((await named.client().get('/api/auth/options')).json().oidcProviderName).toBe('Replit');
    } finally {
      await named.close();
    }
  });
});
