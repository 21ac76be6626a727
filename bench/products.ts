/**
 * `npm run bench:products`: the products master list at 100,000 products on the PostgreSQL server
 * (DESIGN.md section 7: import incl. preview <= 4 s over HTTP; list with filter + search under 50
 * connections from a separate process, p99 <= 50 ms, no errors).
 *
 * 1. Generates a seeded 100,000-product catalogue CSV (12 columns, names from word lists).
 * 2. Starts the app as its own process, built as `npm start` runs it, on a fresh database and imports the
 *    file over HTTP as the Import dialog does (preview, then import) into BENCH_RUNS (3) new
 *    organisations (all rows new), then once more into the first (every row an update).
 *    References: COPY of the same rows into a table like products (same indexes), after each import
 *    of new rows (the median compared), and the same into that table with products' foreign key to
 *    organisations too (`importRatioToKeyedCopy`: PostgreSQL checks it row by row, for the import as
 *    for this COPY; docs/decisions/0177); for all, the CPU seconds of the server process and of the
 *    database's backends, from /proc.
 * 3. After a warm-up on the mix of BENCH_WARM_UP_SECONDS (20; less once its throughput rose and
 *    settled: the first list of a catalogue builds its in-memory copy while SQL answers, 0143),
 *    drives GET /api/products from this process with autocannon (the server runs in its own)
 *    with a varied mix of BENCH_MIX (5,000) requests sent in turn (bench/support/product-requests.ts:
 *    browsing pages, quick searches of popular and rare words, one or two filters, three page
 *    sizes), 50 connections, BENCH_RUNS rounds of BENCH_SECONDS (10); then the same mix at
 *    BENCH_WIDE_CONNECTIONS (200) connections, where no request may take over 1 s.
 * 4. References in the same run: autocannon on GET /api/auth/user (session lookup and a small
 *    answer, the floor of any API call), and the list's SQL statements (page and count) for the
 *    same mix run straight through a pg pool by 50 concurrent loops (and those of the one request
 *    below alone). For each, the CPU per request of the database's
 *    backends and of the app server, read from /proc: comparable between runs on a loaded machine,
 *    where the latencies are not. The list rounds also print the CPU this process (autocannon, the
 *    load generator) spends per request: it shares the machine's CPUs with the server.
 * 5. For information, single requests of other shapes (no filter, a deep page, an unindexed
 *    filter, a broad filter, getAllIds), one at a time.
 * After the import the bench runs VACUUM ANALYZE, as autovacuum would within a minute, so that
 * the load does not race it. The machine's load average is printed: the bench shares 2 CPUs.
 * Ends with one JSON line.
 *
 * Options (env): TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test, its server is used),
 * BENCH_PRODUCTS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_RUNS (3), BENCH_SEARCH
 * (ladle: one noun of fifty, ~2% of the names; with the filters category = Kitchen and price < 100,
 * the one request of the single-request figures and of the old repeated load),
 * BENCH_DATABASE_PREFIX (stocktally_bench_: the fresh database's name starts with it), BENCH_PORT
 * (the server's port; a free one when unset), BENCH_SERVER_NODE_ARGS (node options for the server
 * before its own, space-separated: `--cpu-prof --cpu-prof-dir=DIR` to profile it), BENCH_SKIP_LIST
 * (1: the imports and their reference only, steps 1-2; the JSON line then has no list figures).
 * To iterate on the list alone: BENCH_KEEP_DATABASE=1 keeps the database at the end (its name is
 * printed); BENCH_REUSE_DATABASE=<name> then skips steps 1 and 2 (no catalogue, import, COPY
 * reference nor VACUUM: the import figures print as null) and lists the first organisation that
 * run imported, signed in again as its owner; the database is kept.
 * BENCH_PROBE_DIR=<dir>: where the slow list requests' time went (decision 0173): each request
 * numbered in a header, the server started with bench/support/request-probe.mjs, and at the end
 * the two sides joined (bench/support/request-times.ts): per round size, the requests over 200
 * and 500 ms split into before the server read them (for the first on a connection: connect()
 * called, connected, accepted), in the server (the pool's wait, the statements) and after; the
 * slowest with the event loop stalls and GC of both processes that overlapped them. The probe
 * costs the server some CPU per request: its runs are for the split, not the figures.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { count, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { productListQuerySchema } from '../src/contracts/products.js';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { products } from '../src/server/db/schema.js';
import { productListWhere } from '../src/server/features/products/product-filters-sql.js';
import { COUNTED_WITH_PAGE, countedPageQuery, countQuery, pageQuery } from '../src/server/features/products/repo.js';
import { buildServer } from '../scripts/build-server.mjs';
import { startServerProcess } from '../src/server/test-support/server-process.js';
import { TestClient } from '../src/server/test-support/test-app.js';
import { benchServerNodeArgs } from './support/server-figures.js';
import { ClientProbe, probeServerNodeArgs } from './support/request-times.js';
import { spread } from './support/stats.js';
import { variedListPaths } from './support/product-requests.js';
import { seededRandom } from '../src/domain/test-support/seeded-random.js';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  headers: Record<string, string>;
  requests?: Array<{
    setupRequest: (request: { path: string; headers?: Record<string, string> }, context: Record<string, number>) => { path: string };
    onResponse?: (status: number, body: string, context: Record<string, number>) => void;
  }>;
}) => Promise<AutocannonResult>;

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The second load: none of its requests over 1 s on PostgreSQL (DESIGN.md section 7). */
const WIDE_CONNECTIONS = Number(process.env.BENCH_WIDE_CONNECTIONS ?? 200);
/** The longest warm-up of the list before its rounds (s): until its throughput settles. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 20);
/** Requests in the varied mix (bench/support/product-requests.ts), sent in turn and again. */
const MIX_SIZE = Number(process.env.BENCH_MIX ?? 5000);
const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** A database a previous run kept (BENCH_KEEP_DATABASE=1): the list is measured on it, nothing imported. */
const REUSE_DATABASE = process.env.BENCH_REUSE_DATABASE || undefined;
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1' || REUSE_DATABASE !== undefined;
/** The password of the owners the bench signs up (TestClient.signUp's). */
const OWNER_PASSWORD = 'correct horse battery';

