/**
 * `/api/login` (spec part 1 section 7, part 2 section 7: the external sign-in navigation),
 * `/api/login?invite={token}` (accepting an invitation with the external account) and the
 * provider's callback `/api/callback` (DESIGN.md sections 3 and 8).
 * Without OIDC configured, `/api/login` goes to the team login screen.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { createSession } from '../../auth/sessions.js';
import {
  OIDC_CALLBACK_PATH,
  OIDC_TRANSACTION_COOKIE,
  OIDC_TRANSACTION_MAX_AGE_SECONDS,
  OidcClient,
  OidcError,
  decodeTransaction,
  encodeTransaction,
} from '../../auth/oidc.js';
import { AppError } from '../../errors.js';
import { findPendingInvitation } from '../team/invite-token.js';
import { resolveExternalAccount } from './external-sign-in.js';
import { setSignedIn } from './session-cookie.js';

const loginQuerySchema = z.object({ invite: z.string().min(1).max(200).optional() });

/** Sign-in starts and callbacks per client address and minute (the invitation acceptance included). */
const SIGN_IN_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

export async function externalSignInRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const oidc = config.oidc;
  const provider = oidc ? new OidcClient(oidc) : undefined;

  /** The redirect URI registered with the provider: PUBLIC_URL's origin, else the request's. */
  const redirectUri = (req: FastifyRequest) =>
    new URL(OIDC_CALLBACK_PATH, config.publicUrl ?? `${req.protocol}://${req.host}`).href;

  const transactionCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.setCookie(OIDC_TRANSACTION_COOKIE, value, {
      path: '/api/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
      maxAge,
    });

  app.get('/api/login', { config: SIGN_IN_LIMIT }, async (req, reply) => {
    const { invite } = loginQuerySchema.parse(req.query);
    if (!provider) return reply.redirect(invite ? `/accept-invite/${encodeURIComponent(invite)}` : '/team-login');
    // A spent or unknown invitation shows 'Invalid Invitation' on its page, before any provider round trip.
    if (invite && !(await findPendingInvitation(db, invite))) {
      return reply.redirect(`/accept-invite/${encodeURIComponent(invite)}`);
    }
    const { url, transaction } = await provider.start(redirectUri(req), invite).catch(toAppError);
    transactionCookie(reply, encodeTransaction(transaction), OIDC_TRANSACTION_MAX_AGE_SECONDS);
    return reply.redirect(url);
  });

  app.get(OIDC_CALLBACK_PATH, { config: SIGN_IN_LIMIT }, async (req, reply) => {
    if (!provider || !oidc) throw new AppError('NOT_FOUND', 'Not found', 404);
    const signed = req.unsignCookie(req.cookies[OIDC_TRANSACTION_COOKIE] ?? '');
    // Single use: whatever happens next, this transaction is over.
    transactionCookie(reply, '', 0);
    const transaction = signed.valid && signed.value ? decodeTransaction(signed.value) : undefined;
    if (!transaction) {
      throw new AppError('OIDC_SIGN_IN_FAILED', 'The sign-in expired or was started elsewhere. Please sign in again.', 400);
    }
    const callbackUrl = new URL(req.url, redirectUri(req));
    const identity = await provider.finish(callbackUrl, transaction).catch(toAppError);
    const userId = await resolveExternalAccount(db, identity, {
      inviteToken: transaction.inviteToken,
      tier: config.newOrganizationTier,
      providerName: oidc.providerName,
    });
    setSignedIn(req, reply, config, await createSession(db, userId));
    return reply.redirect('/');
  });
}

function toAppError(err: unknown): never {
  if (err instanceof OidcError) throw new AppError('OIDC_SIGN_IN_FAILED', err.message, 400);
  throw err;
}
