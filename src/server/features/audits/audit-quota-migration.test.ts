/**
 * Migration 0020 (docs/decisions/0118) on both databases: a database at migration 0018 counted an
 * audit when it was created. After the migration a draft or pending audit that never ran counts
 * nothing, an audit that ran counts in the month it completed, a deleted audit's record stays, and
 * from then on an audit is counted once, when its first run ends.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { MIGRATIONS, migrationsBefore, openMigrationDatabase, rowsOf } from '../../test-support/migration-databases.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(DATABASE_KINDS)('migration 0020 (audit quota on the first run) on %s', (kind) => {
  const before = migrationsBefore(20);
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('uncounts drafts that never ran, keeps runs and deleted audits, then counts each audit once when it runs', async () => {
    const database = await openMigrationDatabase(kind);
    try {
      const { db } = database;
      await database.migrate(before);
      const [org] = await rowsOf<{ id: string }>(db, sql`INSERT INTO organizations (name) VALUES ('Shop') RETURNING id`);
      const [user] = await rowsOf<{ id: string }>(
        db,
        sql`INSERT INTO users (organization_id, email, role) VALUES (${org!.id}::uuid, 'owner@example.com', 'owner') RETURNING id`,
      );
      const audits = [
        { id: id(1), status: 'complete', createdAt: '2026-03-30T10:00:00Z', completedAt: '2026-04-02T09:00:00Z' },
        { id: id(2), status: 'error', createdAt: '2026-04-03T10:00:00Z', completedAt: null },
        { id: id(3), status: 'draft', createdAt: '2026-04-04T10:00:00Z', completedAt: null },
        { id: id(4), status: 'pending', createdAt: '2026-04-05T10:00:00Z', completedAt: null },
        { id: id(5), status: 'draft', createdAt: '2026-04-06T10:00:00Z', completedAt: null },
      ];
      for (const a of audits) {
        await db.execute(sql`
          INSERT INTO audits (id, organization_id, user_id, name, audit_type, status, created_at, completed_at)
          VALUES (${a.id}::uuid, ${org!.id}::uuid, ${user!.id}::uuid, 'Audit', 'cycle-count', ${a.status},
            ${a.createdAt}::timestamptz, ${a.completedAt}::timestamptz)`);
      }
      // Audit 5 is deleted before the migration: whether it ran is no longer known.
      await db.execute(sql`DELETE FROM audits WHERE id = ${id(5)}::uuid`);
      const counted = async () =>
        rowsOf<{ audit_id: string; created_at: string }>(
          db,
          sql`SELECT audit_id::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS created_at
              FROM audit_creations ORDER BY audit_id`,
        );
      expect((await counted()).map((r) => r.audit_id)).toEqual([id(1), id(2), id(3), id(4), id(5)]);

      await database.migrate(MIGRATIONS);
      expect(await counted()).toEqual([
        { audit_id: id(1), created_at: '2026-04-02T09:00' },
        { audit_id: id(2), created_at: '2026-04-03T10:00' },
        { audit_id: id(5), created_at: '2026-04-06T10:00' },
      ]);

      // A new draft counts nothing; its run counts once, however often its status changes after.
      await db.execute(sql`
        INSERT INTO audits (id, organization_id, user_id, name, audit_type, status)
        VALUES (${id(6)}::uuid, ${org!.id}::uuid, ${user!.id}::uuid, 'New', 'cycle-count', 'draft')`);
      await db.execute(sql`UPDATE audits SET status = 'processing' WHERE id IN (${id(3)}::uuid, ${id(6)}::uuid)`);
      expect((await counted()).map((r) => r.audit_id)).toEqual([id(1), id(2), id(5)]);
      await db.execute(sql`UPDATE audits SET status = 'complete' WHERE id = ${id(3)}::uuid`);
      await db.execute(sql`UPDATE audits SET status = 'processing' WHERE id IN (${id(1)}::uuid, ${id(3)}::uuid)`);
      await db.execute(sql`UPDATE audits SET status = 'complete' WHERE id IN (${id(1)}::uuid, ${id(3)}::uuid)`);
      const after = await counted();
      expect(after.map((r) => r.audit_id)).toEqual([id(1), id(2), id(3), id(5)]);
      expect(after[0]!.created_at).toBe('2026-04-02T09:00');
    } finally {
      await database.close();
    }
  });
});
