/**
 * A real StockTally server in a child process (`tsx src/server/main.ts`), for tests of what only a
 * process shows: SIGKILL mid-job, SIGTERM shutdown, two servers on one database.
 *
 *   const server = await startServerProcess({ DATABASE_URL: url });
 *   const owner = new TestClient(server.url);
 *   server.kill('SIGKILL');
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends `signal`; resolves with the exit code (null after a kill by signal) once it exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A TCP port free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * The environment `npm start` gives the built server (package.json): two malloc arenas, so that
 * memory the worker threads freed goes back to the system (docs/decisions/0089-heap-given-back.md),
 * and blocks of 128 KB and more each mapped on their own, so that they go back when freed
 * (docs/decisions/0093-pglite-memory-after-processing.md).
 */
export const BUILT_SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * The node options `npm start` gives the built server before its script: V8's young generation
 * at most two 8 MB semi-spaces per thread (docs/decisions/0093-pglite-memory-after-processing.md),
 * and an old generation collected once it has grown by half over what the last full collection
 * kept, instead of up to four times that, so that the garbage a long export promotes does not
 * pile up to ~100 MB before it is collected (docs/decisions/0096-old-generation-grows-by-half.md).
 */
export const BUILT_SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'] as const;

export interface ServerProcessOptions {
  /** Wait this long for the first answer (default 120 s). */
  timeoutMs?: number;
  /**
   * Run the built server (`node dist/server/main.mjs`, what `npm start` runs; build it first with
   * scripts/build-server.mjs) instead of the sources through tsx.
   */
  built?: boolean;
  /** Options for node before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
}

/**
 * Starts the server with `env` (over a test-friendly base: a session secret, starter tier,
 * warnings only) and waits until it answers.
 * @throws when the process exits or does not answer in time (with its output).
 */
export async function startServerProcess(env: Record<string, string>, opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // node itself (with tsx's loader for the sources; not the tsx command, which runs the server in
  // a child of its own): a signal sent to this process reaches the server.
  const args = [...(opts.nodeArgs ?? []), ...(opts.built ? [...BUILT_SERVER_NODE_ARGS, 'dist/server/main.mjs'] : ['--import', 'tsx', 'src/server/main.ts'])];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      NEW_ORGANIZATION_TIER: 'starter',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...(opts.built ? BUILT_SERVER_ENV : {}),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/api/auth/csrf`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
