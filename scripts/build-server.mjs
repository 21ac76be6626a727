// Builds the server for `npm start` (docs/decisions/0064): esbuild bundles our TypeScript into
// dist/server (dependencies stay in node_modules), so the running server and its worker threads
// load plain JavaScript instead of compiling every module through tsx at start. Tests and the
// CLI keep running the sources through tsx.
//
// Outputs, side by side so that the `new URL('./…', import.meta.url)` of the worker starters
// resolve in the bundle as they do in the sources:
//   dist/server/main.mjs              src/server/main.ts
//   dist/server/reconcile-worker.mjs  src/server/features/audits/engine/reconcile-worker-body.ts
//   dist/server/scan-prepare-worker.mjs  src/server/features/audits/engine/scan-prepare-worker-body.ts
//   dist/server/xls-worker.mjs        src/server/files/xls-worker.mjs
//   dist/server/pglite-prepare.mjs    src/server/db/pglite-prepare.mjs (a child process)
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Where the bundle goes (from the project root). */
const OUTDIR = 'dist/server';

/**
 * Bundles the server into dist/server, then deletes what an earlier build left there that this
 * one did not write (chunks are named by their content's hash: each change of a lazily loaded
 * module leaves its old chunk behind). Rejects with esbuild's errors, leaving the folder as it was.
 */
export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'reconcile-worker': 'src/server/features/audits/engine/reconcile-worker-body.ts',
      'scan-prepare-worker': 'src/server/features/audits/engine/scan-prepare-worker-body.ts',
      'xls-worker': 'src/server/files/xls-worker.mjs',
      'pglite-prepare': 'src/server/db/pglite-prepare.mjs',
    },
    outdir: OUTDIR,
    metafile: true,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Modules loaded with import() on first use (the count sheet's PDF writer) become chunks of
    // their own beside the entries, so that their packages are not loaded at start.
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
  for (const name of readdirSync(path.join(root, OUTDIR))) {
    const file = path.join(root, OUTDIR, name);
    if (!written.has(file)) rmSync(file, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
