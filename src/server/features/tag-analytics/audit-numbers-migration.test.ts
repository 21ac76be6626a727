/**
 * Migration 0016 (docs/decisions/0071) on both databases: a database at migration 0015 with
 * complete audits (completed out of id order), an unfinished one and tagged lines is migrated;
 * the audits must then be numbered in completion order and `tag_product_stats` rebuilt from the
 * lines with audit numbers, exactly as a refresh of every tag builds it; per-audit rows go with
 * their audit by trigger. Then migration 0018 (docs/decisions/0098) over the per-audit rows kept
 * at 0017: each must count the products whose latest audit under its tag it is. Then migration 0030
 * (docs/decisions/0156): each (tag, product) row's audit numbers copied to its narrow row.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { MIGRATIONS as FULL, migrationsBefore, openMigrationDatabase as open, rowsOf } from '../../test-support/migration-databases.js';
import { rebuildTagStats } from './stats-repo.js';

describe.each(DATABASE_KINDS)('migration 0016 (audit numbers) on %s', (kind) => {
  const folder = migrationsBefore(16);
  const before0018 = migrationsBefore(18);
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(before0018, { recursive: true, force: true });
  });

  it('numbers complete audits in completion order and rebuilds the per-product arrays from the lines', async () => {
    const database = await open(kind);
    try {
      const { db } = database;
      await database.migrate(folder);
      const [org] = await rowsOf<{ id: string }>(db, sql`INSERT INTO organizations (name) VALUES ('Old data') RETURNING id`);
      const [user] = await rowsOf<{ id: string }>(
        db,
        sql`INSERT INTO users (organization_id, email, role) VALUES (${org!.id}::uuid, 'old@example.com', 'owner') RETURNING id`,
      );
      // Audit ids chosen so that id order is not completion order; 'u4' never completed.
      const audits = [
        { id: '00000000-0000-4000-8000-000000000003', at: '2026-01-01T00:00:00Z', status: 'complete' },
        { id: '00000000-0000-4000-8000-000000000001', at: '2026-02-01T00:00:00Z', status: 'complete' },
        { id: '00000000-0000-4000-8000-000000000002', at: '2026-03-01T00:00:00Z', status: 'complete' },
        { id: '00000000-0000-4000-8000-000000000004', at: null, status: 'processing' },
      ];
      for (const a of audits) {
        await db.execute(sql`
          INSERT INTO audits (id, organization_id, user_id, name, audit_type, status, completed_at)
          VALUES (${a.id}::uuid, ${org!.id}::uuid, ${user!.id}::uuid, 'Audit', 'cycle-count', ${a.status}, ${a.at}::timestamptz)`);
      }
      const p1 = '10000000-0000-4000-8000-000000000001';
      const p2 = '10000000-0000-4000-8000-000000000002';
      // p1 audited in every audit under [a, b]; p2 under [a] then [b]; a notFound line and a
      // line of the unfinished audit do not count.
      const lines: Array<[string, string, string | null, string, number | null, string[]]> = [
        [audits[0]!.id, 'quantityCorrect', p1, 'P1-old', 0, ['a', 'b']],
        [audits[1]!.id, 'quantityAbove', p1, 'P1', 2, ['a', 'b']],
        [audits[2]!.id, 'quantityCorrect', p1, 'P1', 0, ['a', 'b']],
        [audits[0]!.id, 'quantityBelow', p2, 'P2', -3, ['a']],
        [audits[2]!.id, 'zeroSheetItems', p2, 'P2', -5, ['b']],
        [audits[1]!.id, 'notFound', null, 'X', null, ['a']],
        [audits[3]!.id, 'quantityCorrect', p1, 'P1', 0, ['a', 'b']],
      ];
      let position = 0;
      for (const [auditId, category, productId, sku, difference, tags] of lines) {
        await db.execute(sql`
          INSERT INTO audit_result_lines (organization_id, audit_id, category, position, product_id, sku, product_name,
            scanned_quantity, difference, tags)
          VALUES (${org!.id}::uuid, ${auditId}::uuid, ${category}, ${position++}, ${productId}::uuid, ${sku}, ${sku},
            0, ${difference}, ${`{${tags.join(',')}}`}::text[])`);
      }

      await database.migrate(before0018);
      // The per-audit rows as completion kept them at 0017 (latest_products did not exist).
      await db.execute(sql`
        INSERT INTO tag_audit_stats (organization_id, tag, audit_id, completed_at, audited_lines, accurate_lines, quantity_variance)
        SELECT l.organization_id, t.tag, l.audit_id, a.completed_at, count(*), count(*) FILTER (WHERE l.category = 'quantityCorrect'),
          sum(l.difference)
        FROM audit_result_lines AS l JOIN audits AS a ON a.id = l.audit_id AND a.status = 'complete'
        CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
        WHERE l.product_id IS NOT NULL AND l.category <> 'notFound'
        GROUP BY l.organization_id, t.tag, l.audit_id, a.completed_at`);
      await database.migrate(FULL);

      const numbered = await rowsOf<{ audit_id: string; number: number }>(
        db,
        sql`SELECT audit_id::text, number FROM tag_audit_numbers ORDER BY number`,
      );
      expect(numbered).toEqual(audits.slice(0, 3).map((a, i) => ({ audit_id: a.id, number: i + 1 })));
      const stats = () =>
        rowsOf(
          db,
          sql`SELECT tag, product_id::text, sku, audit_numbers::text, last_completed_at = ${'2026-03-01T00:00:00Z'}::timestamptz AS last_is_march,
              accurate_counts::text, variance_sums::text
            FROM tag_product_stats ORDER BY tag, product_id`,
        );
      const migrated = await stats();
      expect(migrated.map((r) => Object.values(r as object))).toEqual([
        ['a', p1, 'P1', '{1,2,3}', true, '{1,1,2}', '{0.000,2.000,2.000}'],
        ['a', p2, 'P2', '{1}', false, '{0}', '{-3.000}'],
        ['b', p1, 'P1', '{1,2,3}', true, '{1,1,2}', '{0.000,2.000,2.000}'],
        ['b', p2, 'P2', '{3}', true, '{0}', '{-5.000}'],
      ]);
      // Migration 0030 (docs/decisions/0156): each row's audit numbers copied to its narrow row.
      const narrow = () => rowsOf(db, sql`SELECT tag, product_id::text, audit_numbers::text FROM tag_product_audit_numbers ORDER BY tag, product_id`);
      const expectedNarrow = migrated.map((r) => {
        const { tag, product_id, audit_numbers } = r as Record<string, unknown>;
        return { tag, product_id, audit_numbers };
      });
      expect(await narrow()).toEqual(expectedNarrow);
      // Migration 0018: per (tag, audit), the products whose latest audit under the tag it is.
      const latest = () =>
        rowsOf(db, sql`SELECT tag, audit_id::text, latest_products FROM tag_audit_stats ORDER BY tag, audit_id`);
      const migratedLatest = await latest();
      expect(migratedLatest.map((r) => Object.values(r as object))).toEqual([
        ['a', audits[1]!.id, 0],
        ['a', audits[2]!.id, 1],
        ['a', audits[0]!.id, 1],
        ['b', audits[1]!.id, 0],
        ['b', audits[2]!.id, 2],
        ['b', audits[0]!.id, 0],
      ]);
      // A refresh of every tag computes the same rows.
      await rebuildTagStats(db, org!.id, null);
      expect(await stats()).toEqual(migrated);
      expect(await latest()).toEqual(migratedLatest);
      expect(await narrow()).toEqual(expectedNarrow);
      // Per-audit rows have no foreign key now: the trigger deletes them with their audit.
      const perAudit = async (id: string) =>
        Number((await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tag_audit_stats WHERE audit_id = ${id}::uuid`))[0]!.n);
      expect(await perAudit(audits[0]!.id)).toBe(2);
      await db.execute(sql`DELETE FROM audits WHERE id = ${audits[0]!.id}::uuid`);
      expect(await perAudit(audits[0]!.id)).toBe(0);
      expect(await perAudit(audits[1]!.id)).toBe(2);
    } finally {
      await database.close();
    }
  });
});
