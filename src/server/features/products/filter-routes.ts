/**
 * The product audit's filter step (spec part 1 sections 5 "Define Filters", 7):
 * `GET /api/products/filter-options` and `POST /api/products/filter-preview`. Thin routes; the
 * use cases live with the product audit that the filter scopes (features/audits).
 */
import type { FastifyInstance } from 'fastify';
import { filterPreviewBodySchema } from '../../../contracts/audits.js';
import { requireUser } from '../../auth/guard.js';
import type { AppDeps } from '../../app.js';
import { listFilterOptions } from '../audits/list-filter-options.js';
import { previewFilter } from '../audits/preview-filter.js';

/** The client caches the options for 5 minutes (spec part 1 section 9); the answer says so too. */
const OPTIONS_CACHE = 'private, max-age=300';

export async function productFilterRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get('/api/products/filter-options', async (req, reply) => {
    const user = requireUser(req);
    const options = await listFilterOptions({ db, organizationId: user.organizationId });
    return reply.header('cache-control', OPTIONS_CACHE).send(options);
  });

  // A read (nothing changes), so a viewer may preview too; POST because the body is a filter.
  app.post('/api/products/filter-preview', async (req) => {
    const user = requireUser(req);
    const { filterExpression } = filterPreviewBodySchema.parse(req.body ?? {});
    return previewFilter({ db, organizationId: user.organizationId, filterExpression });
  });
}
