// @ts-check
/**
 * Worker thread that reads a legacy .xls workbook with SheetJS (xlsx@0.18.5) and posts the
 * values of its first worksheet back. Started only by xls-source.ts, with a time limit and
 * resourceLimits: xlsx@0.18.5 (the last version on npm) has known CVEs on crafted files
 * (prototype pollution, ReDoS), so it never runs on the main thread (DESIGN.md section 1a).
 *
 * Plain JavaScript on purpose: a worker is started by Node itself, outside the TypeScript
 * loader. It only extracts raw values; turning them into text is excel-cell-text.ts's job.
 *
 * workerData: { filePath: string }
 * posts: { ok: true, sheetName, rows: Array<{ line, values: unknown[], numFmts: (string|null)[] }> }
 *     or { ok: false, kind: 'password' | 'invalid', message }
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import XLSX from 'xlsx'; // CommonJS: its named exports are not all visible to ESM (SSF is not)

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30 in the 1900 system) to 1970-01-01. */
const EPOCH_1900 = 25_569;
/** The 1904 system (old Mac workbooks) counts from 1904-01-01. */
const EPOCH_1904 = 24_107;

function run() {
  const { filePath } = /** @type {{ filePath: string }} */ (workerData);
  const workbook = XLSX.read(readFileSync(filePath), {
    type: 'buffer',
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellNF: true, // keep number formats: they tell dates and zero-padded codes apart
    cellStyles: false,
    cellDates: false, // dates are built below in UTC; SheetJS would use the local time zone
    bookVBA: false,
  });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  /** @type {Array<{ line: number, values: unknown[], numFmts: (string|null)[] }>} */
  const rows = [];
  if (sheet && sheet['!ref']) {
    const range = XLSX.utils.decode_range(sheet['!ref']);
    for (let r = range.s.r; r <= range.e.r; r++) {
      /** @type {unknown[]} */
      const values = [];
      /** @type {(string|null)[]} */
      const numFmts = [];
      for (let c = 0; c <= range.e.c; c++) {
        const cell = sheet[XLSX.utils.encode_cell({ r, c })];
        values.push(cellValue(cell, date1904));
        numFmts.push(cell && cell.t === 'n' && typeof cell.z === 'string' ? cell.z : null);
      }
      rows.push({ line: r + 1, values, numFmts });
    }
  }
  return { ok: true, sheetName, rows };
}

/** A structured-clone-safe value: string, number, boolean, Date, { error } or null. */
function cellValue(/** @type {any} */ cell, /** @type {boolean} */ date1904) {
  if (!cell) return null;
  switch (cell.t) {
    case 's':
    case 'str':
      return String(cell.v ?? '');
    case 'b':
      return Boolean(cell.v);
    case 'e':
      return { error: typeof cell.w === 'string' ? cell.w : '#ERROR' };
    case 'n':
      if (typeof cell.v !== 'number') return null;
      if (typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) {
        return new Date(Math.round((cell.v - (date1904 ? EPOCH_1904 : EPOCH_1900)) * MS_PER_DAY));
      }
      return cell.v;
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    default:
      return null;
  }
}

try {
  parentPort?.postMessage(run());
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  parentPort?.postMessage({ ok: false, kind: /password|encrypt/i.test(message) ? 'password' : 'invalid', message });
}
