/**
 * Team members and invitations on a real database and a real SMTP server (spec part 2 sections
 * 4-9 "Team"; DESIGN.md section 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { organizations, users } from '../../db/schema.js';
import { hashInviteToken } from './invite-token.js';

const PASSWORD = 'a long enough password';

function tokenOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!;
}

async function setTier(t: TestApp, organizationId: string, tier: 'free' | 'starter' | 'pro') {
  await t.db.update(organizations).set({ subscriptionTier: tier }).where(eq(organizations.id, organizationId));
}

function patch(c: TestClient, url: string, body: unknown) {
  return c.request({ method: 'PATCH', url, payload: body });
}

function accept(c: TestClient, token: string, body: Record<string, unknown> = {}) {
  return c.post(`/api/team/accept-invite/${token}`, {
    firstName: 'Mia',
    lastName: 'Member',
    authMethod: 'password',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...body,
  });
}

describe.each(DATABASE_KINDS)('team with SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let owner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://stock.example.test' });
    owner = t.client();
    organizationId = (await owner.signUp({ firstName: 'Olive', lastName: 'Owner', organizationName: 'Olive Goods' })).organizationId;
    await setTier(t, organizationId, 'pro');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('e-mails an invitation whose link shows the invitation, is accepted with a password and signs the member in', async () => {
    const res = await owner.post('/api/team/invite', { email: 'Mia@Example.com', role: 'member' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ emailed: true, inviteUrl: null, member: { email: 'mia@example.com', role: 'member', status: 'pending', lastLoginAt: null } });

    const mail = await smtp.waitFor('mia@example.com');
    expect(mail.subject).toBe('Olive Owner invited you to Olive Goods on StockTally');
    const link = /http:\/\/stock\.example\.test\/accept-invite\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const token = tokenOf(link!);
    expect(mail.html).toContain(link);

    // Only the SHA-256 of the token is stored.
    const [row] = await t.db.select().from(users).where(eq(users.email, 'mia@example.com'));
    expect(row!.inviteTokenHash).toBe(hashInviteToken(token));
    expect(row!.inviteTokenHash).not.toContain(token);
    expect(row!.invitedBy).toBe((await owner.get('/api/auth/user')).json().id);

    const visitor = t.client();
    const lookup = await visitor.get(`/api/team/invite/${token}`);
    expect(lookup.statusCode).toBe(200);
    const invitation = lookup.json();
    expect(invitation).toMatchObject({ email: 'mia@example.com', role: 'member', organizationName: 'Olive Goods', externalSignIn: null });
    const days = (Date.parse(invitation.inviteExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const team = (await owner.get('/api/team')).json();
    expect(team.map((m: { email: string }) => m.email)).toEqual([expect.stringMatching(/^owner-/), 'mia@example.com']);
    expect(team[1]).toMatchObject({ status: 'pending', inviteExpiresAt: invitation.inviteExpiresAt });

    const accepted = await accept(visitor, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email: 'mia@example.com', role: 'member', firstName: 'Mia', lastName: 'Member', organizationId });
    expect((await visitor.get('/api/auth/user')).json()).toMatchObject({ email: 'mia@example.com', role: 'member' });
    // A member runs audits.
    expect((await visitor.post('/api/audits/stub', { name: 'Mia count', type: 'cycle-count', status: 'draft' })).statusCode).toBe(201);

    const after = (await owner.get('/api/team')).json()[1];
    expect(after).toMatchObject({ status: 'active', firstName: 'Mia', lastName: 'Member', inviteExpiresAt: null });
    expect(after.lastLoginAt).not.toBeNull();

    // Single use: the link is now unknown.
    expect((await t.client().get(`/api/team/invite/${token}`)).statusCode).toBe(404);
    expect((await accept(t.client(), token)).statusCode).toBe(404);

    // The password signs in at the team login.
    const again = t.client();
    expect((await again.post('/api/auth/team-login', { email: 'mia@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('e-mails the link on PUBLIC_URL whatever Host the inviter\'s request names', async () => {
    const res = await owner.request({ method: 'POST', url: '/api/team/invite', headers: { host: 'evil.example' }, payload: { email: 'host@example.com', role: 'viewer' } });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitFor('host@example.com');
    expect(mail.text).toMatch(/http:\/\/stock\.example\.test\/accept-invite\/[A-Za-z0-9_-]{43}/);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
  });

  it('resends with a new link: the old one stops working', async () => {
    const first = await owner.post('/api/team/invite', { email: 'resend@example.com', role: 'viewer' });
    const id = first.json().member.id;
    const oldToken = tokenOf(/http\S+/.exec((await smtp.waitFor('resend@example.com')).text)![0]);
    smtp.messages.length = 0;

    const res = await owner.post(`/api/team/${id}/resend-invite`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ emailed: true, member: { id, status: 'pending' } });
    const newToken = tokenOf(/http\S+/.exec((await smtp.waitFor('resend@example.com')).text)![0]);
    expect(newToken).not.toBe(oldToken);

    const stale = await t.client().get(`/api/team/invite/${oldToken}`);
    expect(stale.statusCode).toBe(404);
    expect((await accept(t.client(), oldToken)).statusCode).toBe(404);
    expect((await t.client().get(`/api/team/invite/${newToken}`)).json()).toMatchObject({ email: 'resend@example.com', role: 'viewer' });

    // A member who accepted has nothing to resend.
    const joined = (await owner.get('/api/team')).json().find((m: { email: string }) => m.email === 'mia@example.com');
    expect((await owner.post(`/api/team/${joined.id}/resend-invite`)).json()).toMatchObject({ error: 'NOT_PENDING' });
  });
});

describe.each(DATABASE_KINDS)('team rules on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let ownerId: string;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    const me = await owner.signUp({ organizationName: 'Rules Co' });
    ownerId = me.id;
    organizationId = me.organizationId;
    await setTier(t, organizationId, 'pro');
  });
  afterAll(async () => t?.close());

  async function invite(email: string, role = 'member') {
    const res = await owner.post('/api/team/invite', { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { member: { id: string }; inviteUrl: string; emailed: boolean };
  }

  async function join(email: string, role = 'member') {
    const sent = await invite(email, role);
    const client = t.client();
    expect((await accept(client, tokenOf(sent.inviteUrl))).statusCode).toBe(200);
    return { id: sent.member.id, client };
  }

  async function removeEveryoneButOwner() {
    for (const m of (await owner.get('/api/team')).json()) if (m.id !== ownerId) await owner.delete(`/api/team/${m.id}`);
  }

  it('without SMTP answers the link for the dialog', async () => {
    const sent = await invite('nosmtp@example.com');
    expect(sent.emailed).toBe(false);
    expect(sent.inviteUrl).toMatch(/^http:\/\/localhost(:\d+)?\/accept-invite\/[A-Za-z0-9_-]{43}$/);
    expect((await t.client().get(`/api/team/invite/${tokenOf(sent.inviteUrl)}`)).statusCode).toBe(200);
    await removeEveryoneButOwner();
  });

  it('refuses bad invitations with the field named, changing nothing', async () => {
    const before = (await owner.get('/api/team')).json();
    const bad = await owner.post('/api/team/invite', { email: 'not-an-email', role: 'member' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email: Please enter a valid email address');
    expect((await owner.post('/api/team/invite', { email: 'x@example.com', role: 'owner' })).statusCode).toBe(400);
    expect((await owner.post('/api/team/invite', { email: 'x@example.com', firstName: '   ' })).json().message).toBe('firstName: First name is required');

    const ownerEmail = before[0].email;
    const member = await owner.post('/api/team/invite', { email: ownerEmail.toUpperCase(), role: 'member' });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ error: 'ALREADY_MEMBER', message: 'This email address is already a member of your team.' });

    const elsewhere = await t.client().signUp({ email: 'other-org@example.com' });
    expect(elsewhere.organizationId).not.toBe(organizationId);
    expect((await owner.post('/api/team/invite', { email: 'other-org@example.com' })).json()).toMatchObject({ error: 'EMAIL_TAKEN' });
    expect((await owner.get('/api/team')).json()).toEqual(before);
  });

  it('answers 404 alike for unknown, used, expired and malformed tokens', async () => {
    const sent = await invite('expired@example.com');
    const token = tokenOf(sent.inviteUrl);
    await t.db.update(users).set({ inviteExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, sent.member.id));
    const unknown = 'A'.repeat(43);
    const bodies = [];
    for (const tk of [token, unknown, 'short', `${token}x`]) {
      const lookup = await t.client().get(`/api/team/invite/${tk}`);
      expect(lookup.statusCode).toBe(404);
      bodies.push(lookup.body);
      const res = await accept(t.client(), tk);
      expect(res.statusCode).toBe(404);
      bodies.push(res.body);
    }
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ error: 'NOT_FOUND', message: 'Invitation not found' })]));
    // An expired invitation still holds its seat until removed or resent.
    const resent = await owner.post(`/api/team/${sent.member.id}/resend-invite`);
    expect((await t.client().get(`/api/team/invite/${tokenOf(resent.json().inviteUrl)}`)).statusCode).toBe(200);
    await removeEveryoneButOwner();
  });

  it('checks the acceptance form: 7-character password, mismatched confirmation, names', async () => {
    const sent = await invite('form@example.com');
    const token = tokenOf(sent.inviteUrl);
    const short = await accept(t.client(), token, { password: '1234567', confirmPassword: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Password must be at least 8 characters');
    const mismatch = await accept(t.client(), token, { confirmPassword: 'something else' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('confirmPassword: Passwords must match');
    expect((await accept(t.client(), token, { firstName: '' })).json().message).toBe('firstName: First name is required');
    expect((await accept(t.client(), token, { lastName: ' ' })).json().message).toBe('lastName: Last name is required');
    // Without OIDC configured the external method is refused, naming the way out.
    expect((await accept(t.client(), token, { authMethod: 'replit' })).json()).toMatchObject({ error: 'EXTERNAL_SIGN_IN_UNAVAILABLE' });
    // Nothing of it was used: the invitation is still open.
    expect((await t.client().get(`/api/team/invite/${token}`)).statusCode).toBe(200);
    await removeEveryoneButOwner();
  });

  it('holds the plan to its users, active and pending, owner included (402 naming the limit)', async () => {
    await invite('seat1@example.com');
    await invite('seat2@example.com');
    await invite('seat3@example.com');
    const fourth = await join('seat4@example.com');
    const sixth = await owner.post('/api/team/invite', { email: 'seat6@example.com', role: 'viewer' });
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json()).toMatchObject({ error: 'SEAT_LIMIT_REACHED', details: { limit: 5, used: 5 } });
    expect(sixth.json().message).toContain('Pro plan includes up to 5 users');

    // An inactive member frees a seat; taking it back needs one again.
    expect((await patch(owner, `/api/team/${fourth.id}`, { status: 'inactive' })).statusCode).toBe(200);
    await invite('seat5@example.com');
    const back = await patch(owner, `/api/team/${fourth.id}`, { status: 'active' });
    expect(back.statusCode).toBe(402);
    expect((await owner.get('/api/team')).json().find((m: { id: string }) => m.id === fourth.id).status).toBe('inactive');

    await setTier(t, organizationId, 'starter');
    const starter = await owner.post('/api/team/invite', { email: 'seat7@example.com' });
    expect(starter.statusCode).toBe(402);
    expect(starter.json().message).toContain('Starter plan includes up to 1 user,');
    await setTier(t, organizationId, 'pro');
    await removeEveryoneButOwner();
  });

  it('lets an owner edit a member, signs an inactive member out at once and refuses their sign-in', async () => {
    const { id, client } = await join('edit@example.com');
    const res = await patch(owner, `/api/team/${id}`, { firstName: 'Edith', lastName: 'Edited', role: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, firstName: 'Edith', lastName: 'Edited', role: 'admin', status: 'active' });
    expect((await client.get('/api/auth/user')).json().role).toBe('admin');

    expect((await patch(owner, `/api/team/${id}`, { status: 'pending' })).statusCode).toBe(400);
    expect((await patch(owner, `/api/team/${id}`, { status: 'inactive' })).json().status).toBe('inactive');
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    const login = await t.client().post('/api/auth/team-login', { email: 'edit@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Invalid credentials');

    expect((await patch(owner, `/api/team/${id}`, { status: 'active' })).json().status).toBe('active');
    expect((await t.client().post('/api/auth/team-login', { email: 'edit@example.com', password: PASSWORD })).statusCode).toBe(200);

    // A pending member's status waits for their acceptance.
    const pending = await invite('pending-edit@example.com');
    expect((await patch(owner, `/api/team/${pending.member.id}`, { status: 'active' })).json()).toMatchObject({ error: 'MEMBER_PENDING' });
    expect((await patch(owner, `/api/team/${pending.member.id}`, { role: 'viewer' })).json()).toMatchObject({ role: 'viewer', status: 'pending' });
    await removeEveryoneButOwner();
  });

  it('protects the owner from everyone, and from admins entirely', async () => {
    const admin = await join('admin@example.com', 'admin');
    const member = await join('member@example.com', 'member');

    // Admins manage the team…
    expect((await patch(admin.client, `/api/team/${member.id}`, { role: 'viewer' })).json().role).toBe('viewer');
    // …but not the owner.
    for (const body of [{ firstName: 'X' }, { role: 'admin' }, { status: 'inactive' }]) {
      const res = await patch(admin.client, `/api/team/${ownerId}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('OWNER_PROTECTED');
    }
    const removal = await admin.client.delete(`/api/team/${ownerId}`);
    expect(removal.statusCode).toBe(403);
    expect(removal.json()).toMatchObject({ error: 'OWNER_PROTECTED', message: 'The account owner cannot be removed.' });
    // The owner cannot demote, deactivate or remove themselves either, but may rename.
    expect((await patch(owner, `/api/team/${ownerId}`, { role: 'admin' })).statusCode).toBe(403);
    expect((await patch(owner, `/api/team/${ownerId}`, { status: 'inactive' })).statusCode).toBe(403);
    expect((await owner.delete(`/api/team/${ownerId}`)).statusCode).toBe(403);
    expect((await patch(owner, `/api/team/${ownerId}`, { firstName: 'Olivia' })).json()).toMatchObject({ firstName: 'Olivia', role: 'owner' });

    // Nobody makes themselves owner: a member may not edit at all, an admin may not name the role.
    const viewer = member; // now a viewer
    expect((await patch(viewer.client, `/api/team/${viewer.id}`, { role: 'owner' })).statusCode).toBe(403);
    expect((await patch(owner, `/api/team/${viewer.id}`, { role: 'member' })).statusCode).toBe(200);
    const asMember = await patch(member.client, `/api/team/${member.id}`, { role: 'owner' });
    expect(asMember.statusCode).toBe(403);
    const asAdmin = await patch(admin.client, `/api/team/${admin.id}`, { role: 'owner' });
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json().message).toMatch(/^role: /);
    expect((await owner.get('/api/team')).json().filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
    await removeEveryoneButOwner();
  });

  it('removes a member: signed out at once, sign-in refused, audits kept, address free again', async () => {
    const { id, client } = await join('leaver@example.com');
    const audit = await client.post('/api/audits/stub', { name: 'Leaver count', type: 'cycle-count', status: 'draft' });
    expect(audit.statusCode).toBe(201);
    const res = await owner.delete(`/api/team/${id}`);
    expect(res.statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await t.client().post('/api/auth/team-login', { email: 'leaver@example.com', password: PASSWORD })).json().message).toBe('Invalid credentials');
    expect((await owner.get('/api/team')).json().map((m: { id: string }) => m.id)).toEqual([ownerId]);
    expect((await owner.get(`/api/audits/${audit.json().id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/team/${id}`)).statusCode).toBe(404);
    // The address can be invited again.
    await invite('leaver@example.com');
    await removeEveryoneButOwner();
  });

  it("answers 404 for another organisation's member and 403 to a viewer's writes", async () => {
    const stranger = t.client();
    const strangerOrg = (await stranger.signUp({ organizationName: 'Strangers' })).organizationId;
    await setTier(t, strangerOrg, 'pro');
    const { id } = await join('mine@example.com');
    for (const res of [
      await patch(stranger, `/api/team/${id}`, { role: 'admin' }),
      await stranger.delete(`/api/team/${id}`),
      await stranger.post(`/api/team/${id}/resend-invite`),
      await owner.delete('/api/team/not-a-uuid'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Team member not found' });
    }
    expect((await stranger.get('/api/team')).json()).toHaveLength(1);

    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.get('/api/team')).statusCode).toBe(200);
    for (const res of [
      await viewer.post('/api/team/invite', { email: 'v@example.com' }),
      await patch(viewer, `/api/team/${id}`, { role: 'viewer' }),
      await viewer.delete(`/api/team/${id}`),
      await viewer.post(`/api/team/${id}/resend-invite`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
    expect((await owner.get('/api/team')).json().find((m: { id: string }) => m.id === id)).toMatchObject({ role: 'member', status: 'active' });
    await removeEveryoneButOwner();
  });
});

describe.each(DATABASE_KINDS)('invitation acceptance limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OIDC_ISSUER_URL: 'http://127.0.0.1:9/oidc', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_PROVIDER_NAME: 'Acme ID' });
  });
  afterAll(async () => t?.close());

  it('keeps the names and sends the external method to /api/login?invite=', async () => {
    const owner = t.client();
    const { organizationId } = await owner.signUp();
    await setTier(t, organizationId, 'pro');
    const sent = (await owner.post('/api/team/invite', { email: 'ext@example.com' })).json();
    const token = tokenOf(sent.inviteUrl);
    expect((await t.client().get(`/api/team/invite/${token}`)).json().externalSignIn).toEqual({ providerName: 'Acme ID' });
    const res = await t.client().post(`/api/team/accept-invite/${token}`, { firstName: 'Ext', lastName: 'Ernal', authMethod: 'replit' });
    expect(res.json()).toEqual({ redirectTo: `/api/login?invite=${token}` });
    expect((await owner.get('/api/team')).json()[1]).toMatchObject({ firstName: 'Ext', lastName: 'Ernal', status: 'pending' });
  });

  it('answers 429 with a clear message past 20 acceptance attempts a minute', async () => {
    const c = t.client();
    let last;
    for (let i = 0; i < 21; i++) last = await accept(c, 'B'.repeat(43));
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(last!.json().message).toMatch(/^Too many attempts from your address\. Please wait .+ and try again\.$/);
  });
});
