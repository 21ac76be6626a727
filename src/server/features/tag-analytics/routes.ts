/**
 * Tag analytics routes (spec part 2 section 7 "Tag analytics"). Reads: any signed-in role.
 * Refresh: writers (owner, admin, member); a viewer gets 403. The full rebuild (a background job,
 * DESIGN.md section 11; docs/decisions/0130): the owner only (src/server/auth/route-roles.ts).
 * The organisation comes from the session; another organisation's tag or rebuild reads as missing.
 */
import type { FastifyInstance } from 'fastify';
import {
  tagDetailQuerySchema,
  tagRebuildParamsSchema,
  tagNameParamsSchema,
  tagRefreshBodySchema,
  tagSummaryQuerySchema,
} from '../../../contracts/tag-analytics.js';
import { requireUser, requireWriter } from '../../auth/guard.js';
import type { AppDeps } from '../../app.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { refreshTagAnalytics } from './refresh-tag-analytics.js';
import { latestTagRebuild, readTagRebuild, startTagRebuild } from './tag-rebuild-job.js';
import { listTagSummaries, readTagDetails } from './tag-summaries.js';

export async function tagAnalyticsRoutes(app: FastifyInstance, { db, jobs }: AppDeps & { jobs: JobQueue }): Promise<void> {
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

  /** Starts a rebuild (202), or answers the one already queued or running (200). */
  app.post('/api/tag-rebuilds', async (req, reply) => {
    const user = requireUser(req);
    const { rebuild, started } = await startTagRebuild(db, jobs, user.organizationId, user.id);
    return reply.status(started ? 202 : 200).send(rebuild);
  });

  app.get('/api/tag-rebuilds/latest', async (req) => {
    const user = requireUser(req);
    return { rebuild: await latestTagRebuild(db, user.organizationId) };
  });

  app.get('/api/tag-rebuilds/:id', async (req) => {
    const user = requireUser(req);
    const { id } = tagRebuildParamsSchema.parse(req.params);
    return readTagRebuild(db, user.organizationId, id);
  });
}
