/**
 * Upload tokens (docs/decisions/0047): the scan-file preview keeps the uploaded file in the
 * database (stored-files.ts, where every app server reads it) and answers a token; the upload
 * calls (`/api/audits/{id}/upload`, `/upload-multiple`) and the preview itself take the token in
 * place of the file, so a 50 MB file crosses the network once.
 *
 * A token belongs to the organisation that uploaded the file (another organisation's token
 * answers 404 like an unknown one) and lasts UPLOAD_TOKEN_LIFETIME_MS (1 hour) from the preview.
 * Lapsed tokens and their files are deleted whenever a new token is made (and an organisation
 * keeps at most MAX_LIVE_UPLOAD_TOKENS, the oldest going first); one still in the
 * table past its time answers 400 UPLOAD_TOKEN_EXPIRED. The processing worker also sweeps them
 * every 10 minutes (processing-worker.ts).
 *
 * The catalogue import and the quantity upload keep their files the same way (docs/decisions/0161),
 * under a token that is also the user's: a token made with a `userId` is found only for that user
 * (another user's answers 404 as an unknown one), and one made without is found only when no user
 * is asked for, so a catalogue file's token is no scan file's.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { ReceivedForm } from '../../http/multipart.js';
import { uploadTokens } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ScanFileSource } from './process-audit.js';
import { forgetLocalCopy, keepLocalCopy, linkLocalCopy } from './local-copies.js';
import { readStoredFile, storeUploadedFile } from './stored-files.js';

/** How long a token (and the file it keeps) lasts after the preview: 1 hour. */
export const UPLOAD_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Most live tokens an organisation keeps: a new one deletes the oldest beyond it, so previews
 * cannot fill the database (the wizards send the file itself for a token that is gone).
 */
export const MAX_LIVE_UPLOAD_TOKENS = 50;

/** A scan file previewed earlier: what the upload calls need, and where it is stored. */
export interface TokenFile extends ScanFileSource {
  /** The stored file (stored_file_chunks.file_id) the token keeps. */
  storedFileId: string;
  uploadToken: string;
  expiresAt: Date;
}

/** Token files written to a temporary folder for the readers; `cleanup()` removes the folder. */
export interface OpenedTokenFiles {
  files: TokenFile[];
  cleanup(): Promise<void>;
}

const tokenSchema = z.uuid();

/** A file just received that a token is to keep. */
type KeptUpload = Pick<ScanFileSource, 'path' | 'fileName' | 'sizeBytes'>;

/**
 * Keeps the file at `file.path` for the organisation and answers its token and expiry. Then
 * deletes lapsed tokens (and their files), and the organisation's oldest ones beyond `maxLive`
 * with the new one (`keepUploadAlongside`).
 * @param userId the user the token is kept for (catalogue and quantity files): only that user finds it.
 */
export async function createUploadToken(
  db: Db,
  organizationId: string,
  file: KeptUpload,
  maxLive = MAX_LIVE_UPLOAD_TOKENS,
  userId?: string,
): Promise<{ uploadToken: string; expiresAt: Date }> {
  const { kept } = await keepUploadAlongside(db, organizationId, file, async () => undefined, { maxLive, userId });
  return kept;
}

/**
 * `createUploadToken` while `work` (the preview of the same file) runs: the file is written to
 * the database as the preview reads it from disk, instead of after it (the two overlap: a
 * 12 MB catalogue's preview took ~100 ms and storing it ~100 ms more). The token is kept only
 * when both succeed; when `work` throws, the storing stops, the token and what was stored are
 * removed and its error is thrown, no other token having been touched (older tokens are deleted
 * only after success).
 * Answers `work`'s value and the token.
 */
