/**
 * The current role's capabilities for the screens (DESIGN.md section 3; spec part 2 section 6):
 * what the role cannot do is not offered. The server enforces the same table
 * (src/domain/roles.ts) on every route, so this only keeps the interface honest.
 *
 * The app shell provides the signed-in user's role; `usePermissions()` reads it anywhere below.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '../../contracts/auth';
import { can, type Capability } from '../../domain/roles';

const RoleContext = createContext<Role | null>(null);

export function PermissionsProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export interface Permissions {
  /** The signed-in role; null outside the signed-in shell. */
  role: Role | null;
  /** True when the role has the capability. */
  can: (capability: Capability) => boolean;
  /** True for a read-only role (viewer). */
  readOnly: boolean;
}

export function usePermissions(): Permissions {
  const role = useContext(RoleContext);
  return { role, can: (capability) => can(role, capability), readOnly: !can(role, 'runAudits') };
}
