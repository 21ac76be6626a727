/**
 * `GET /api/user/stats` (spec part 1 section 2 "Dashboard" stat cards, section 3 "User stats";
 * DESIGN.md section 5 step 6 for accuracy). Counts the organisation's audits.
 */
import type { UserStats } from '../../../contracts/dashboard.js';
import type { Db } from '../../db/client.js';
import { countAudits } from './repo.js';

export async function readUserStats(opts: { db: Db; organizationId: string }): Promise<UserStats> {
  const counts = await countAudits(opts.db, opts.organizationId);
  return {
    totalAudits: counts.total,
    activeAudits: counts.active,
    completedAudits: counts.complete,
    // A percentage with one decimal (0.8765 -> 87.7); 0 when no complete audit counted a product.
    avgAccuracy: counts.meanAccuracy === null ? 0 : Math.round(counts.meanAccuracy * 1000) / 10,
  };
}