export async function keepUploadAlongside<T>(
  db: Db,
  organizationId: string,
  file: KeptUpload,
  work: () => Promise<T>,
  opts: { maxLive?: number; userId?: string | undefined } = {},
): Promise<{ value: T; kept: { uploadToken: string; expiresAt: Date } }> {
  const fileId = randomUUID();
  // A preview that fails stops the storing too (a hostile file's bytes are not written on).
  const failed = new AbortController();
  const working = work().catch((err: unknown) => {
    failed.abort(err);
    throw err;
  });
  const [stored, worked] = await Promise.allSettled([storeUnderNewToken(db, organizationId, file, fileId, opts.userId, failed.signal), working]);
  if (worked.status === 'rejected') {
    if (stored.status === 'fulfilled') await removeUploadToken(db, organizationId, stored.value.uploadToken);
    throw worked.reason;
  }
  if (stored.status === 'rejected') throw stored.reason;
  const kept = stored.value;
  await removeExpiredUploadTokens(db);
  const maxLive = opts.maxLive ?? MAX_LIVE_UPLOAD_TOKENS;
  await db.execute(sql`
    delete from upload_tokens where token in (
      select token from upload_tokens where organization_id = ${organizationId} and not staging and token <> ${kept.uploadToken}
      order by created_at desc, token offset ${Math.max(0, maxLive - 1)})`);
  // The next calls on this process read the file from its disk (local-copies.ts, decision 0166).
  await keepLocalCopy(fileId, file.path);
  return { value: worked.value, kept };
}

/** A new token row of the organisation (and user) and the file stored under it; on failure (or `signal` aborted) neither stays. */
async function storeUnderNewToken(
  db: Db,
  organizationId: string,
  file: KeptUpload,
  fileId: string,
  userId: string | undefined,
  signal: AbortSignal,
): Promise<{ uploadToken: string; expiresAt: Date }> {
  const token = randomUUID();
  // The database's clock, as the expiry checks read it (app servers' clocks may differ).
  const lifetime = sql`now() + ${UPLOAD_TOKEN_LIFETIME_MS} * interval '1 millisecond'` as unknown as Date;
  const [{ expiresAt }] = await db
    .insert(uploadTokens)
    .values({ token, organizationId, userId: userId ?? null, fileId, fileName: file.fileName, sizeBytes: file.sizeBytes, expiresAt: lifetime })
    .returning({ expiresAt: uploadTokens.expiresAt });
  try {
    await storeUploadedFile(db, { organizationId, uploadToken: token }, file.path, fileId, signal);
  } catch (err) {
    await db.delete(uploadTokens).where(eq(uploadTokens.token, token));
    throw err;
  }
  return { uploadToken: token, expiresAt };
}

/**
 * Looks the tokens up for the organisation and writes their files to a temporary folder, in the
 * order given: linked from this process's local copy when it keeps one (the process that made the
 * token, within LOCAL_COPY_TTL_MS; local-copies.ts), else read from the database. `field` names the form field in messages (`uploadToken_1`). With `userId`, the
 * tokens kept for that user (and those kept for no user) are found; without, only the latter.
 * @throws AppError 400 INVALID_UPLOAD_TOKEN (not a token at all), 404 UPLOAD_TOKEN_NOT_FOUND
 *   (unknown, deleted after it lapsed, another organisation's or another user's), 400
 *   UPLOAD_TOKEN_EXPIRED.
 */