const ADJECTIVES = ['Heavy', 'Light', 'Compact', 'Premium', 'Classic', 'Slim', 'Large', 'Small', 'Rugged', 'Deluxe', 'Basic', 'Pro', 'Mini', 'Ultra', 'Eco', 'Smart', 'Quiet', 'Rapid', 'Flexible', 'Modular'];
const MATERIALS = ['Steel', 'Oak', 'Bamboo', 'Nylon', 'Cotton', 'Copper', 'Glass', 'Rubber', 'Leather', 'Aluminium', 'Ceramic', 'Wool', 'Brass', 'Linen', 'Carbon', 'Pine', 'Vinyl', 'Cork', 'Silk', 'Granite'];
const NOUNS = ['Bracket', 'Hinge', 'Lamp', 'Shelf', 'Basket', 'Bottle', 'Cable', 'Clamp', 'Drawer', 'Filter', 'Gasket', 'Hook', 'Jar', 'Kettle', 'Ladder', 'Mat', 'Nozzle', 'Pillow', 'Rack', 'Scoop', 'Tray', 'Valve', 'Whisk', 'Bucket', 'Candle', 'Doormat', 'Easel', 'Funnel', 'Grater', 'Holder', 'Ironing Board', 'Jug', 'Knob', 'Ladle', 'Mirror', 'Napkin', 'Organizer', 'Planter', 'Quilt', 'Rope', 'Sieve', 'Towel', 'Umbrella', 'Vase', 'Wrench', 'Apron', 'Blanket', 'Coaster', 'Dish', 'Stool'];
const CATEGORIES = ['Hardware', 'Kitchen', 'Garden', 'Bathroom', 'Lighting', 'Storage', 'Textiles', 'Tools', 'Decor', 'Cleaning', 'Outdoor', 'Office', 'Pets', 'Toys', 'Automotive', 'Electrical', 'Plumbing', 'Paint', 'Flooring', 'Seasonal'];
const TAGS = ['fast-mover', 'seasonal', 'clearance', 'new', 'bulky', 'fragile', 'imported', 'local'];

