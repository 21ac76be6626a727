/**
 * Configuration from the environment, parsed once by zod (DESIGN.md section 1b).
 * A bad value stops the start with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
  APP_ACCESS_PASSWORD: optionalText,
  OIDC_ISSUER_URL: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  NEW_ORGANIZATION_TIER: optionalText.pipe(z.enum(['free', 'starter', 'pro']).optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Secret for signed cookies (CSRF secret cookie). */
  sessionSecret: string;
  publicUrl: string | undefined;
  /** Upload size limit per file, in bytes. */
  maxUploadBytes: number;
  appAccessPassword: string | undefined;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  /** Secure cookies (behind HTTPS). */
  secureCookies: boolean;
  logLevel: string;
  /** Tier of organisations created by sign-up (operators of a private install may start them higher). */
  newOrganizationTier: 'free' | 'starter' | 'pro';
}

/** Thrown for a bad environment value; the message names the variable. */
export class ConfigError extends Error {}

/**
 * Parses `env` into a Config. SESSION_SECRET, when unset, is generated once and kept in
 * `DATA_DIR/session-secret` so that a fresh machine needs no configuration.
 * @throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError('Invalid environment variable OIDC_ISSUER_URL: OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    appAccessPassword: e.APP_ACCESS_PASSWORD,
    oidc: e.OIDC_ISSUER_URL ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! } : undefined,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    logLevel: e.LOG_LEVEL,
    newOrganizationTier: e.NEW_ORGANIZATION_TIER ?? 'free',
  };
}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