export async function openUploadTokens(
  db: Db,
  organizationId: string,
  tokens: readonly { field: string; token: string }[],
  userId?: string,
): Promise<OpenedTokenFiles> {
  const rows = [];
  for (const { field, token } of tokens) rows.push({ token, ...(await findUploadToken(db, organizationId, field, token, userId)) });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-token-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const files: TokenFile[] = [];
    for (const [i, row] of rows.entries()) {
      const target = path.join(dir, `${i}-${row.fileName.replace(/[^\w.-]+/g, '_')}`);
      // The file as this process received it, when it still keeps it; else the stored one.
      if (!(await linkLocalCopy(row.fileId, target))) await readStoredFile(db, row.fileId, target);
      files.push({
        fileName: row.fileName,
        path: target,
        sizeBytes: row.sizeBytes,
        storedFileId: row.fileId,
        uploadToken: row.token,
        expiresAt: row.expiresAt,
      });
    }
    return { files, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function findUploadToken(db: Db, organizationId: string, field: string, token: string, userId: string | undefined) {
  if (!tokenSchema.safeParse(token).success) {
    throw new AppError('INVALID_UPLOAD_TOKEN', `${field}: "${token.slice(0, 60)}" is not an upload token; send the token the preview answered, or the file.`);
  }
  const [row] = await db
    .select({
      fileId: uploadTokens.fileId,
      fileName: uploadTokens.fileName,
      sizeBytes: uploadTokens.sizeBytes,
      expiresAt: uploadTokens.expiresAt,
      expired: sql<boolean>`${uploadTokens.expiresAt} <= now()`,
    })
    .from(uploadTokens)
    .where(
      and(
        eq(uploadTokens.token, token),
        eq(uploadTokens.organizationId, organizationId),
        eq(uploadTokens.staging, false),
        userId === undefined ? isNull(uploadTokens.userId) : sql`(${uploadTokens.userId} is null or ${uploadTokens.userId} = ${userId})`,
      ),
    );
  if (!row) {
    throw new AppError(
      'UPLOAD_TOKEN_NOT_FOUND',
      `${field}: upload token ${token} was not found (tokens last 1 hour after the preview); upload the file again.`,
      404,
    );
  }
  if (row.expired) {
    throw new AppError('UPLOAD_TOKEN_EXPIRED', `${field}: upload token ${token} for ${row.fileName} has expired (tokens last 1 hour after the preview); upload the file again.`);
  }
  return row;
}

/** Form fields `uploadToken` (entry 0) and `uploadToken_i` (entry i), trimmed, blank ones left out. */
export function uploadTokenFields(fields: Record<string, string>): { field: string; position: number; token: string }[] {
  const found = [];
  for (const [field, raw] of Object.entries(fields)) {
    const m = /^uploadToken(?:_(\d{1,4}))?$/.exec(field);
    const token = raw.trim();
    if (m && token !== '') found.push({ field, position: m[1] === undefined ? 0 : Number(m[1]), token });
  }
  return found;
}

/**
 * The files of a received form's upload-token fields, by entry position (see
 * `uploadTokenFields`). `cleanup()` removes the form's files and the token files alike; on a
 * failure here the form's files are removed before the error is thrown. `userId` as for
 * openUploadTokens.
 * @throws AppError as openUploadTokens, and 400 INVALID_FIELD when two fields name one entry.
 */
export async function openFormUploadTokens(
  db: Db,
  organizationId: string,
  form: ReceivedForm,
  userId?: string,
): Promise<{ byPosition: Map<number, TokenFile>; cleanup(): Promise<void> }> {
  try {
    const tokens = uploadTokenFields(form.fields);
    if (new Set(tokens.map((t) => t.position)).size !== tokens.length) {
      throw new AppError('INVALID_FIELD', 'uploadToken and uploadToken_0 both name the first scan file: send one of them.');
    }
    if (tokens.length === 0) return { byPosition: new Map(), cleanup: () => form.cleanup() };
    const opened = await openUploadTokens(db, organizationId, tokens, userId);
    return {
      byPosition: new Map(tokens.map((t, i) => [t.position, opened.files[i]!])),
      cleanup: async () => {
        await Promise.all([form.cleanup(), opened.cleanup()]);
      },
    };
  } catch (err) {
    await form.cleanup();
    throw err;
  }
}

/**
 * Deletes one token of the organisation and its file (a catalogue file once it is imported: the
 * dialog starts again from a new file). Unknown tokens are ignored.
 */
export async function removeUploadToken(db: Db, organizationId: string, token: string): Promise<void> {
  const gone = await db
    .delete(uploadTokens)
    .where(and(eq(uploadTokens.token, token), eq(uploadTokens.organizationId, organizationId)))
    .returning({ fileId: uploadTokens.fileId });
  for (const { fileId } of gone) await forgetLocalCopy(fileId);
}

/** Deletes the tokens (and files) that lapsed; answers how many. For clean-up runs and tests. */
export async function removeExpiredUploadTokens(db: Db): Promise<number> {
  const gone = await db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, sql`now()`)).returning({ token: uploadTokens.token });
  return gone.length;
}
