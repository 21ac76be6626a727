/**
 * Which roles each route admits (DESIGN.md sections 3 and 8; spec part 2 section 6), in terms of
 * the capabilities of src/domain/roles.ts that the web app reads too: the one
 * table the route guard (./route-guard.ts) enforces before any handler runs. A key is
 * 'METHOD /url' exactly as Fastify registers the route (HEAD follows its GET). A route missing
 * here answers 403 to everyone and fails the route-roles test.
 *
 * - owner: everything, billing included.
 * - admin: everything but billing and removing the owner (the owner's protection is a rule of
 *   the team use cases, not of this table).
 * - member: reads products, creates and runs audits (and tasks).
 * - viewer: reads only; every mutating call answers 403.
 *
 * Handlers still scope every query to the session's organisation (another organisation's id
 * answers 404), and may add rules of their own (docs/decisions/0022).
 */
import type { Role } from '../../contracts/auth.js';
import { CAPABILITIES } from '../../domain/roles.js';

/** 'public' (no session needed) or the roles admitted. */
export type RouteAccess = 'public' | readonly Role[];

const { read: EVERYONE, runAudits: RUNNERS, deleteAudits, applyCounts, manageCatalogue, manageTeam, manageBilling, rebuildTagAnalytics } = CAPABILITIES;

