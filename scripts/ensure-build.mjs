// Builds the SPA (dist/web) and the server (dist/server, scripts/build-server.mjs) when missing or
// older than their sources, so `npm start` works on a fresh clone and after a pull without a
// separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than the newest of `sources` (paths from the root). */
function stale(output, sources) {
  const paths = sources.map((p) => path.join(root, p)).filter(existsSync);
  const sourceTime = Math.max(...paths.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
  return !existsSync(output) || statSync(output).mtimeMs < sourceTime;
}

if (stale(built, ['src/web', 'src/contracts', 'vite.config.ts', 'package.json'])) {
  console.log('Building the web app (dist/web)...');
  execSync('npx vite build', { cwd: root, stdio: 'inherit' });
}
if (stale(path.join(root, 'dist/server/main.mjs'), ['src/server', 'src/domain', 'src/contracts', 'package.json', 'scripts/build-server.mjs'])) {
  console.log('Building the server (dist/server)...');
  await buildServer();
}
