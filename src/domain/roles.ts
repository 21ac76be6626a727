/**
 * What each role may do (DESIGN.md section 3; spec part 2 section 6). One table shared by the
 * server's route declarations (src/server/auth/route-roles.ts) and the web app, which offers a
 * control only when the current role has its capability.
 *
 * - owner: everything, billing included.
 * - admin: everything but billing and removing the owner.
 * - member: reads everything, creates and runs audits and tasks.
 * - viewer: reads only.
 */
import type { Role } from '../contracts/auth.js';

export const ALL_ROLES: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];

/** Each capability and the roles that have it. */
export const CAPABILITIES = {
  /** Products, audits, results, dashboard, team list: every signed-in role. */
  read: ALL_ROLES,
  /** Create, upload to, process and resume audits (and tasks). */
  runAudits: ['owner', 'admin', 'member'],
  /** Delete audits (their history). */
  deleteAudits: ['owner', 'admin'],
  /** Import, edit, delete products and upload quantities. */
  manageCatalogue: ['owner', 'admin'],
  /** Apply an audit's final counts to current stock, and reverse an application (DESIGN.md section 13). */
  applyCounts: ['owner', 'admin'],
  /** Invite, edit, remove members and resend invitations. */
  manageTeam: ['owner', 'admin'],
  /**
   * Turn an audit's blind count on or off (DESIGN.md section 14): those who count blind must not
   * be able to lift it themselves.
   */
  setBlindCount: ['owner', 'admin'],
  /** Change the subscription. */
  manageBilling: ['owner'],
  /** Rebuild the tag analytics aggregates from every result line (a background job). */
  rebuildTagAnalytics: ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** True when `role` has `capability`; false for no role (signed out). */
export function can(role: Role | null | undefined, capability: Capability): boolean {
  return role != null && (CAPABILITIES[capability] as readonly Role[]).includes(role);
}
