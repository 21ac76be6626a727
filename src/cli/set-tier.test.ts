/**
 * `npm run set-tier -- EMAIL TIER` (DESIGN.md sections 4, 10) as an operator runs it: a separate
 * process on the server's database, PGlite in DATA_DIR or the PostgreSQL server at DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/client.js';
import { organizations, users } from '../server/db/schema.js';
import { DATABASE_KINDS } from '../server/test-support/databases.js';
import { subscriptionStatus } from '../server/features/billing/subscription-status.js';
import { commandDatabase, type CommandDatabase } from './test-support/command-database.js';

describe.each(DATABASE_KINDS)('set-tier command on %s', (kind) => {
  let operator: CommandDatabase;
  let where: OpenDatabaseOptions;
  let organizationId: string;

  beforeAll(async () => {
    operator = await commandDatabase(kind, 'set-tier');
    where = operator.where;
    const database = await openDatabase(where);
    const [org] = await database.db.insert(organizations).values({ name: 'Big Stores' }).returning({ id: organizations.id });
    organizationId = org!.id;
    await database.db.insert(users).values({ organizationId, email: 'ops@example.com', role: 'owner' });
    await database.close();
  });
  afterAll(async () => operator?.drop());

  const setTier = (...args: string[]) => operator.command('set-tier.ts', ...args);

  // Each run is a process of its own that opens the database and applies migrations.
  it('sets enterprise: no product, audit or user limit', { timeout: 180_000 }, async () => {
    const res = await setTier('  OPS@example.com ', 'enterprise');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`organisation ${organizationId} is now on enterprise (was free).`);
    const database = await openDatabase(where);
    try {
      const [org] = await database.db.select().from(organizations).where(eq(organizations.id, organizationId));
      expect(org!.subscriptionTier).toBe('enterprise');
      expect((await subscriptionStatus(database.db, { organizationId })).limits).toEqual({ products: -1, audits: -1 });
    } finally {
      await database.close();
    }
  });

  it('refuses an unknown tier, an unknown e-mail and missing arguments, changing nothing', { timeout: 180_000 }, async () => {
    const tier = await setTier('ops@example.com', 'platinum');
    expect(tier.code).toBe(1);
    expect(tier.stderr).toContain("Unknown tier 'platinum': use one of free, starter, pro, enterprise.");
    const email = await setTier('nobody@example.com', 'pro');
    expect(email.code).toBe(1);
    expect(email.stderr).toContain("No account with the e-mail 'nobody@example.com'.");
    const usage = await setTier('ops@example.com');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run set-tier -- EMAIL TIER');
    const database = await openDatabase(where);
    try {
      const [org] = await database.db.select().from(organizations).where(eq(organizations.id, organizationId));
      expect(org!.subscriptionTier).toBe('enterprise');
    } finally {
      await database.close();
    }
  });
});