/** The catalogue: SKU-000000..., GTIN-13 barcodes, names such as "Rugged Copper Bracket 40 mm". */
function generateCatalogue(file: string): void {
  const random = seededRandom(20260101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const lines = ['SKU,UPC,Other ID,Product Name,Distributor,Manufacturer,Category,Location,Quantity,Cost Price,Selling Price,Tags'];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS)} ${10 + Math.floor(random() * 90)} mm`;
    const cost = 0.5 + random() * 80;
    const tags = random() < 0.3 ? '' : random() < 0.5 ? pick(TAGS) : `"${pick(TAGS)}, ${pick(TAGS)}"`;
    lines.push(
      [
        `SKU-${String(i).padStart(6, '0')}`,
        `40${String(1_000_000_000 + i * 7).slice(0, 10)}${i % 10}`,
        `VN-${(i * 31) % 99_991}`,
        name,
        `Distributor ${1 + (i % 25)}`,
        `Maker ${1 + Math.floor(random() * 120)}`,
        pick(CATEGORIES),
        `${String.fromCharCode(65 + (i % 20))}-${String(1 + (i % 60)).padStart(2, '0')}`,
        String(Math.floor(random() * 200) - 5),
        cost.toFixed(2),
        (cost * (1.3 + random())).toFixed(2),
        tags,
      ].join(','),
    );
  }
  writeFileSync(file, lines.join('\n') + '\n');
}

const MAPPING = {
  SKU: 'sku',
  UPC: 'upc',
  'Other ID': 'otherIdentifier',
  'Product Name': 'name',
  Distributor: 'distributor',
  Manufacturer: 'manufacturer',
  Category: 'category',
  Location: 'location',
  Quantity: 'currentQuantity',
  'Cost Price': 'costPrice',
  'Selling Price': 'price',
  Tags: 'tags',
};

/** The list request under load: what a user typing "ladle" with two Advanced Filters asks for. */
const SEARCH = process.env.BENCH_SEARCH ?? 'ladle';
const FILTERS = [
  { id: 'f1', field: 'category', operator: 'eq', value: 'Kitchen' },
  { id: 'f2', field: 'price', operator: 'lt', value: '100', logicalOperator: 'AND' },
];
const LIST_PATH = `/api/products?page=1&limit=50&search=${encodeURIComponent(SEARCH)}&filters=${encodeURIComponent(JSON.stringify(FILTERS))}`;

/**
 * A fresh database on the server, made and dropped like src/server/test-support/databases.ts does
 * (BENCH_REUSE_DATABASE's instead when set; kept at the end with BENCH_KEEP_DATABASE).
 */
async function freshDatabase(): Promise<Database & { url: string; name: string }> {
  const name = REUSE_DATABASE ?? `${process.env.BENCH_DATABASE_PREFIX ?? 'stocktally_bench_'}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  if (REUSE_DATABASE === undefined) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    name,
    async close() {
      await database.close();
      if (KEEP_DATABASE) {
        console.log(`database kept: ${name} (BENCH_REUSE_DATABASE=${name} lists it again)`);
        return;
      }
      const dropper = new pg.Client({ connectionString: SERVER_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * CPU seconds used so far by each server process (backend) connected to `database`, by pid, read
 * from /proc: robust to other work on the machine, unlike wall time. Null when not readable (a
 * server on another host).
 */
function databaseCpuByBackend(database: string): Map<number, number> | null {
  try {
    const tick = 100; // USER_HZ on Linux
    const used = new Map<number, number>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let cmdline: string;
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(` ${database} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / tick);
    }
    return used.size > 0 ? used : null;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by process `pid` (user + system, from /proc). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One figure of CPU per request: the database's backends and the app server, in ms (null: not readable). */
class CpuPerRequest {
  constructor(
    readonly databaseMs: number | null,
    readonly serverMs: number,
  ) {}
  toString(): string {
    return `database ${this.databaseMs === null ? 'n/a' : `${this.databaseMs.toFixed(2)} ms`}, server ${this.serverMs.toFixed(2)} ms`;
  }
}

/**
 * Starts counting the CPU the database `name` and the app process `pid` use, for `perRequest(n)`.
 * Counted per backend, so that one closing meanwhile (a pool's idle timeout) takes nothing off.
 */
function cpuMeter(name: string, pid: number): { perRequest(requests: number): CpuPerRequest; seconds(): { database: number | null; server: number } } {
  const db = databaseCpuByBackend(name) ?? new Map<number, number>();
  const server = processCpuSeconds(pid);
  const seconds = () => {
    const now = databaseCpuByBackend(name);
    const usedDb = now === null ? null : [...now].reduce((sum, [backend, used]) => sum + used - (db.get(backend) ?? 0), 0);
    return { database: usedDb, server: processCpuSeconds(pid) - server };
  };
  return {
    perRequest(requests) {
      const used = seconds();
      const per = (s: number) => Number(((s * 1000) / Math.max(1, requests)).toFixed(3));
      return new CpuPerRequest(used.database === null ? null : per(used.database), per(used.server));
    },
    /** CPU seconds used since the start: the database's backends (null: not readable) and the app server. */
    seconds,
  };
}

interface LoadResult {
  p50: number;
  p99: number;
  /** CPU of this process (the load generator, autocannon) per request, ms. */
  clientMs: number;
  /** The slowest request, ms. */
  max: number;
  rps: number;
  errors: number;
  requests: number;
}

/**
 * `connections` connections on `url` for `seconds`; with `paths`, each request takes the next of
 * them in turn (from where the previous round stopped), so the load is the varied mix, not one
 * request repeated. (Run in this process: autocannon's worker threads cannot take the function.)
 */
async function load(url: string, cookie: string, seconds = SECONDS, opts: { paths?: string[]; connections?: number } = {}): Promise<LoadResult> {
  const { paths } = opts;
  const client = process.cpuUsage();
  const result = await autocannon({
    url,
    connections: opts.connections ?? CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    ...(paths
      ? {
          requests: [
            probe
              ? {
                  setupRequest: (request, context) => probe.sent(context, { ...request, path: paths[nextPath++ % paths.length]! }),
                  onResponse: (_status, _body, context) => probe.answered(context),
                }
              : { setupRequest: (request) => ({ ...request, path: paths[nextPath++ % paths.length]! }) },
          ],
        }
      : { workers: 1 }),
  });
  probe?.roundEnded(`${opts.connections ?? CONNECTIONS} connections, ${seconds} s`);
  const used = process.cpuUsage(client);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    clientMs: Number(((used.user + used.system) / 1000 / Math.max(1, result.requests.total)).toFixed(3)),
    max: result.latency.max,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}
let nextPath = 0;
/** BENCH_PROBE_DIR: each list request's times, to be joined with the server's (bench/support/request-probe.mjs). */
const probe = process.env.BENCH_PROBE_DIR ? new ClientProbe(process.env.BENCH_PROBE_DIR) : undefined;

type Statement = { sql: string; params: unknown[] };

/**
 * The list's statements through a pg pool of the app's size, CONNECTIONS loops for `seconds`; each
 * loop's request the next of `requests` in turn (its statements run together); `meter` started
 * just before.
 */
async function sqlReference(
  dbUrl: string,
  requests: Statement[][],
  meter: ReturnType<typeof cpuMeter>,
  seconds = SECONDS,
): Promise<LoadResult & { cpu: CpuPerRequest }> {
  let next = 0;
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await Promise.all(requests[next++ % requests.length]!.map((s) => pool.query(s.sql, s.params)));
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  const cpu = meter.perRequest(latencies.length); // before pool.end(): its backends count while they exist
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), clientMs: Number.NaN, max: latencies.at(-1)!, rps: latencies.length / seconds, errors, requests: latencies.length, cpu };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;


/** The Import dialog's two calls: preview (sending the file), then import with the mapping naming the kept file; seconds from the first byte sent. */
async function importOverHttp(client: TestClient, file: string): Promise<{ seconds: number; imported: number; updated: number }> {
  const upload = [{ field: 'file', path: file, fileName: 'catalogue.csv' }];
  const start = performance.now();
  const preview = await client.upload('/api/products/preview', upload, { flow: 'import' });
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body.slice(0, 300)}`);
  // As the dialog does (decision 0161): the import names the file the preview kept.
  const { uploadToken } = preview.json() as { uploadToken?: string };
  const res = uploadToken
    ? await client.upload('/api/products/import', [], { uploadToken, columnMapping: JSON.stringify(MAPPING) })
    : await client.upload('/api/products/import', upload, { columnMapping: JSON.stringify(MAPPING) });
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const seconds = (performance.now() - start) / 1000;
  const body = res.json() as { imported: number; updated: number };
  return { seconds, imported: body.imported, updated: body.updated };
}

/**
 * COPY of one organisation's products out, then timed COPY into a fresh table like products (its
 * indexes too; `withForeignKey`: also products' foreign key to organisations, which PostgreSQL
 * checks row by row, as it does for the import): seconds, and the CPU seconds of the database
 * backends meanwhile (null: not readable).
 */
async function copyReference(dbUrl: string, database: string, pid: number, organizationId: string, withForeignKey: boolean): Promise<{ seconds: number; databaseCpu: number | null }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(`COPY (SELECT * FROM products WHERE organization_id = '${organizationId}') TO STDOUT`))) chunks.push(chunk as Buffer);
    await client.query('CREATE TABLE bench_products_copy (LIKE products INCLUDING ALL)');
    if (withForeignKey) await client.query('ALTER TABLE bench_products_copy ADD FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE');
    const cpu = cpuMeter(database, pid);
    const start = performance.now();
    await pipeline(Readable.from(chunks), client.query(copyFrom('COPY bench_products_copy FROM STDIN')));
    const seconds = (performance.now() - start) / 1000;
    const databaseCpu = cpu.seconds().database;
    await client.query('DROP TABLE bench_products_copy');
    return { seconds, databaseCpu };
  } finally {
    await client.end();
  }
}

