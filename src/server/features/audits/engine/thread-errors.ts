/**
 * Errors across the processing threads (reconcile-in-worker.ts, prepared-scan-batches.ts): as they
 * are posted and revived, and the heap cap past which a thread stops with FILE_TOO_COMPLEX.
 */
import { AppError, FileError } from '../../../errors.js';

/** An error as it crosses the thread boundary. */
export interface SerialisedError {
  name: string;
  code?: string;
  message: string;
  status?: number;
  fileName?: string;
  line?: number;
}

/**
 * The worker's heap cap (docs/decisions/0051). A million distinct unknown codes use ~90 MB of it;
 * the cap keeps the server's peak within DESIGN.md section 7's 512 MB for any upload: past it the
 * worker stops alone (ERR_WORKER_OUT_OF_MEMORY) and the run fails with FILE_TOO_COMPLEX, while the
 * server goes on. Typed-array tables live outside this heap and grow with the same values.
 */
export const WORKER_OLD_GENERATION_MB = 192;

/** Whether a worker stopped at its heap cap. */
export function isOutOfMemory(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** 422 FILE_TOO_COMPLEX: bad input of a kind, so the audit goes back as it was with the reason. */
export function tooComplex(): AppError {
  return new AppError(
    'FILE_TOO_COMPLEX',
    'The scan files hold too many distinct values to process within the memory limit. Split them into smaller audits.',
    422,
  );
}

/** The error as thrown inside the worker, for the thread boundary. */
export function serialiseError(err: unknown): SerialisedError {
  if (err instanceof FileError) return { name: err.name, code: err.code, message: err.message, status: err.status, fileName: err.fileName, line: err.line };
  if (err instanceof AppError) return { name: err.name, code: err.code, message: err.message, status: err.status };
  return { name: 'Error', message: err instanceof Error ? err.message : String(err) };
}

/** An error from a worker thread (`serialiseError`), code, status and complete message kept. */
export function reviveError(e: SerialisedError): Error {
  if (e.name === 'FileError' || e.name === 'AppError') {
    // The message is already complete (file and line included); keep it as it was.
    const error = new AppError(e.code ?? 'PROCESSING_FAILED', e.message, e.status ?? 400);
    return error;
  }
  return new Error(e.message);
}
