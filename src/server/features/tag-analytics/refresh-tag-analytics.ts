/** `POST /api/tag-analytics/refresh` (spec part 2 sections 4 "Tag refresh", 7; DESIGN.md section 11). */
import type { Db } from '../../db/client.js';
import type { TagRefreshResult } from '../../../contracts/tag-analytics.js';
import { readTagStatsVersion } from './stats-repo.js';

/**
 * Answers the version of the organisation's aggregates, which completion, deletion and every
 * replacement of an audit's lines keep exact: nothing to rebuild, so it answers at once whatever
 * the number of lines, and the client drops its cached figures. A full rebuild from the lines is
 * the rebuild job's (tag-rebuild-job.ts; docs/decisions/0129).
 */
export async function refreshTagAnalytics(opts: { db: Db; organizationId: string; tagName?: string }): Promise<TagRefreshResult> {
  const { version } = await readTagStatsVersion(opts.db, opts.organizationId);
  return { tagName: opts.tagName ?? null, refreshedAt: new Date().toISOString(), version };
}
