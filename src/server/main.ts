/**
 * Entry point: config -> database (migrations applied) -> job queue -> app -> listen (DESIGN.md
 * sections 1, 12). On SIGINT/SIGTERM it shuts down gracefully: stops accepting connections, lets
 * the requests in flight finish, stops taking jobs and lets the running ones finish (a job still
 * running after the stop timeout is handed back through its lease), then closes the queue and the
 * database (PGlite must be closed or the process lingers), and exits 0.
 */
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { openJobQueue } from './jobs/job-queue.js';
import { removeStaleUploadDirs } from './http/multipart.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await removeStaleUploadDirs();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const jobs = await openJobQueue(database, (err) => console.error(err));
  const app = await buildApp({ db: database.db, sessionDb: database.sessionDb, config, jobs });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`StockTally on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
