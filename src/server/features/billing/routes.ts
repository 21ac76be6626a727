/**
 * Billing routes (spec part 2 section 7 "Billing"). Thin: parse, call one service, answer.
 * Only the read-only status for now; checkout, portal and tier changes come with the payment
 * provider (DESIGN.md section 4: a tier changes only through its verified webhook).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { requireUser } from '../../auth/guard.js';
import { subscriptionStatus } from './subscription-status.js';

export async function billingRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get('/api/billing/subscription-status', async (req) => {
    const user = requireUser(req);
    return subscriptionStatus(db, { organizationId: user.organizationId });
  });
}
