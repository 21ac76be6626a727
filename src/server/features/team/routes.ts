/**
 * Team routes (spec part 2 section 7 "Team and invitations"; the resend call is ours,
 * docs/decisions/0020). Thin: parse, call one use case, answer. Which roles reach each route is
 * declared in src/server/auth/route-roles.ts; the owner's protection lives in the use cases.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptInviteBodySchema, inviteMemberBodySchema, updateMemberBodySchema } from '../../../contracts/team.js';
import { requireUser } from '../../auth/guard.js';
import { setSessionCookie, userForSession } from '../../auth/sessions.js';
import type { AppDeps } from '../../app.js';
import { mailLinkOrigin } from '../../mail/mailer.js';
import { acceptInvite, lookupInvitation } from './accept-invite.js';
import { inviteMember } from './invite-member.js';
import { listMembers } from './repo.js';
import { removeMember } from './remove-member.js';
import { resendInvite } from './resend-invite.js';
import { updateMember } from './update-member.js';

const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string() });

/** Invitation acceptance is rate limited per address (DESIGN.md section 3). */
export const ACCEPT_INVITE_LIMIT = { max: 20, timeWindow: '1 minute' };
const LOOKUP_INVITE_LIMIT = { max: 60, timeWindow: '1 minute' };

export async function teamRoutes(app: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  /** Where invitation links point: PUBLIC_URL; without e-mail, the link is only shown to the inviter, on their page's own origin. */
  const baseUrl = (req: FastifyRequest) => mailLinkOrigin(config.publicUrl, app.mailer, `${req.protocol}://${req.host}`);

  app.get('/api/team', async (req) => listMembers(db, requireUser(req).organizationId));

  app.post('/api/team/invite', async (req, reply) => {
    const body = inviteMemberBodySchema.parse(req.body ?? {});
    const sent = await inviteMember({ db, mailer: app.mailer, actor: requireUser(req), body, baseUrl: baseUrl(req) });
    return reply.status(201).send(sent);
  });

  app.patch('/api/team/:id', async (req) => {
    const { id } = idParams.parse(req.params);
    return updateMember({ db, actor: requireUser(req), id, body: updateMemberBodySchema.parse(req.body ?? {}) });
  });

  app.delete('/api/team/:id', async (req, reply) => {
    const { id } = idParams.parse(req.params);
    await removeMember({ db, actor: requireUser(req), id });
    return reply.status(204).send();
  });

  app.post('/api/team/:id/resend-invite', async (req) => {
    const { id } = idParams.parse(req.params);
    return resendInvite({ db, mailer: app.mailer, actor: requireUser(req), id, baseUrl: baseUrl(req) });
  });

  app.get('/api/team/invite/:token', { config: { rateLimit: LOOKUP_INVITE_LIMIT } }, async (req) => {
    const { token } = tokenParams.parse(req.params);
    return lookupInvitation(db, config, token);
  });

  app.post('/api/team/accept-invite/:token', { config: { rateLimit: ACCEPT_INVITE_LIMIT } }, async (req, reply) => {
    const { token } = tokenParams.parse(req.params);
    const outcome = await acceptInvite({ db, config, token, body: acceptInviteBodySchema.parse(req.body ?? {}) });
    if (outcome.kind === 'redirect') return { redirectTo: outcome.redirectTo };
    setSessionCookie(reply, outcome.sessionToken, config.secureCookies);
    return { user: await userForSession(db, outcome.sessionToken) };
  });
}
