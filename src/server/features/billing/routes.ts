/**
 * Billing routes (spec part 2 section 7 "Billing"; DESIGN.md sections 3, 4, 10). Thin: parse, call
 * one service, answer. Reading (status, plans) is open to every role; buying, the portal and the
 * re-read are the owner's (admins manage everything but billing). The webhook is public: the
 * provider's signature over the raw body is its authentication, and the request policy
 * (src/server/http/request-policy.ts) exempts exactly this route from CSRF and the password gate.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSubscriptionBodySchema } from '../../../contracts/billing.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { AppDeps } from '../../app.js';
import { requireUser } from '../../auth/guard.js';
import { AppError } from '../../errors.js';
import { createPortalSession } from './create-portal-session.js';
import { createSubscription } from './create-subscription.js';
import { handleWebhook } from './handle-webhook.js';
import { listPlans } from './list-plans.js';
import { createPaymentProvider } from './provider.js';
import { subscriptionStatus } from './subscription-status.js';
import { updateSubscription } from './update-subscription.js';

/** The provider's webhook endpoint (exempt from CSRF and the gate in http/request-policy.ts; signed instead). */
export const BILLING_WEBHOOK_PATH = '/api/billing/webhook';

/** @throws AppError 401 signed out, 403 for any role but owner (DESIGN.md section 3: billing is the owner's). */
function requireOwner(req: FastifyRequest): CurrentUser {
  const user = requireUser(req);
  if (user.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the account owner can manage billing.', 403);
  return user;
}

/** The app's origin as the browser sees it: PUBLIC_URL, else the request's scheme and host. */
function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}

export async function billingRoutes(app: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  const stripe = await createPaymentProvider(config);

  app.get('/api/billing/subscription-status', async (req) => {
    const user = requireUser(req);
    return subscriptionStatus(db, { organizationId: user.organizationId });
  });

  app.get('/api/billing/plans', async (req) => {
    requireUser(req);
    return listPlans(config);
  });

  app.post('/api/billing/create-subscription', async (req) => {
    const user = requireOwner(req);
    const { priceId } = createSubscriptionBodySchema.parse(req.body ?? {});
    return createSubscription({ db, config, stripe, organizationId: user.organizationId, email: user.email, priceId, origin: originOf(req, config.publicUrl) });
  });

  app.post('/api/billing/create-portal-session', async (req) => {
    const user = requireOwner(req);
    return createPortalSession({ db, stripe, organizationId: user.organizationId, origin: originOf(req, config.publicUrl) });
  });

  app.post('/api/billing/update-subscription', async (req) => {
    const user = requireOwner(req);
    return updateSubscription({ db, config, stripe, organizationId: user.organizationId });
  });

  // The signature covers the exact bytes: this route alone keeps its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(BILLING_WEBHOOK_PATH, async (req) => {
      const signature = req.headers['stripe-signature'];
      const outcome = await handleWebhook({
        db,
        config,
        stripe,
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : undefined,
      });
      return { received: true, outcome };
    });
  });
}