/** What the list part needs of the import part: the organisation listed, its owner signed in, the import figures. */
interface Imported {
  owner: { client: TestClient; organizationId: string };
  importStats: ReturnType<typeof spread> | null;
  copySeconds: number | null;
  /** The import's fields of the JSON line (null when nothing was imported). */
  importFigures: Record<string, unknown> | null;
}

/**
 * Steps 1 and 2: BENCH_RUNS organisations each importing the generated catalogue as new products,
 * then the first importing it again (all updates); the COPY reference; VACUUM ANALYZE.
 */
async function importCatalogues(serverUrl: string, pid: number, database: { url: string; name: string; db: Database['db'] }, dir: string): Promise<Imported> {
  const file = path.join(dir, 'catalogue.csv');
  generateCatalogue(file);
  console.log(`catalogue: ${PRODUCTS.toLocaleString('en-US')} products, ${file}`);
  const owners: Array<{ client: TestClient; organizationId: string }> = [];
  const imports: number[] = [];
  const copies: number[] = [];
  const importCpu: Array<{ server: number; database: number | null }> = [];
  const copyCpu: Array<number | null> = [];
  const keyedCopies: number[] = [];
  const keyedCopyCpu: Array<number | null> = [];
  for (let run = 0; run < RUNS; run += 1) {
    const client = new TestClient(serverUrl);
    const user = (await client.signUp({ email: `bench-${run}-${Date.now()}@example.com`, password: OWNER_PASSWORD })) as { organizationId: string };
    owners.push({ client, organizationId: user.organizationId });
    const cpu = cpuMeter(database.name, pid);
    const result = await importOverHttp(client, file);
    if (result.imported !== PRODUCTS) throw new Error(`imported ${result.imported} of ${PRODUCTS}`);
    imports.push(result.seconds);
    const { database: usedDb, server: usedServer } = cpu.seconds();
    importCpu.push({ server: usedServer, database: usedDb });
    const copy = await copyReference(database.url, database.name, pid, user.organizationId, false);
    copies.push(copy.seconds);
    copyCpu.push(copy.databaseCpu);
    const keyedCopy = await copyReference(database.url, database.name, pid, user.organizationId, true);
    keyedCopies.push(keyedCopy.seconds);
    keyedCopyCpu.push(keyedCopy.databaseCpu);
    console.log(
      `import ${run + 1} (all new, preview + import over HTTP): ${result.seconds.toFixed(2)} s, ${Math.round(PRODUCTS / result.seconds).toLocaleString('en-US')} rows/s; ` +
        `server CPU ${usedServer.toFixed(2)} s, database CPU ${usedDb === null ? 'n/a' : `${usedDb.toFixed(2)} s`}; ` +
        `reference COPY ${copy.seconds.toFixed(2)} s, database CPU ${copy.databaseCpu === null ? 'n/a' : `${copy.databaseCpu.toFixed(2)} s`}; ` +
        `with the foreign key ${keyedCopy.seconds.toFixed(2)} s, database CPU ${keyedCopy.databaseCpu === null ? 'n/a' : `${keyedCopy.databaseCpu.toFixed(2)} s`} (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`,
    );
  }
  const importStats = spread(imports);
  const copyStats = spread(copies);
  const copySeconds = copyStats.median;
  const keyedStats = spread(keyedCopies);
  const owner = owners[0]!;
  const again = await importOverHttp(owner.client, file);
  console.log(`import (all updates): ${again.seconds.toFixed(2)} s, ${again.updated} updated`);
  console.log(
    `import median ${importStats.median.toFixed(2)} s (spread ${importStats.min.toFixed(2)}-${importStats.max.toFixed(2)}); reference COPY of the same ${PRODUCTS} rows into a table like products: ` +
      `median ${copySeconds.toFixed(2)} s (spread ${copyStats.min.toFixed(2)}-${copyStats.max.toFixed(2)}) (${(importStats.median / copySeconds).toFixed(2)}x); ` +
      `with products' foreign key: median ${keyedStats.median.toFixed(2)} s (spread ${keyedStats.min.toFixed(2)}-${keyedStats.max.toFixed(2)}) (${(importStats.median / keyedStats.median).toFixed(2)}x)`,
  );
  const medianOf = (values: Array<number | null>) => (values.some((v) => v === null) ? null : Number(spread(values as number[]).median.toFixed(2)));
  const importFigures = {
    importSeconds: Number(importStats.median.toFixed(3)),
    importSpread: [Number(importStats.min.toFixed(3)), Number(importStats.max.toFixed(3))],
    importReferenceCopySeconds: Number(copySeconds.toFixed(3)),
    importReferenceCopySpread: [Number(copyStats.min.toFixed(3)), Number(copyStats.max.toFixed(3))],
    importRatio: Number((importStats.median / copySeconds).toFixed(2)),
    importServerCpuSeconds: medianOf(importCpu.map((c) => c.server)),
    importDatabaseCpuSeconds: medianOf(importCpu.map((c) => c.database)),
    importReferenceCopyDatabaseCpuSeconds: medianOf(copyCpu),
    importReferenceKeyedCopySeconds: Number(keyedStats.median.toFixed(3)),
    importReferenceKeyedCopySpread: [Number(keyedStats.min.toFixed(3)), Number(keyedStats.max.toFixed(3))],
    importRatioToKeyedCopy: Number((importStats.median / keyedStats.median).toFixed(2)),
    importReferenceKeyedCopyDatabaseCpuSeconds: medianOf(keyedCopyCpu),
  };
  if (process.env.BENCH_SKIP_LIST === '1') return { owner, importStats, copySeconds, importFigures };
  await database.db.execute(sql`VACUUM ANALYZE products`);
  return { owner, importStats, copySeconds, importFigures };
}

