/**
 * Reads the first worksheet of a legacy .xls (BIFF) workbook through xls-worker.mjs.
 * DESIGN.md section 1a: xlsx@0.18.5 has known CVEs on crafted files, so it runs in a worker
 * thread with a time limit, a heap limit and no environment; and since it reads the whole file
 * at once (no streaming), the file size is capped first. An .xls sheet holds at most 65,536
 * rows, so the rows it answers are kept in memory.
 */
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { FileError } from '../errors.js';
import { excelCellText } from './excel-cell-text.js';
import { FILE_ERROR } from './file-error-codes.js';
import { isBlankRow, type TableRow } from './table.js';

/** Largest .xls accepted when the caller sets no `maxBytes`: 32 MiB (BIFF8 sheets stop at 65,536 rows). */
export const DEFAULT_XLS_MAX_BYTES = 32 * 1024 * 1024;

export interface XlsLimits {
  /** Refuse larger files (FILE_TOO_LARGE). Default DEFAULT_XLS_MAX_BYTES. */
  maxBytes?: number;
  /** Stop the worker after this many milliseconds (FILE_TOO_COMPLEX). Default 20 s. */
  timeoutMs?: number;
  /** Old-generation heap of the worker, in MB (FILE_TOO_COMPLEX when exceeded). Default 256, so that the server with a worker stays within its 512 MB budget (docs/decisions/0050). */
  maxHeapMb?: number;
}

export interface XlsSheet {
  sheetName?: string;
  /** Non-blank rows, header row included, in sheet order. */
  rows: TableRow[];
}

interface WorkerRow {
  line: number;
  values: unknown[];
  numFmts: (string | null)[];
}
type WorkerAnswer =
  | { ok: true; sheetName?: string; rows: WorkerRow[] }
  | { ok: false; kind: 'password' | 'invalid'; message: string };

/**
 * @throws FileError FILE_TOO_LARGE (413), FILE_PASSWORD_PROTECTED, FILE_INVALID_EXCEL,
 *   FILE_TOO_COMPLEX (time or memory limit reached).
 */
export async function readXlsSheet(filePath: string, fileName: string, limits: XlsLimits = {}): Promise<XlsSheet> {
  const maxBytes = limits.maxBytes ?? DEFAULT_XLS_MAX_BYTES;
  const { size } = await stat(filePath);
  if (size > maxBytes) {
    throw new FileError(
      FILE_ERROR.TOO_LARGE,
      fileName,
      `is too large for an .xls file (${megabytes(size)} MB; the limit is ${megabytes(maxBytes)} MB). Save it as .xlsx or CSV`,
      undefined,
      413,
    );
  }
  const answer = await runWorker(filePath, fileName, limits);
  if (!answer.ok) {
    if (answer.kind === 'password') throw new FileError(FILE_ERROR.PASSWORD_PROTECTED, fileName, 'is password-protected: remove the password and upload it again');
    throw Object.assign(new FileError(FILE_ERROR.INVALID_EXCEL, fileName, 'is not a valid Excel file (it could not be read)'), {
      cause: new Error(answer.message),
    });
  }
  const rows: TableRow[] = [];
  for (const row of answer.rows) {
    const cells = row.values.map((value, i) => excelCellText(value, row.numFmts[i]));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (!isBlankRow(cells)) rows.push({ line: row.line, cells });
  }
  return { sheetName: answer.sheetName, rows };
}

function runWorker(filePath: string, fileName: string, limits: XlsLimits): Promise<WorkerAnswer> {
  const timeoutMs = limits.timeoutMs ?? 20_000;
  const tooComplex = () => new FileError(FILE_ERROR.TOO_COMPLEX, fileName, 'could not be read in time or memory: save it as .xlsx or CSV and try again', undefined, 422);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xls-worker.mjs', import.meta.url), {
      workerData: { filePath },
      env: {},
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb ?? 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // SheetJS may print warnings on odd files: drain them, they are not ours to show.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(tooComplex())), timeoutMs);
    worker.once('message', (answer: WorkerAnswer) => finish(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? Object.assign(tooComplex(), { cause: error }) : error)),
    );
    worker.once('exit', (code) =>
      finish(() => reject(Object.assign(tooComplex(), { cause: new Error(`xls worker exited with code ${code}`) }))),
    );
  });
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '');
}
