/**
 * When an audit completes, its in_progress tasks complete with it (DESIGN.md section 9). A
 * pending task stays pending: somebody ran the audit without starting the task, and the task
 * detail says so. Called by `markAuditComplete` (audits/repo.ts) in the transaction that stores the results.
 */
import type { Db } from '../../db/client.js';
import { completeInProgressTasksOfAudit } from './repo.js';

/** Answers how many tasks were completed. */
export async function completeTasksOfAudit(db: Db, auditId: string): Promise<number> {
  return completeInProgressTasksOfAudit(db, auditId);
}