/** BENCH_REUSE_DATABASE: the first organisation a previous run imported, its owner signed in again. */
async function importedBefore(serverUrl: string, db: Database['db']): Promise<Imported> {
  const found = (await db.execute(sql`SELECT email, organization_id FROM users WHERE email LIKE 'bench-0-%' ORDER BY created_at LIMIT 1`)) as unknown as {
    rows: Array<{ email: string; organization_id: string }>;
  };
  const row = found.rows[0];
  if (!row) throw new Error(`${REUSE_DATABASE}: no organisation of a previous run (an owner bench-0-...)`);
  const client = new TestClient(serverUrl);
  const res = await client.post('/api/auth/team-login', { email: row.email, password: OWNER_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${row.email}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  console.log(`reusing ${REUSE_DATABASE}: nothing imported, the list of ${row.email}'s organisation`);
  return { owner: { client, organizationId: row.organization_id }, importStats: null, copySeconds: null, importFigures: null };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-products-'));
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} CPUs)`);

  const database = await freshDatabase();
  const { db } = database;
  await buildServer();
  const server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      NEW_ORGANIZATION_TIER: 'enterprise',
      MAX_UPLOAD_MB: '500',
      LOG_LEVEL: 'error',
      ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
      ...(probe ? { BENCH_PROBE_FILE: probe.serverFile } : {}),
    },
    { built: true, nodeArgs: [...benchServerNodeArgs(), ...probeServerNodeArgs()] },
  );
  const pid = server.child.pid!;
  try {
    const { owner, importStats, copySeconds, importFigures } = REUSE_DATABASE === undefined ? await importCatalogues(server.url, pid, database, dir) : await importedBefore(server.url, db);
    const importBudget = () =>
      importStats === null || copySeconds === null
        ? 'import: not measured'
        : `import <= 4 s: ${importStats.median <= 4 ? 'met' : 'MISSED'}; <= 1.3x COPY: ${importStats.median <= 1.3 * copySeconds ? 'met' : 'MISSED'}`;
    if (process.env.BENCH_SKIP_LIST === '1') {
      const loadAverage = os.loadavg().map((l) => Number(l.toFixed(2)));
      console.log(`load average at end: ${loadAverage.join(' ')}`);
      console.log(`budgets (DESIGN.md 7): ${importBudget()}`);
      console.log(JSON.stringify({ bench: 'products', runs: RUNS, importRows: PRODUCTS, ...importFigures, loadAverage }));
      return;
    }

    const query = productListQuerySchema.parse({ search: SEARCH, filters: JSON.stringify(FILTERS), limit: '50' });
    const where = productListWhere({ organizationId: owner.organizationId, search: query.search, filters: query.filters });
    const [candidates] = await db.select({ n: count() }).from(products).where(productListWhere({ organizationId: owner.organizationId, search: SEARCH }));
    const [matching] = await db.select({ n: count() }).from(products).where(where);
    console.log(`list request: GET ${decodeURIComponent(LIST_PATH)}`);
    console.log(`  search matches ${candidates!.n} products, search + filters ${matching!.n}`);

    const base = server.url;
    const cookie = `${SESSION_COOKIE}=${owner.client.cookie(SESSION_COOKIE)}`;
    const probe = await fetch(base + LIST_PATH, { headers: { cookie } });
    const body = (await probe.json()) as { total: number; products: unknown[] };
    if (probe.status !== 200 || body.total !== Number(matching!.n)) throw new Error(`list probe: ${probe.status} total ${body.total}`);

    // The varied mix every round draws from (bench/support/product-requests.ts).
    const paths = variedListPaths(MIX_SIZE, { adjectives: ADJECTIVES, materials: MATERIALS, nouns: NOUNS, categories: CATEGORIES, tags: TAGS });
    const distinct = new Set(paths).size;
    console.log(
      `list load: a mix of ${paths.length} requests (${distinct} distinct: ${((1 - distinct / paths.length) * 100).toFixed(0)}% of requests repeat an earlier one), e.g.\n` +
        paths.slice(0, 4).map((p) => `  GET ${decodeURIComponent(p)}`).join('\n'),
    );
    for (const p of paths.slice(0, 20)) {
      const res = await fetch(base + p, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`list probe ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    await load(base + LIST_PATH, cookie, 2); // warm-up, one request
    // Warm-up on the second half of the mix (the rounds start at its beginning), 2 s at a time for
    // WARM_UP_SECONDS, or less once the throughput has risen (by over a fifth of the first step's)
    // and stopped rising: a catalogue's first list builds its in-memory copy in the background while
    // SQL answers (decision 0143), which under load takes several seconds; the rounds measure the
    // list once it is built.
    const warmUp: number[] = [];
    for (let waited = 0; waited < WARM_UP_SECONDS; waited += 2) {
      nextPath = Math.floor(paths.length / 2);
      warmUp.push(Math.round((await load(base + LIST_PATH, cookie, 2, { paths })).rps));
      const rose = warmUp.some((rps) => rps > warmUp[0]! * 1.2);
      if (rose && warmUp.length >= 3 && warmUp.at(-1)! < warmUp.at(-2)! * 1.2) break;
    }
    console.log(`list warm-up, the mix 2 s at a time: ${warmUp.join(', ')} req/s`);
    nextPath = 0;
    const rounds: LoadResult[] = [];
    const listCpu = cpuMeter(database.name, pid);
    for (let run = 0; run < RUNS; run += 1) {
      const round = await load(base + LIST_PATH, cookie, SECONDS, { paths });
      rounds.push(round);
      console.log(
        `list round ${run + 1} (the mix), ${CONNECTIONS} connections, ${SECONDS} s: p50 ${ms(round.p50)}, p99 ${ms(round.p99)}, max ${ms(round.max)}, ${Math.round(round.rps)} req/s, ${round.requests} requests, ${round.errors} errors, load generator CPU ${round.clientMs} ms a request (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`,
      );
    }
    const p99 = spread(rounds.map((r) => r.p99));
    const p50 = spread(rounds.map((r) => r.p50));
    const rps = spread(rounds.map((r) => r.rps));
    const errors = rounds.reduce((n, r) => n + r.errors, 0);
    const listCost = listCpu.perRequest(rounds.reduce((n, r) => n + r.requests, 0));
    console.log(`list: p99 median ${ms(p99.median)} (spread ${ms(p99.min)}-${ms(p99.max)}), p50 median ${ms(p50.median)}, ${Math.round(rps.median)} req/s, ${errors} errors`);

    const wide: LoadResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const round = await load(base + LIST_PATH, cookie, SECONDS, { paths, connections: WIDE_CONNECTIONS });
      wide.push(round);
      console.log(
        `list round ${run + 1} (the mix), ${WIDE_CONNECTIONS} connections, ${SECONDS} s: p50 ${ms(round.p50)}, p99 ${ms(round.p99)}, max ${ms(round.max)}, ${Math.round(round.rps)} req/s, ${round.errors} errors (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`,
      );
    }
    const wideMax = spread(wide.map((r) => r.max));
    const wideP99 = spread(wide.map((r) => r.p99));
    const wideErrors = wide.reduce((n, r) => n + r.errors, 0);
    console.log(`list at ${WIDE_CONNECTIONS} connections: slowest request median ${ms(wideMax.median)} (spread ${ms(wideMax.min)}-${ms(wideMax.max)}), p99 median ${ms(wideP99.median)}`);

    const trivialCpu = cpuMeter(database.name, pid);
    const trivial = await load(base + '/api/auth/user', cookie);
    const trivialCost = trivialCpu.perRequest(trivial.requests);
    console.log(`reference GET /api/auth/user:       p50 ${ms(trivial.p50)}, p99 ${ms(trivial.p99)}, ${Math.round(trivial.rps)} req/s, ${trivial.errors} errors`);

    // The statements the app runs for each request of the mix the first time it sees it: the page
    // and the count, together (list-products.ts, repo.ts listProductPage; a query seen before with
    // fewer than COUNTED_WITH_PAGE matches is one statement instead, so this is the heavier side).
    const dialect = new PgDialect();
    const statementsOf = (listPath: string): Statement[] => {
      const q = productListQuerySchema.parse(Object.fromEntries(new URL(listPath, base).searchParams));
      const w = productListWhere({ organizationId: owner.organizationId, search: q.search, filters: q.filters });
      const paging = { limit: q.limit, offset: (q.page - 1) * q.limit };
      return [dialect.sqlToQuery(pageQuery(w, paging)), dialect.sqlToQuery(countQuery(w))];
    };
    const direct = await sqlReference(database.url, paths.map(statementsOf), cpuMeter(database.name, pid));
    const sqlCost = direct.cpu;
    console.log(`reference list SQL through pg (the mix): p50 ${ms(direct.p50)}, p99 ${ms(direct.p99)}, max ${ms(direct.max)}, ${Math.round(direct.rps)} requests/s of 2 statements, ${direct.errors} errors`);
    const single = await sqlReference(
      database.url,
      [Number(matching!.n) < COUNTED_WITH_PAGE ? [dialect.sqlToQuery(countedPageQuery(where, { limit: 50, offset: 0 }))] : statementsOf(LIST_PATH)],
      cpuMeter(database.name, pid),
    );
    console.log(`reference list SQL through pg (one request, ${decodeURIComponent(LIST_PATH)}): p50 ${ms(single.p50)}, p99 ${ms(single.p99)}`);
    const clientMs = spread(rounds.map((r) => r.clientMs)).median;
    console.log(
      `CPU per list request (from /proc, robust to the machine's load): list ${listCost}, the load generator (autocannon, this process) ${clientMs} ms; GET /api/auth/user ${trivialCost}; SQL reference database ${sqlCost.databaseMs ?? 'n/a'} ms`,
    );
    console.log(
      `ratios: list/auth-user p99 ${(p99.median / trivial.p99).toFixed(2)}x, list/SQL p99 ${(p99.median / direct.p99).toFixed(2)}x, throughput list/SQL ${(rps.median / direct.rps).toFixed(2)}`,
    );
    // One request at a time: what other list requests cost on the same catalogue (not budgeted);
    // the first read from the database, the others answered by the catalogue-version cache.
    console.log('single requests, one at a time (the first, then the median of 29 more answered from the cache):');
    const others: Array<[string, string, unknown[]?]> = [
      ['first page, no search or filter', '', undefined],
      ['page 2,000 (offset 99,950)', '&page=2000', undefined],
      ['search only', `&search=${SEARCH}`, undefined],
      ['search + manufacturer eq (no index)', `&search=${SEARCH}`, [{ field: 'manufacturer', operator: 'eq', value: 'Maker 7' }]],
      ['broad filter: price gt 50', '', [{ field: 'price', operator: 'gt', value: '50' }]],
      ['getAllIds, the load request', `&getAllIds=true&search=${SEARCH}`, FILTERS],
    ];
    for (const [label, extra, filters] of others) {
      const url = `${base}/api/products?limit=50${extra}${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`;
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < 30; i += 1) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const json = (await res.json()) as { total?: number; productIds?: string[] };
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
        found = json.total ?? json.productIds?.length ?? 0;
      }
      const first = times.shift()!;
      times.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(38)} ${ms(first).padStart(9)} ${ms(times[14]!).padStart(9)}  (${found} matching)`);
    }
    const loadAverage = os.loadavg().map((l) => Number(l.toFixed(2)));
    console.log(`load average at end: ${loadAverage.join(' ')}`);
    console.log(
      `budgets (DESIGN.md 7): ${importBudget()}; list p99 <= 50 ms, no errors: ${p99.median <= 50 && errors === 0 ? 'met' : 'MISSED'}; ` +
        `${WIDE_CONNECTIONS} connections, none over 1 s: ${wideMax.max <= 1000 && wideErrors === 0 ? 'met' : 'MISSED'}`,
    );
    console.log(
      JSON.stringify({
        bench: 'products',
        runs: RUNS,
        importRows: PRODUCTS,
        ...(importFigures ?? { importSeconds: null, importSpread: null, importReferenceCopySeconds: null }),
        listP50ms: p50.median,
        listP99ms: p99.median,
        listP99Spread: [p99.min, p99.max],
        requestsPerSecond: Math.round(rps.median),
        errors,
        listMix: { requests: paths.length, distinct },
        wideConnections: WIDE_CONNECTIONS,
        wideP99ms: wideP99.median,
        wideMaxMs: wideMax.median,
        wideMaxSpread: [wideMax.min, wideMax.max],
        wideErrors,
        referenceSqlP99ms: Number(direct.p99.toFixed(2)),
        referenceSqlOneRequestP99ms: Number(single.p99.toFixed(2)),
        listDatabaseCpuMs: listCost.databaseMs,
        listServerCpuMs: listCost.serverMs,
        listClientCpuMs: clientMs,
        referenceSqlDatabaseCpuMs: sqlCost.databaseMs,
        authUserDatabaseCpuMs: trivialCost.databaseMs,
        loadAverage,
      }),
    );
  } catch (err) {
    console.error(`server output:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await server.stop('SIGTERM');
    if (probe) console.log(probe.report());
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
