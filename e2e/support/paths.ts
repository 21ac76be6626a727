/**
 * Where the e2e tests find the fixtures: FIXTURES_DIR, else the repository's `fixtures/` (see
 * fixtures/README.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const fixturesDir = process.env.FIXTURES_DIR ?? path.resolve(repoRoot, 'fixtures');

export function fixturePath(caseName: string, file: string): string {
  return path.join(fixturesDir, caseName, file);
}

export function readFixtureJson<T>(caseName: string, file: string): T {
  return JSON.parse(readFileSync(fixturePath(caseName, file), 'utf8')) as T;
}

export interface Manifest {
  auditType: string;
  catalogue: string;
  catalogueMapping: Record<string, string>;
  scanFiles: Array<{ file: string; teamName: string; scannerId?: string; scanColumn: string; quantityColumn?: string }>;
}

export interface Expected {
  totalScanned: number;
  matchRate: number;
  counts: Record<string, number>;
  items: Record<string, { category: string; expected?: number; scanned?: number }>;
}
