/**
 * A count session as a scan file (DESIGN.md section 14; docs/decisions/0126): CSV, UTF-8 with a
 * BOM, CRLF line ends, a header row `Scan value,Quantity,Location,Read at,Read id`, one row per
 * read that counts, in read order. Processing reads it like any upload (scan column `Scan value`,
 * quantity column `Quantity`); `GET /api/count-sessions/{id}/file` downloads the same bytes.
 * Scan values keep the GS character of GS1 strings; a value a spreadsheet would take for a
 * formula gets a leading apostrophe, which the engine drops (section 5 rule 1).
 */
import { writeFile } from 'node:fs/promises';
import { effectiveReads, plainQuantity, type StoredCountRead } from '../../../domain/count-reads.js';
import type { Db } from '../../db/client.js';
import { spreadsheetSafe } from '../../reports/spreadsheet-safe.js';
import { COUNT_FILE_COLUMNS, listReads } from './repo.js';

const HEADER = [COUNT_FILE_COLUMNS.scan, COUNT_FILE_COLUMNS.quantity, 'Location', 'Read at', 'Read id'];

/** The scan file of `reads` (every read of a session, undos included, in read order). */
export function countFileText(reads: readonly StoredCountRead[]): string {
  const lines = [HEADER.join(',')];
  for (const r of effectiveReads(reads)) {
    lines.push([csvCell(spreadsheetSafe(r.value)), plainQuantity(r.quantity), csvCell(spreadsheetSafe(r.location ?? '')), r.readAt, r.id].join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Writes session `sessionId`'s scan file to `path`; answers its size in bytes. */
export async function writeCountFile(db: Db, sessionId: string, path: string): Promise<number> {
  const text = countFileText(await listReads(db, sessionId));
  await writeFile(path, text, 'utf8');
  return Buffer.byteLength(text, 'utf8');
}

/** RFC 4180: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvCell(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
