/**
 * The project's root folder (the one holding package.json), found from this module's location,
 * so that paths to `drizzle/` and `dist/web` hold both when the server runs from its sources
 * (src/server, under tsx and in tests) and when it runs built (dist/server, `npm start`;
 * docs/decisions/0064).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No project root (package.json beside drizzle/) above ${from}`);
  }
}

/** Absolute path of the project root. */
export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
