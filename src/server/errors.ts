/**
 * Application errors: a stable code, an HTTP status and a message meant for the user.
 * The one error handler in app.ts turns them into `{ error: code, message }` answers; anything
 * else becomes a 500 whose body never carries internals (STYLE.md rule 4).
 */
export class AppError extends Error {
  constructor(
    /** Stable machine code, e.g. `AUDIT_LIMIT_REACHED`, `MISSING_SCAN_COLUMN`. */
    readonly code: string,
    /** User-facing message; names the file, line and field where there is one. */
    message: string,
    /** HTTP status for the answer (4xx for the user's mistakes). */
    readonly status = 400,
    /** Optional structured details (e.g. every bad row of an import). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 for a missing row and for another organisation's row alike (DESIGN.md section 2). */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`, 404);
}

/**
 * A problem with an uploaded file: which file, which line (1-based, as an editor shows it), what.
 * Message format: `team2.csv line 14: quantity "abc" is not a number`.
 */
export class FileError extends AppError {
  constructor(
    code: string,
    readonly fileName: string,
    detail: string,
    readonly line?: number,
    status = 400,
  ) {
    super(code, line === undefined ? `${fileName}: ${detail}` : `${fileName} line ${line}: ${detail}`, status);
    this.name = 'FileError';
  }
}
