/**
 * Uploaded scan files kept in the database until processing reads them (DESIGN.md section 12,
 * docs/decisions/0056): any app server that takes up the job reads them, and a server that dies
 * leaves them for the next. A file is `stored_file_chunks` rows of at most `CHUNK_BYTES` each,
 * keyed by a file id of its own; deleting the audit deletes them (foreign key cascade). A file
 * kept by a scan-file preview belongs to its upload token instead (upload-tokens.ts) and goes
 * when the token lapses.
 *
 * On PGlite the bytes cross the driver as base64 text that the database encodes and decodes:
 * PGlite turns a bytea parameter or column into hex digits one byte at a time in JavaScript
 * (about half a second a megabyte, most of a 1M-row upload on the embedded database), while
 * base64 is native code on both sides. node-postgres sends a Buffer as a binary parameter, which
 * is cheaper still, so the PostgreSQL server gets the bytes as they are.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { runsOnPglite, type Db } from '../../db/client.js';
import { storedFileChunks } from '../../db/schema.js';

/** Bytes per stored chunk (1 MiB): a 100 MB file is 100 rows, each read and written whole. */
export const CHUNK_BYTES = 1024 * 1024;

/** Who a stored file belongs to: an audit, or an upload token (exactly one of them). */
export type StoredFileOwner = { organizationId: string } & ({ auditId: string; uploadToken?: undefined } | { uploadToken: string; auditId?: undefined });

/**
 * Copies the file at `path` into the database for its owner; answers its stored file id
 * (`fileId` when given, else a new one). `signal`, once aborted, stops it before the next chunk
 * (it then rejects with the signal's reason, the chunks written so far left to the caller).
 * Not in a transaction of its own: a caller that fails afterwards removes it (`removeStoredFiles`).
 */
export async function storeUploadedFile(db: Db, owner: StoredFileOwner, path: string, fileId: string = randomUUID(), signal?: AbortSignal): Promise<string> {
  const pglite = runsOnPglite(db);
  let seq = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    signal?.throwIfAborted();
    await db.insert(storedFileChunks).values({
      fileId,
      seq: seq++,
      organizationId: owner.organizationId,
      auditId: owner.auditId ?? null,
      uploadToken: owner.uploadToken ?? null,
      data: pglite ? sql`decode(${(chunk as Buffer).toString('base64')}, 'base64')` : (chunk as Buffer),
    });
  }
  return fileId;
}

/**
 * Copies stored file `fileId` (an upload token's) to a new stored file of `owner`, inside the
 * database (no bytes pass through the app server); answers the new file id (`copyId` when given).
 */
export async function copyStoredFile(db: Db, fileId: string, owner: StoredFileOwner, copyId: string = randomUUID()): Promise<string> {
  await db.execute(sql`
    insert into stored_file_chunks (file_id, seq, organization_id, audit_id, upload_token, data)
    select ${copyId}, seq, organization_id, ${owner.auditId ?? null}, ${owner.uploadToken ?? null}, data from stored_file_chunks
    where file_id = ${fileId} and organization_id = ${owner.organizationId}`);
  return copyId;
}

/**
 * Bytes read per query. A quarter chunk: on PGlite every query runs on the event loop, and a
 * whole 1 MiB chunk per query held other organisations' requests for 100-200 ms on a busy
 * machine (docs/decisions/0053).
 */
export const READ_SLICE_BYTES = 256 * 1024;

/** Writes stored file `fileId` to `path` (a temporary file the readers open), slice by slice. */
export async function readStoredFile(db: Db, fileId: string, path: string): Promise<void> {
  const pglite = runsOnPglite(db);
  const out = createWriteStream(path);
  try {
    let seq = -1;
    for (;;) {
      const [chunk] = await db
        .select({ seq: storedFileChunks.seq, length: sql<number>`octet_length(${storedFileChunks.data})`.mapWith(Number) })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, fileId), gt(storedFileChunks.seq, seq)))
        .orderBy(asc(storedFileChunks.seq))
        .limit(1);
      if (!chunk) break;
      seq = chunk.seq;
      for (let from = 0; from < chunk.length; from += READ_SLICE_BYTES) {
        const bytes = sql`substring(${storedFileChunks.data} from ${from + 1} for ${READ_SLICE_BYTES})`;
        const [slice] = await db
          .select({ data: pglite ? sql<string>`encode(${bytes}, 'base64')` : sql<Buffer>`${bytes}`.mapWith(storedFileChunks.data) })
          .from(storedFileChunks)
          .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
        const data = slice!.data;
        if (!out.write(typeof data === 'string' ? Buffer.from(data, 'base64') : data)) await once(out, 'drain');
      }
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}

/** Whether stored file `fileId` is there (at least its first chunk). */
export async function storedFileExists(db: Db, fileId: string): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from stored_file_chunks where file_id = ${fileId} and seq = 0`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Deletes stored files (missing ones are fine). */
export async function removeStoredFiles(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length) await db.delete(storedFileChunks).where(inArray(storedFileChunks.fileId, [...fileIds]));
}

/** Ids of the files stored for an audit (tests and clean-up). */
export async function storedFileIds(db: Db, auditId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ fileId: storedFileChunks.fileId })
    .from(storedFileChunks)
    .where(eq(storedFileChunks.auditId, auditId));
  return rows.map((r) => r.fileId);
}
