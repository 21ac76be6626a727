/**
 * Configuration from the environment, parsed once by zod (DESIGN.md section 1b).
 * A bad value stops the start with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { subscriptionTierSchema, type SubscriptionTier } from '../contracts/auth.js';

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
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  JOB_LEASE_SECONDS: z.coerce.number().min(2).max(3600).default(30),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
  APP_ACCESS_PASSWORD: optionalText,
  OIDC_ISSUER_URL: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** Name on the 'Continue with …' button; the spec's 'Replit' when unset. */
  OIDC_PROVIDER_NAME: optionalText,
  /** SMTP server for invitations and task e-mails, e.g. smtp://user:pass@host:587 (nodemailer URL). */
  SMTP_URL: optionalText.pipe(z.url().optional()),
  /** Sender address of the e-mails. */
  SMTP_FROM: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_STARTER: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  /** Set: /subscribe shows the in-page payment form instead of redirecting to hosted checkout. */
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** The provider's API base URL (tests point the SDK at a local stand-in). */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  /** Proxies whose X-Forwarded-For is believed: unset/'false' = none, else a comma-separated list of addresses or CIDRs. */
  TRUST_PROXY: optionalText,
  NEW_ORGANIZATION_TIER: optionalText.pipe(subscriptionTierSchema.optional()),
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
  /** Audits one app server processes at once (JOB_CONCURRENCY, default 1). */
  jobConcurrency: number;
  /** A processing job whose heartbeat is older than this is taken up again (JOB_LEASE_SECONDS, default 30). */
  jobLeaseMs: number;
  /** Sign-ups, team logins and gate passwords one address may try per minute (SIGN_IN_ATTEMPTS_PER_MINUTE, default 10). */
  signInAttemptsPerMinute: number;
  appAccessPassword: string | undefined;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; providerName: string } | undefined;
  /** nodemailer transport URL; absent = invitation links are shown to the inviter and logged. */
  smtpUrl: string | undefined;
  /** From address of outgoing e-mail. */
  smtpFrom: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    prices: { starter: string | undefined; pro: string | undefined };
    publishableKey: string | undefined;
    /** Base URL of the provider's API; undefined = the SDK's default. */
    apiBase: string | undefined;
  };
  /** Addresses/CIDRs of trusted reverse proxies; empty = X-Forwarded-For is ignored. */
  trustProxy: string[];
  /** Secure cookies (behind HTTPS). */
  secureCookies: boolean;
  logLevel: string;
  /** Tier of organisations created by sign-up (operators of a private install may start them higher). */
  newOrganizationTier: SubscriptionTier;
}

/** Thrown for a bad environment value; the message names the variable. */
export class ConfigError extends Error {}

/**
 * Parses `env` into a Config. SESSION_SECRET, when unset, is generated once and kept in
 * `DATA_DIR/session-secret` so that a fresh machine needs no configuration.
 * @throws ConfigError naming the first bad variable (PUBLIC_URL when SMTP_URL is set without it).
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
  // E-mailed links (invitations, tasks) take their address from PUBLIC_URL, never from a request's
  // Host header, which the sender controls (decision 0103).
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid environment variable PUBLIC_URL: must be set when SMTP_URL is set (the links in e-mails start with it), e.g. PUBLIC_URL=https://stock.example.com');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    jobConcurrency: e.JOB_CONCURRENCY,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    appAccessPassword: e.APP_ACCESS_PASSWORD,
    oidc: e.OIDC_ISSUER_URL
      ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET!, providerName: e.OIDC_PROVIDER_NAME ?? 'Replit' }
      : undefined,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'StockTally <no-reply@stocktally.local>',
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: { starter: e.STRIPE_PRICE_STARTER, pro: e.STRIPE_PRICE_PRO },
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      apiBase: e.STRIPE_API_BASE,
    },
    trustProxy: !e.TRUST_PROXY || e.TRUST_PROXY === 'false' ? [] : e.TRUST_PROXY.split(',').map((v) => v.trim()).filter(Boolean),
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
