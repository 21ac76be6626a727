/**
 * Dashboard routes (spec part 1 section 7): `GET /api/user/stats`, `GET /api/results-summaries`.
 * Thin: signed-in user required, figures of the user's organisation.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppDeps } from '../../app.js';
import { listResultsSummaries } from './list-results-summaries.js';
import { readUserStats } from './read-user-stats.js';

export async function dashboardRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get('/api/user/stats', async (req) => readUserStats({ db, organizationId: requireUser(req).organizationId }));

  app.get('/api/results-summaries', async (req) => listResultsSummaries({ db, organizationId: requireUser(req).organizationId }));
}
