/**
 * Bulk writes through each database's fast path (docs/decisions/0055-results-stored-by-copy.md):
 * `COPY <table> (<columns>) FROM STDIN (FORMAT csv)` streamed by pg-copy-streams on the
 * PostgreSQL server, and the same statement reading `'/dev/blob'` with the CSV as a Blob on PGlite.
 * Both run inside the caller's Drizzle transaction, so a failure leaves nothing behind.
 *
 *   await copyRows(tx, 'audit_result_lines', ['audit_id', 'sku'], rows.map((r) => [r.auditId, r.sku]));
 */
import { createReadStream, openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { Db } from './client.js';
import type { GrowingFile } from './growing-file.js';
import { arrayLiteral } from '../features/products/pg-array.js';

/** A value of one CSV field: null is SQL NULL; arrays become text[] literals; objects JSON. */
export type CopyValue = string | number | boolean | null | readonly string[] | object;

/** Rows serialised per CSV chunk (one stream write on the server; ~1-4 MB of text). */
const CHUNK_ROWS = 5000;

/**
 * Writes `rows` (each in `columns` order) into `table` with COPY, inside the transaction `tx`
 * (a Drizzle transaction of either database). `table` and `columns` are identifiers of our own
 * schema, never user input.
 * @throws the database's error (bad value, constraint), after which the transaction is rolled back.
 */
export async function copyRows(tx: Db, table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<void> {
  await copyCsvText(tx, table, columns, csvChunks(rows));
}

/**
 * Like `copyRows`, for rows already written as COPY CSV text (`csvField`'s rules, one line per
 * row), in chunks pulled as the database takes them. Same transaction rule and errors.
 */
export async function copyCsvText(tx: Db, table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void> {
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`;
  const client = sessionClient(tx);
  if (isPoolClient(client)) {
    await pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
    return;
  }
  const blob = new Blob([...chunks], { type: 'text/csv' });
  await client.query(statement.replace('FROM STDIN', "FROM '/dev/blob'"), [], { blob });
}

/**
 * Writes rows already in COPY's text format (copy-text.ts, `CopyTextRows.bytes()`) into `table`,
 * inside the transaction `tx`; `bytes` may be reused once this resolves. Same transaction rule
 * and errors as `copyRows`.
 */
export async function copyTextRows(tx: Db, table: string, columns: readonly string[], bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
  const client = sessionClient(tx);
  if (isPoolClient(client)) {
    await pipeline(Readable.from([bytes]), client.query(copyFrom(statement)));
    return;
  }
  await client.query(statement.replace('FROM STDIN', "FROM '/dev/blob'"), [], { blob: new Blob([bytes]) });
}

/**
 * Like `copyRows`, for rows already written as COPY CSV (`csvChunks`) in the file at `path`: the
 * PostgreSQL server gets the file streamed, so memory holds a read buffer whatever its size;
 * PGlite reads it as a Blob. A `GrowingFile` (still being written by another thread) streams to
 * the PostgreSQL server as it grows, so COPY runs while the rows are made (docs/decisions/0076);
 * PGlite waits for it to be complete. Same transaction rule and errors as `copyRows`, and the
 * writer's error of a GrowingFile.
 */
export async function copyCsvFile(tx: Db, table: string, columns: readonly string[], path: string | GrowingFile): Promise<void> {
  const statement = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`;
  const client = sessionClient(tx);
  if (isPoolClient(client)) {
    const source = typeof path === 'string' ? createReadStream(path, { highWaterMark: 1024 * 1024 }) : path.stream();
    await pipeline(source, client.query(copyFrom(statement)));
    return;
  }
  if (typeof path !== 'string') await path.done;
  const file = typeof path === 'string' ? path : path.path;
  await client.query(statement.replace('FROM STDIN', "FROM '/dev/blob'"), [], { blob: await openAsBlob(file) });
}

/** The driver connection under a Drizzle transaction: a pg PoolClient or a PGlite transaction. */
function sessionClient(tx: Db): PoolClient | PgliteTransaction {
  const session = (tx as unknown as { session?: { client?: unknown } }).session;
  if (!session?.client) throw new Error('copyRows needs a Drizzle transaction (db.transaction(async (tx) => ...)).');
  return session.client as PoolClient | PgliteTransaction;
}

function isPoolClient(client: PoolClient | PgliteTransaction): client is PoolClient {
  return typeof (client as PoolClient).release === 'function';
}

/** CSV text of the rows, `CHUNK_ROWS` lines per string. */
export function* csvChunks(rows: Iterable<readonly CopyValue[]>): Generator<string> {
  let chunk = '';
  let n = 0;
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) {
      if (i > 0) line += ',';
      line += csvField(row[i]!);
    }
    chunk += line + '\n';
    if (++n === CHUNK_ROWS) {
      yield chunk;
      chunk = '';
      n = 0;
    }
  }
  if (chunk) yield chunk;
}

/** One CSV field as COPY (FORMAT csv) reads it: an unquoted empty field is NULL, '""' is ''. */
export function csvField(value: CopyValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return quote(arrayLiteral(value as readonly string[]));
  return quote(JSON.stringify(value));
}

function quote(text: string): string {
  // Most values hold no quote: the check costs less than a replace on every field.
  return text.indexOf('"') < 0 ? `"${text}"` : `"${text.replaceAll('"', '""')}"`;
}

/** Bytes of COPY CSV per short transaction of `copyCsvFileInSlices` (~50-100 ms of PGlite's time). */
export const SLICE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;
const QUOTE = 0x22;

/**
 * Like `copyCsvFile`, but in slices of about `sliceBytes` (whole rows; a quoted field may hold a
 * line break), each in a transaction of its own that first asks `mayContinue(tx)`: false stops
 * the copy (slices already written stay) and answers false. For the embedded database, whose one
 * connection a transaction holds: other requests run between the slices instead of waiting for
 * the whole file. A `GrowingFile` is read once complete.
 * @throws the database's error for a slice (that slice is rolled back, earlier ones stay).
 */
export async function copyCsvFileInSlices(
  db: Db,
  table: string,
  columns: readonly string[],
  path: string | GrowingFile,
  mayContinue: (tx: Db) => Promise<boolean>,
  sliceBytes: number = SLICE_BYTES,
): Promise<boolean> {
  if (typeof path !== 'string') await path.done;
  const file = typeof path === 'string' ? path : path.path;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let inQuotes = false;
  const write = async (parts: Buffer[]): Promise<boolean> =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (!(await mayContinue(tx))) return false;
      // Whole rows end to end: no character is cut between the parts once joined.
      await copyCsvText(tx, table, columns, [Buffer.concat(parts).toString('utf8')]);
      return true;
    });
  for await (const chunk of createReadStream(file, { highWaterMark: Math.min(256 * 1024, sliceBytes) }) as AsyncIterable<Buffer>) {
    // The end of the last whole row in this chunk (a line break outside quotes), if any.
    let cut = -1;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === NEWLINE && !inQuotes) cut = i;
    }
    if (cut >= 0 && pendingBytes + cut + 1 >= sliceBytes) {
      if (!(await write([...pending, chunk.subarray(0, cut + 1)]))) return false;
      pending = [chunk.subarray(cut + 1)];
      pendingBytes = chunk.length - cut - 1;
    } else {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  }
  if (pendingBytes > 0 && !(await write(pending))) return false;
  return true;
}
