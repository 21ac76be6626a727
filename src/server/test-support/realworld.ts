/**
 * Where the real-world files live (third-party exports, never copied into the repo): the
 * `REALWORLD_DIR` environment variable, else `shared/realworld` beside the repository (as CI
 * checks it out). `realworldDir()` answers null when the folder is absent, so the tests over it
 * are skipped with a visible notice.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folder holding `catalogues/` and `scans/`, or null when it is not there. */
export function realworldDir(): string | null {
  const dir = process.env.REALWORLD_DIR || path.resolve(REPO_ROOT, '../shared/realworld');
  if (existsSync(path.join(dir, 'catalogues')) && existsSync(path.join(dir, 'scans'))) return dir;
  console.warn(`NOTICE: real-world import tests skipped: no folder ${dir} (set REALWORLD_DIR to the shared/realworld folder).`);
  return null;
}
