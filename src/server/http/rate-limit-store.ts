/**
 * A database store for @fastify/rate-limit (DESIGN.md section 3, docs/decisions/0026): the
 * counters live in `rate_limit_counters`, so a restart gives no fresh tries and several app
 * servers on one PostgreSQL server share them. One atomic upsert per counted request, on PGlite
 * and PostgreSQL alike.
 *
 * Keys are `{route url}|{client key}` (the client key is the plugin's: the client address as
 * Fastify sees it through TRUST_PROXY), so each limited route counts on its own.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema.js';

/** What the plugin expects back from `incr` / `read`: hits in the window, ms until it ends. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, hits?: Hits) => void;

/** The slice of the plugin's route options a store sees in `child()` (typed as RouteOptions, given with `routeInfo`). */
interface ChildOptions {
  url?: string;
  method?: string | string[];
  routeInfo?: { url?: string; method?: string | string[] };
}

/** Expired counters are deleted about once in this many increments. */
const SWEEP_EVERY = 200;

/**
 * The store class to pass as `store` to @fastify/rate-limit (the plugin instantiates it).
 * Counters are fixed windows: the first hit opens a window of `timeWindow` ms, later hits in it
 * add up, the first hit after it opens a new one.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      increment(db, `${this.prefix}|${key}`, timeWindow).then(
        (hits) => cb(null, hits),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      peek(db, `${this.prefix}|${key}`).then(
        (hits) => cb(null, hits),
        (err: Error) => cb(err),
      );
    }

    child(options: ChildOptions): DatabaseRateLimitStore {
      const route = options.routeInfo ?? options;
      return new DatabaseRateLimitStore(undefined, `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}`);
    }
  };
}

async function increment(db: Db, key: string, windowMs: number): Promise<Hits> {
  const windowSeconds = windowMs / 1000;
  const result = (await db.execute(sql`
    insert into rate_limit_counters (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limit_counters.reset_at <= now() then 1 else rate_limit_counters.hits + 1 end,
      reset_at = case when rate_limit_counters.reset_at <= now() then excluded.reset_at else rate_limit_counters.reset_at end
    returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::float8 as ttl
  `)) as unknown as { rows: Array<{ hits: number; ttl: number }> };
  if (Math.random() * SWEEP_EVERY < 1) await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, new Date()));
  const row = result.rows[0]!;
  return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
}

async function peek(db: Db, key: string): Promise<Hits> {
  const result = (await db.execute(sql`
    select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::float8 as ttl
    from rate_limit_counters where key = ${key} and reset_at > now()
  `)) as unknown as { rows: Array<{ hits: number; ttl: number }> };
  const row = result.rows[0];
  return row ? { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 };
}
