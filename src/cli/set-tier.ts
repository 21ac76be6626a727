/**
 * `npm run set-tier -- EMAIL TIER`: the operator sets the plan of the organisation of an account
 * (DESIGN.md sections 4, 10), e.g. `npm run set-tier -- ops@example.com enterprise`. Uses the same
 * database as the server: DATABASE_URL when set, else PGlite in DATA_DIR (./data); stop a server
 * running on that PGlite directory first (PGlite admits one process). Exit status 0 on success,
 * 1 with a message otherwise.
 */
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { runCommand } from './run-command.js';
import { parseTier, setTier } from '../server/features/billing/set-tier.js';

const USAGE = 'Usage: npm run set-tier -- EMAIL TIER   (TIER: free, starter, pro or enterprise)';

async function main(argv: string[]): Promise<number> {
  const [email, tier, ...rest] = argv;
  if (!email || !tier || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  parseTier(tier); // a typo fails before the database is opened
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await setTier(database.db, email, tier);
    console.log(`${email}: organisation ${result.organizationId} is now on ${result.to} (was ${result.from}).`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