export const ROUTE_ROLES: Readonly<Record<string, RouteAccess>> = {
  // Sign-in, sign-up and the session (spec part 2 section 7 "Login and gate").
  'GET /api/auth/csrf': 'public',
  'GET /api/auth/user': EVERYONE,
  'POST /api/auth/signup': 'public',
  'POST /api/auth/team-login': 'public',
  'GET /api/login': 'public',
  'GET /api/logout': 'public',
  // Signs out whoever calls it (with the CSRF token); docs/decisions/0027.
  'POST /api/logout': 'public',
  // External sign-in (OpenID Connect) and the shared-password gate (DESIGN.md section 8).
  'GET /api/auth/options': 'public',
  'GET /api/callback': 'public',
  'POST /api/verify-password': 'public',

  // Products (spec part 2 section 7 "Products").
  'GET /api/products': EVERYONE,
  'GET /api/products/template': EVERYONE,
  'GET /api/products/quantity-template': EVERYONE,
  // Reads the file and changes nothing; members need it for their audits' scan files.
  'POST /api/products/preview': RUNNERS,
  'POST /api/products/import': manageCatalogue,
  'POST /api/products/upload-quantities': manageCatalogue,
  'PATCH /api/products/bulk-update': manageCatalogue,
  'POST /api/products/bulk-delete': manageCatalogue,
  'POST /api/products': manageCatalogue,
  'PATCH /api/products/:id': manageCatalogue,
  'DELETE /api/products/:id': manageCatalogue,
  'GET /api/products/filter-options': EVERYONE,
  // A read with a filter as its body: changes nothing.
  'POST /api/products/filter-preview': EVERYONE,

  // Audits (spec part 1 section 7).
  'GET /api/audits': EVERYONE,
  'POST /api/audits': RUNNERS,
  'POST /api/audits/product-audit': RUNNERS,
  'POST /api/audits/stub': RUNNERS,
  'GET /api/audits/:id': EVERYONE,
  // Rename, section, or a draft product audit's missing filter; a recount is a new audit.
  'PATCH /api/audits/:id': RUNNERS,
  'POST /api/audits/:id/recount': RUNNERS,
  'DELETE /api/audits/:id': deleteAudits,
  // A bare draft the caller made (the cancelled Assign Task stub, decision 0118).
  'DELETE /api/audits/:id/draft': RUNNERS,
  'POST /api/audits/:id/upload': RUNNERS,
  'POST /api/audits/:id/process': RUNNERS,
  'POST /api/audits/:id/upload-multiple': RUNNERS,
  'GET /api/audits/:id/results-enhanced': EVERYONE,
  'GET /api/audits/:id/export': EVERYONE,
  'GET /api/audits/:id/export-xlsx': EVERYONE,
  // Found in one location, belonging in another, and the proposed moves (DESIGN.md section 13).
  'GET /api/audits/:id/misplaced-stock': EVERYONE,

  // Closing the count (DESIGN.md section 13): apply final counts to stock, reverse, history.
  'GET /api/audits/:id/application': EVERYONE,
  'POST /api/audits/:id/apply': applyCounts,
  'POST /api/audits/:id/apply/reverse': applyCounts,
  'GET /api/products/:id/history': EVERYONE,
  'GET /api/audits/:id/export-books': EVERYONE,
  'GET /api/audits/:id/export-books/options': EVERYONE,

  // Unknown barcodes (DESIGN.md section 13): the list for all; mapping a value to a product, or
  // recomputing after a product was made from it, changes the catalogue.
  'GET /api/unknown-barcodes': EVERYONE,
  'POST /api/unknown-barcodes/map': manageCatalogue,
  'POST /api/unknown-barcodes/recompute': manageCatalogue,

  // Counting on the floor (DESIGN.md section 14): counting is running an audit; the catalogue
  // for counting may carry expected quantities, so it goes to counters only.
  'POST /api/audits/:id/count-session': RUNNERS,
  'GET /api/audits/:id/count-catalogue': RUNNERS,
  'GET /api/audits/:id/count-sheet': RUNNERS,
  'GET /api/count-sessions/:id': EVERYONE,
  'POST /api/count-sessions/:id/reads': RUNNERS,
  'GET /api/count-sessions/:id/file': EVERYONE,

  // Dashboard and billing status.
  'GET /api/user/stats': EVERYONE,
  'GET /api/results-summaries': EVERYONE,
  'GET /api/billing/subscription-status': EVERYONE,
  'GET /api/billing/plans': EVERYONE,
  'POST /api/billing/create-subscription': manageBilling,
  'POST /api/billing/create-portal-session': manageBilling,
  'POST /api/billing/update-subscription': manageBilling,
  // The provider's call: its signature is its authentication (DESIGN.md section 10).
  'POST /api/billing/webhook': 'public',

  // Audit tasks (DESIGN.md section 9): start, complete and delete add the assignee/creator rule
  // of the task use cases on top of this table.
  'POST /api/audit-tasks': RUNNERS,
  'GET /api/audit-tasks': EVERYONE,
  'GET /api/all-audit-tasks': EVERYONE,
  'GET /api/audit-tasks/:id': EVERYONE,
  'POST /api/audit-tasks/:id/start': RUNNERS,
  'POST /api/audit-tasks/:id/complete': RUNNERS,
  'DELETE /api/audit-tasks/:id': RUNNERS,
  'POST /api/audit-tasks/bulk-delete': RUNNERS,

  // Tag analytics (spec part 2 section 7 "Tag analytics"): reads for all, refresh for writers.
  'GET /api/tag-analytics/summary': EVERYONE,
  'GET /api/tag-analytics/:tagName/details': EVERYONE,
  'POST /api/tag-analytics/refresh': RUNNERS,
  // The full rebuild from the result lines, a background job, and its progress: the owner only.
  'POST /api/tag-rebuilds': rebuildTagAnalytics,
  'GET /api/tag-rebuilds/latest': rebuildTagAnalytics,
  'GET /api/tag-rebuilds/:id': rebuildTagAnalytics,

  // Team (spec part 2 section 7 "Team and invitations").
  'GET /api/team': EVERYONE,
  'POST /api/team/invite': manageTeam,
  'PATCH /api/team/:id': manageTeam,
  'DELETE /api/team/:id': manageTeam,
  'POST /api/team/:id/resend-invite': manageTeam,
  'GET /api/team/invite/:token': 'public',
  'POST /api/team/accept-invite/:token': 'public',

  // The built SPA's files (index.html for client-side routes).
  'GET /*': 'public',
};

/** The declaration of a route, or undefined when it has none. HEAD follows GET. */
export function accessOf(method: string, url: string): RouteAccess | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return ROUTE_ROLES[`${m} ${url}`];
}

/** True when a signed-in user of `role` may call a route with this declaration. */
export function admitsRole(access: RouteAccess | undefined, role: Role): boolean {
  return access !== undefined && access !== 'public' && access.includes(role);
}
