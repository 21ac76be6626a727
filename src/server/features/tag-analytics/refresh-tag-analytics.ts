/** `POST /api/tag-analytics/refresh` (spec part 2 sections 4 "Tag refresh", 7). */
import type { Db } from '../../db/client.js';
import type { TagRefreshResult } from '../../../contracts/tag-analytics.js';
import { rebuildTagStats } from './stats-repo.js';

/** Recomputes the organisation's aggregates of `tagName`, or of every tag when it is absent. */
export async function refreshTagAnalytics(opts: { db: Db; organizationId: string; tagName?: string }): Promise<TagRefreshResult> {
  await rebuildTagStats(opts.db, opts.organizationId, opts.tagName ?? null);
  return { tagName: opts.tagName ?? null, refreshedAt: new Date().toISOString() };
}
