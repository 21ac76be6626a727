/**
 * Uploaded scan files kept in the database until processing reads them (DESIGN.md section 12,
 * docs/decisions/0056): any app server that takes up the job reads them, and a server that dies
 * leaves them for the next. A file is `stored_file_chunks` rows of at most `CHUNK_BYTES` each,
 * keyed by a file id of its own; deleting the audit deletes them (foreign key cascade).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFileChunks } from '../../db/schema.js';

/** Bytes per stored chunk (1 MiB): a 100 MB file is 100 rows, each read and written whole. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Copies the file at `path` into the database for the audit; answers its stored file id.
 * Not in a transaction of its own: a caller that fails afterwards removes it (`removeStoredFiles`).
 */
export async function storeUploadedFile(db: Db, owner: { organizationId: string; auditId: string }, path: string): Promise<string> {
  const fileId = randomUUID();
  let seq = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    await db.insert(storedFileChunks).values({ fileId, seq: seq++, organizationId: owner.organizationId, auditId: owner.auditId, data: chunk as Buffer });
  }
  return fileId;
}

/**
 * Bytes read per query. A quarter chunk: on PGlite every query runs on the event loop, and a
 * whole 1 MiB chunk per query held other organisations' requests for 100-200 ms on a busy
 * machine (docs/decisions/0053).
 */
export const READ_SLICE_BYTES = 256 * 1024;

/** Writes stored file `fileId` to `path` (a temporary file the readers open), slice by slice. */
export async function readStoredFile(db: Db, fileId: string, path: string): Promise<void> {
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
        const [slice] = await db
          .select({ data: sql<Buffer>`substring(${storedFileChunks.data} from ${from + 1} for ${READ_SLICE_BYTES})`.mapWith(storedFileChunks.data) })
          .from(storedFileChunks)
          .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
        if (!out.write(slice!.data)) await once(out, 'drain');
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
