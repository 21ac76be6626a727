/**
 * `npm run rebuild-tag-analytics -- EMAIL | --all` (DESIGN.md section 11; docs/decisions/0130) as
 * an operator runs it: a separate process on the server's database rebuilds the aggregates of
 * audits whose lines were never added to them (as after a migration), and prints its progress.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.js';
import { auditResultLines, audits, organizations, users } from '../server/db/schema.js';
import { DATABASE_KINDS } from '../server/test-support/databases.js';
import { commandDatabase, type CommandDatabase } from './test-support/command-database.js';

describe.each(DATABASE_KINDS)('rebuild-tag-analytics command on %s', (kind) => {
  let operator: CommandDatabase;
  const organizationIds: string[] = [];

  /** Per organisation: audited lines the aggregates hold, and rebuilds complete. */
  async function state(): Promise<Array<{ kept: number; rebuilds: number }>> {
    const database = await openDatabase(operator.where);
    try {
      const out = [];
      for (const id of organizationIds) {
        const [row] = (
          (await database.db.execute(sql`
            SELECT (SELECT coalesce(sum(audited_lines), 0)::int FROM tag_audit_stats WHERE organization_id = ${id}::uuid) AS kept,
              (SELECT count(*)::int FROM tag_stats_rebuilds WHERE organization_id = ${id}::uuid AND status = 'complete') AS rebuilds`)) as unknown as {
            rows: Array<{ kept: number; rebuilds: number }>;
          }
        ).rows;
        out.push(row!);
      }
      return out;
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    operator = await commandDatabase(kind, 'rebuild-tags');
    const database = await openDatabase(operator.where);
    for (const [i, email] of ['ops@example.com', 'other@example.com'].entries()) {
      const [org] = await database.db.insert(organizations).values({ name: `Stores ${i}` }).returning({ id: organizations.id });
      const organizationId = org!.id;
      organizationIds.push(organizationId);
      const [user] = await database.db.insert(users).values({ organizationId, email, role: 'owner' }).returning({ id: users.id });
      const [audit] = await database.db
        .insert(audits)
        .values({ organizationId, userId: user!.id, name: 'Before the migration', auditType: 'cycle-count', status: 'complete', completedAt: new Date() })
        .returning({ id: audits.id });
      await database.db.insert(auditResultLines).values(
        ['fragile', 'seasonal', 'fragile'].map((tag, position) => ({
          organizationId,
          auditId: audit!.id,
          category: 'quantityCorrect',
          position,
          productId: crypto.randomUUID(),
          sku: `S-${position}`,
          productName: `P ${position}`,
          expectedQuantity: 1,
          scannedQuantity: 1,
          difference: 0,
          tags: [tag],
        })),
      );
    }
    await database.close();
  });
  afterAll(async () => operator?.drop());

  it('rebuilds the organisation of an account, then every organisation, printing progress', { timeout: 180_000 }, async () => {
    expect(await state()).toEqual([
      { kept: 0, rebuilds: 0 },
      { kept: 0, rebuilds: 0 },
    ]);
    const one = await operator.command('rebuild-tag-analytics.ts', ' OPS@example.com');
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/Stores 0: complete, done, 100%/);
    expect(await state()).toEqual([
      { kept: 3, rebuilds: 1 },
      { kept: 0, rebuilds: 0 },
    ]);
    const all = await operator.command('rebuild-tag-analytics.ts', '--all');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/Stores 1: complete, done, 100%/);
    expect(await state()).toEqual([
      { kept: 3, rebuilds: 2 },
      { kept: 3, rebuilds: 1 },
    ]);
  });

  it('refuses an unknown e-mail and missing arguments', { timeout: 180_000 }, async () => {
    const unknown = await operator.command('rebuild-tag-analytics.ts', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No organisation found for nobody@example.com.');
    const usage = await operator.command('rebuild-tag-analytics.ts');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run rebuild-tag-analytics');
  });
});
