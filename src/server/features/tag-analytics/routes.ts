/**
 * Tag analytics routes (spec part 2 section 7 "Tag analytics"). Reads: any signed-in role.
 * Refresh: writers (owner, admin, member); a viewer gets 403. The organisation comes from the
 * session; another organisation's tag reads as missing.
 */
import type { FastifyInstance } from 'fastify';
import {
  tagDetailQuerySchema,
  tagNameParamsSchema,
  tagRefreshBodySchema,
  tagSummaryQuerySchema,
} from '../../../contracts/tag-analytics.js';
import { requireUser, requireWriter } from '../../auth/guard.js';
import type { AppDeps } from '../../app.js';
import { refreshTagAnalytics } from './refresh-tag-analytics.js';
import { listTagSummaries, readTagDetails } from './tag-summaries.js';

export async function tagAnalyticsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get('/api/tag-analytics/summary', async (req) => {
    const user = requireUser(req);
    return listTagSummaries({ db, organizationId: user.organizationId, query: tagSummaryQuerySchema.parse(req.query) });
  });

  app.get('/api/tag-analytics/:tagName/details', async (req) => {
    const user = requireUser(req);
    const { tagName } = tagNameParamsSchema.parse(req.params);
    return readTagDetails({ db, organizationId: user.organizationId, tagName, query: tagDetailQuerySchema.parse(req.query) });
  });

  app.post('/api/tag-analytics/refresh', async (req) => {
    const user = requireWriter(req);
    const { tagName } = tagRefreshBodySchema.parse(req.body ?? {});
    return refreshTagAnalytics({ db, organizationId: user.organizationId, tagName });
  });
}
