/**
 * Runs an operator command's `main` with the process's arguments and exits with its status: 0 or
 * what it answers, 1 with the message alone for a known error (AppError, ConfigError), else the
 * error as thrown.
 */
import { ConfigError } from '../server/config.js';
import { AppError } from '../server/errors.js';

export function runCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof AppError || err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
