/**
 * Auth routes: sign-up, team login, current user, CSRF token, /api/login (+ callback) and /api/logout
 * (spec part 1 section 7, spec part 2 section 7 "Login and gate").
 */
import type { FastifyInstance } from 'fastify';
import { signUpBodySchema, teamLoginBodySchema, type AuthOptions } from '../../../contracts/auth.js';
import { requireUser } from '../../auth/guard.js';
import { SESSION_COOKIE, deleteSession, userForSession } from '../../auth/sessions.js';
import { isNavigationFromOwnSite } from '../../http/request-guards.js';
import type { AppDeps } from '../../app.js';
import { signUp, teamLogin } from './service.js';
import { setSignedIn, setSignedOut } from './session-cookie.js';
import { externalSignInRoutes } from './external-sign-in-routes.js';

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const signInLimit = { rateLimit: { max: config.signInAttemptsPerMinute, timeWindow: '1 minute' } };

  app.get('/api/auth/csrf', async (_req, reply) => ({ token: reply.generateCsrf() }));

  app.get('/api/auth/user', async (req) => requireUser(req));

  app.get('/api/auth/options', async (): Promise<AuthOptions> => ({
    oidcProviderName: config.oidc?.providerName ?? null,
    accessPasswordRequired: Boolean(config.appAccessPassword),
  }));

  app.post('/api/auth/signup', { config: signInLimit }, async (req, reply) => {
    const token = await signUp(db, signUpBodySchema.parse(req.body), config.newOrganizationTier);
    setSignedIn(req, reply, config, token);
    return userForSession(db, token);
  });

  app.post('/api/auth/team-login', { config: signInLimit }, async (req, reply) => {
    const token = await teamLogin(db, teamLoginBodySchema.parse(req.body));
    setSignedIn(req, reply, config, token);
    return userForSession(db, token);
  });

  // /api/login and the provider's callback (DESIGN.md sections 3 and 8).
  await externalSignInRoutes(app, deps);

  // The web app signs out with this POST (CSRF token and Origin checked like every mutation).
  app.post('/api/logout', async (req, reply) => {
    await deleteSession(db, req.cookies[SESSION_COOKIE]);
    setSignedOut(req, reply);
    return reply.status(204).send();
  });

  // The spec's navigation to /api/logout: signs out only a navigation from our own pages or the
  // address bar, so another site cannot sign a user out with a link or an image.
  app.get('/api/logout', async (req, reply) => {
    if (isNavigationFromOwnSite(req, config.publicUrl)) {
      await deleteSession(db, req.cookies[SESSION_COOKIE]);
      setSignedOut(req, reply);
    }
    return reply.redirect('/');
  });
}
