/** Helpers shared by the reader tests. */
import { expect } from 'vitest';
import { FileError } from '../../errors.js';
import type { Table, TableRow } from '../table.js';

/** Every data row of `table`. */
export async function allRows(table: Table): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for await (const row of table.rows()) rows.push(row);
  return rows;
}

/** The FileError `promise` rejects with (fails the test when it resolves or rejects otherwise). */
export async function fileError(promise: Promise<unknown>): Promise<FileError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(FileError);
    return e as FileError;
  }
  throw new Error('expected a FileError');
}
