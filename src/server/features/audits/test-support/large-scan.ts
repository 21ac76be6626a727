/**
 * A large scan file for processing tests that need a job to last a while (recovery, several
 * servers): `rows` lines of `Barcode,Qty`, three in four the fixture catalogue's SKUs in turn,
 * one in four an unknown code of its own (a notFound line each).
 */
import { writeFileSync } from 'node:fs';
import type { Fixture } from '../../../../domain/test-support/fixtures.js';

/** Writes the file at `path`; answers its upload-multiple form fields. */
export function writeLargeScan(path: string, fixture: Fixture, rows: number): Record<string, string> {
  const skus = fixture.catalogueRows.map((r) => r.sku);
  const lines = ['Barcode,Qty'];
  for (let i = 0; i < rows; i++) {
    lines.push(i % 4 === 3 ? `UNKNOWN-${i},1` : `${skus[i % skus.length]},${1 + (i % 3)}`);
  }
  writeFileSync(path, lines.join('\n') + '\n');
  return { teamName_0: 'Team 1', scanColumn_0: 'Barcode', quantityColumn_0: 'Qty' };
}
