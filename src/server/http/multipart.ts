/**
 * Receives a multipart request: files are streamed to a private temporary directory (never held
 * in memory), text fields are collected. The caller must `cleanup()` when done (try/finally).
 * The per-file size limit comes from @fastify/multipart's `limits.fileSize` (MAX_UPLOAD_MB);
 * a file over it answers 413 through the app's error handler.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

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
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-upload-'));
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const fileName = path.basename(part.filename || 'upload');
        const target = path.join(dir, `${files.length}-${fileName.replace(/[^\w.-]+/g, '_')}`);
        const out = createWriteStream(target);
        await pipeline(part.file, out);
        files.push({ field: part.fieldname, fileName, mimeType: part.mimetype, path: target, sizeBytes: out.bytesWritten });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { files, fields, cleanup };
}
