/**
 * Receives a multipart request: files are streamed to a private temporary directory (never held
 * in memory), text fields are collected. The caller must `cleanup()` when done (try/finally).
 * The per-file size limit comes from @fastify/multipart's `limits.fileSize` (MAX_UPLOAD_MB);
 * a file over it answers 413 through the app's error handler.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { controlCharacterField, controlCharacterMessage } from './request-guards.js';

/** Longest file name accepted (most file systems stop at 255 bytes). */
export const MAX_FILE_NAME_LENGTH = 255;
const UPLOAD_DIR_PREFIX = 'stocktally-upload-';

export interface ReceivedFile {
  /** Form field name, e.g. `file` or `scanFiles`. */
  field: string;
  /** The name the user's file had (base name only). */
  fileName: string;
  mimeType: string;
  /** Where the bytes are on disk now. */
  path: string;
  sizeBytes: number;
}

export interface ReceivedForm {
  files: ReceivedFile[];
  fields: Record<string, string>;
  cleanup(): Promise<void>;
}

/** @throws AppError 400 NOT_MULTIPART when the request is not multipart/form-data. */
export async function receiveMultipart(req: FastifyRequest): Promise<ReceivedForm> {
  if (!req.isMultipart()) throw new AppError('NOT_MULTIPART', 'Send the file as multipart/form-data.', 400);
  // The pid in the name lets a later start tell a crashed server's folders from a live one's.
  const dir = await mkdtemp(path.join(os.tmpdir(), `${UPLOAD_DIR_PREFIX}${process.pid}-`));
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const fileName = path.basename(part.filename || 'upload');
        if (fileName.length > MAX_FILE_NAME_LENGTH) {
          throw new AppError('FILE_NAME_TOO_LONG', `${part.fieldname}: the file name is longer than ${MAX_FILE_NAME_LENGTH} characters; rename the file and try again.`, 400);
        }
        if (controlCharacterField(fileName, part.fieldname)) {
          throw new AppError('INVALID_CHARACTERS', `${part.fieldname}: the file name contains a control character; rename the file and try again.`, 400);
        }
        const target = path.join(dir, `${files.length}-${fileName.replace(/[^\w.-]+/g, '_')}`);
        const out = createWriteStream(target);
        await pipeline(part.file, out);
        files.push({ field: part.fieldname, fileName, mimeType: part.mimetype, path: target, sizeBytes: out.bytesWritten });
      } else {
        const value = String(part.value ?? '');
        const field = controlCharacterField(value, part.fieldname);
        if (field) throw new AppError('INVALID_CHARACTERS', controlCharacterMessage(field), 400);
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    await cleanup();
    throw malformedUpload(err);
  }
  return { files, fields, cleanup };
}

/**
 * A parse failure of the multipart body (no boundary, truncated, a bad header) is the client's:
 * 400 MALFORMED_UPLOAD. Our own errors and the size limit's 413 pass through unchanged.
 */
function malformedUpload(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return err;
  if (e.statusCode !== undefined && e.statusCode >= 500) return err;
  return new AppError('MALFORMED_UPLOAD', `The upload could not be read (${e.message ?? 'malformed multipart/form-data'}). Send the file again.`, 400);
}

/**
 * Removes the upload folders that crashed servers left in the system's temporary directory:
 * `stocktally-upload-{pid}-*` whose process is gone. Called once at start (main.ts).
 * @returns the number of folders removed.
 */
export async function removeStaleUploadDirs(tmpDir = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpDir)) {
    const match = new RegExp(`^${UPLOAD_DIR_PREFIX}(\\d+)-`).exec(name);
    if (!match || isRunning(Number(match[1]))) continue;
    await rm(path.join(tmpDir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
