/**
 * Auth routes: sign-up, team login, current user, CSRF token, /api/login and /api/logout
 * (spec part 1 section 7, spec part 2 section 7 "Login and gate").
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signUpBodySchema, teamLoginBodySchema } from '../../../contracts/auth.js';
import { requireUser } from '../../auth/guard.js';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, deleteSession, userForSession } from '../../auth/sessions.js';
import type { AppDeps } from '../../app.js';
import { signUp, teamLogin } from './service.js';

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
  const signInLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  app.get('/api/auth/csrf', async (_req, reply) => ({ token: reply.generateCsrf() }));

  app.get('/api/auth/user', async (req) => requireUser(req));

  app.post('/api/auth/signup', { config: signInLimit }, async (req, reply) => {
    const token = await signUp(db, signUpBodySchema.parse(req.body), config.newOrganizationTier);
    setSessionCookie(reply, token);
    return userForSession(db, token);
  });

  app.post('/api/auth/team-login', { config: signInLimit }, async (req, reply) => {
    const token = await teamLogin(db, teamLoginBodySchema.parse(req.body));
    setSessionCookie(reply, token);
    return userForSession(db, token);
  });

  // Without an OIDC provider configured, sign-in is the team login screen (DESIGN.md section 3).
  app.get('/api/login', async (_req, reply) => reply.redirect('/team-login'));

  app.get('/api/logout', async (req, reply) => {
    await deleteSession(db, req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/');
  });
}
