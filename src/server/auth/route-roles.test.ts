/**
 * Every route has a role declaration, and the guard enforces it (DESIGN.md sections 3 and 8):
 * walks the routes Fastify registered, then calls each one signed out (401), as every role it
 * does not admit (403), and, for routes with an :id, as another organisation's owner with this
 * organisation's ids (404). Prints the table so it can be quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contracts/auth.js';
import { DATABASE_KINDS } from '../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../test-support/test-app.js';
import type { RouteDeclaration } from './route-guard.js';

const SAFE = new Set(['GET', 'HEAD']);

function formatTable(routes: RouteDeclaration[]): string {
  const rows = routes.map((r) => [`${r.method} ${r.url}`, r.access === undefined ? 'UNDECLARED' : r.access === 'public' ? 'public' : r.access.join(', ')]);
  const width = Math.max(...rows.map(([k]) => k!.length));
  return rows.map(([k, v]) => `${k!.padEnd(width)}  ${v}`).join('\n');
}

describe.each(DATABASE_KINDS)('route roles on %s', (kind) => {
  let t: TestApp;
  let routes: RouteDeclaration[];
  const clients = {} as Record<Role | 'anonymous' | 'stranger', TestClient>;
  /** An id of this organisation for each feature whose routes take an :id. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, {}, (app) => {
      app.get('/api/undeclared-for-test', async () => ({ leaked: true }));
    });
    routes = t.app.routeDeclarations.filter((r) => r.url !== '/api/undeclared-for-test');

    clients.owner = t.client();
    const { organizationId } = await clients.owner.signUp({ organizationName: 'Declared Co' });
    clients.admin = await signedInMember(t, organizationId, 'admin');
    clients.member = await signedInMember(t, organizationId, 'member');
    clients.viewer = await signedInMember(t, organizationId, 'viewer');
    clients.anonymous = t.client();
    clients.stranger = t.client();
    await clients.stranger.signUp({ organizationName: 'Stranger Co' });

    const imported = await clients.owner.upload('/api/products/import', [{ field: 'file', content: 'SKU,Name,Tags\nR-1,Roles,roles-tag\n', fileName: 'p.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Tags: 'tags' }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    ids.products = (await clients.owner.get('/api/products')).json().products[0].id;
    ids.audits = (await clients.owner.post('/api/audits/stub', { name: 'Roles', type: 'cycle-count', status: 'draft' })).json().id;
    ids.team = (await clients.owner.get('/api/team')).json().find((m: { role: string }) => m.role === 'member').id;
    ids['tag-analytics'] = 'roles-tag';
    ids['audit-tasks'] = (await clients.owner.post('/api/audit-tasks', { auditId: ids.audits, title: 'Roles task' })).json().id;
    ids['count-sessions'] = (await clients.owner.post(`/api/audits/${ids.audits}/count-session`)).json().id;
    ids['tag-rebuilds'] = (await clients.owner.post('/api/tag-rebuilds')).json().id;
  });
  afterAll(async () => t?.close());

  function urlOf(route: RouteDeclaration): string {
    return route.url.replace(/:(\w+)/g, (_m, name: string) => {
      if (name === 'token') return 'A'.repeat(43);
      const feature = route.url.split('/')[2]!;
      const id = ids[feature];
      if (!id) throw new Error(`${route.method} ${route.url}: the test has no ${feature} id for :${name}; add one to \`ids\``);
      return id;
    });
  }

  function call(client: TestClient, route: RouteDeclaration) {
    return client.request({ method: route.method, url: urlOf(route), payload: SAFE.has(route.method) ? undefined : {} });
  }

  it('declares every registered route', () => {
    if (kind === DATABASE_KINDS[0]) console.log(`Route roles (src/server/auth/route-roles.ts):\n${formatTable(routes)}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Mutating routes that admit a viewer must be reads by nature; keep this list short and known.
    const viewerWrites = routes.filter((r) => !SAFE.has(r.method) && r.access !== 'public' && r.access?.includes('viewer'));
    expect(viewerWrites.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/products/filter-preview']);
  });

  it('answers 403 to everyone on a route without a declaration', async () => {
    const undeclared = t.app.routeDeclarations.find((r) => r.url === '/api/undeclared-for-test');
    expect(undeclared?.access).toBeUndefined();
    const res = await clients.owner.get('/api/undeclared-for-test');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ROUTE_NOT_DECLARED');
  });

  it('answers 401 to a signed-out caller on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await call(clients.anonymous, route);
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to every role a route does not admit (a viewer on every mutating route)', async () => {
    const failures: string[] = [];
    let viewerChecks = 0;
    for (const route of routes) {
      if (route.access === 'public' || route.access === undefined) continue;
      for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
        if (route.access.includes(role)) continue;
        if (role === 'viewer' && !SAFE.has(route.method)) viewerChecks++;
        const res = await call(clients[role], route);
        // A HEAD answer has no body: its status is the check.
        const code = route.method === 'HEAD' ? 'FORBIDDEN' : res.json().error;
        if (res.statusCode !== 403 || code !== 'FORBIDDEN') failures.push(`${role} ${route.method} ${route.url}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    const mutating = routes.filter((r) => !SAFE.has(r.method) && r.access !== 'public').length;
    // Reads a viewer is refused: the counting screens' catalogue and count sheets (DESIGN.md
    // section 14), and the tag analytics rebuild's progress.
    const refusedReads = routes.filter((r) => SAFE.has(r.method) && r.access !== 'public' && r.access !== undefined && !r.access.includes('viewer'));
    expect(refusedReads.map((r) => `${r.method} ${r.url}`).filter((k) => !k.startsWith('HEAD'))).toEqual([
      'GET /api/audits/:id/count-catalogue',
      'GET /api/audits/:id/count-sheet',
      'GET /api/tag-rebuilds/latest',
      'GET /api/tag-rebuilds/:id',
    ]);
    expect(viewerChecks).toBe(mutating - 1); // all but the filter preview, a read
  });

  it("answers 404 to another organisation's owner on every route with an :id", async () => {
    const failures: string[] = [];
    const withId = routes.filter((r) => r.url.includes(':id') && r.access !== 'public');
    expect(withId.length).toBeGreaterThan(10);
    for (const route of withId) {
      const res = await call(clients.stranger, route);
      if (res.statusCode !== 404) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // Nothing of this organisation was touched.
    expect((await clients.owner.get(`/api/products`)).json().total).toBe(1);
    expect((await clients.owner.get(`/api/audits/${ids.audits}`)).statusCode).toBe(200);
    expect((await clients.owner.get('/api/team')).json()).toHaveLength(4);
  });
});
