/** Opening a scan file with its chosen columns checked (the request and the processing worker alike). */
import { FileError } from '../../../errors.js';
import { openTable, type Table } from '../../../files/index.js';

/**
 * Opens `file` and checks that its scan and quantity columns are among the headers.
 * @throws FileError 400 for an unreadable file or UNKNOWN_COLUMN (the message lists the columns).
 */
export async function openScanTable(
  file: { path: string; fileName: string },
  columns: { scanColumn: string; quantityColumn: string | null; hasHeader?: 'auto' | 'yes' | 'no' },
): Promise<Table> {
  // The header choice: 'auto' decides from the data (DESIGN.md section 6); the user may flip it.
  const table = await openTable(file.path, file.fileName, { header: columns.hasHeader ?? 'auto' });
  for (const column of [columns.scanColumn, columns.quantityColumn]) {
    if (column !== null && !table.headers.includes(column)) {
      throw new FileError('UNKNOWN_COLUMN', file.fileName, `there is no column "${column}". Columns: ${table.headers.join(', ')}`);
    }
  }
  return table;
}
