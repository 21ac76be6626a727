/**
 * `npm run bench:lighthouse`: Lighthouse's performance score of the count screen's first load on
 * a phone (issue 28 budget: >= 90; DESIGN.md section 14). Lighthouse's mobile profile: a
 * Moto G Power-sized screen, Slow 4G (150 ms round trip, 1.6 Mbit/s down) and a CPU four times
 * slower, simulated; a cold cache. Against the built app (dist/web, `vite build` when missing) and
 * the real server on BENCH_PORT (5160), with a fresh embedded database: an account is made, three
 * products and a draft audit, and Lighthouse opens /audits/{id}/count with the session's cookie.
 * Not part of `npm test`. BENCH_RUNS (3) runs; prints the median score, spread, the main metrics
 * and the load average, then one JSON line. Reference, same run: the sign-in page (/team-login),
 * the app's lightest screen, scored the same way.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spread } from './support/stats.js';

const PORT = Number(process.env.BENCH_PORT ?? 5160);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = 90;
const root = path.resolve(import.meta.dirname, '..');
const origin = `http://localhost:${PORT}`;

if (!existsSync(path.join(root, 'dist/web/index.html'))) execSync('npx vite build', { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NEW_ORGANIZATION_TIER: 'starter' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** A cookie jar of one: the server's cookies, sent back on every call. */
const cookies = new Map<string, string>();
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') {
    headers['x-csrf-token'] = (await call<{ token: string }>('GET', '/api/auth/csrf')).token;
    headers['content-type'] = 'application/json';
  }
  headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${origin}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair!.indexOf('=');
    cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${origin}/api/auth/csrf`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  await call('POST', '/api/auth/signup', { email: 'bench@example.com', password: 'lighthouse bench 1', firstName: 'Bench', organizationName: 'Bench Stores' });
  for (const [i, name] of ['Cable 3 m', 'Bolt M10', 'Nut M10'].entries()) {
    await call('POST', '/api/products', { sku: `SKU-${i}`, name, currentQuantity: 4, location: 'A-01' });
  }
  const audit = await call<{ id: string }>('POST', '/api/audits/stub', { name: 'Aisle A', type: 'cycle-count', status: 'draft' });
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const score = async (url: string) => {
    const result = await lighthouse(url, { port: chrome!.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { cookie } });
    const lhr = result!.lhr;
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      url: lhr.finalDisplayedUrl,
      /** Lighthouse's opportunities with their estimated saving (what holds the score down). */
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 0)
        .map((a) => `${a.id} ${Math.round(a.numericValue ?? 0)} ms`),
    };
  };
  const countRuns = [];
  const referenceRuns = [];
  for (let run = 0; run < RUNS; run++) {
    countRuns.push(await score(`${origin}/audits/${audit.id}/count`));
    referenceRuns.push(await score(`${origin}/team-login`));
  }
  if (!countRuns.every((r) => r.url.endsWith('/count'))) throw new Error(`the count screen was not the page scored: ${countRuns.map((r) => r.url).join(', ')}`);
  const s = spread(countRuns.map((r) => r.score));
  const ref = spread(referenceRuns.map((r) => r.score));
  const median = countRuns.find((r) => r.score === s.median)!;
  const load = os.loadavg().map((l) => Number(l.toFixed(2)));
  console.log(
    `count screen, Lighthouse mobile (Slow 4G, 4x CPU): performance ${s.median} (${s.min}-${s.max}); FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}; budget >= ${BUDGET}`,
  );
  if (median.opportunities.length) console.log(`opportunities: ${median.opportunities.join(', ')}`);
  console.log(`reference, the sign-in page scored the same way: ${ref.median} (${ref.min}-${ref.max}); load ${load.join(' ')}`);
  console.log(JSON.stringify({ bench: 'lighthouse', page: 'count', runs: RUNS, budget: BUDGET, score: s, metrics: median, referenceScore: ref, load }));
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
