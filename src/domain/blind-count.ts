/**
 * Blind counts (DESIGN.md section 14): a counter who sees the expected quantity tends to count
 * to it, so the count screen hides it. The audit's setting decides; without one (null), members
 * count blind and owners and admins (who manage the catalogue and see its stock anyway) do not.
 */
import type { Role } from '../contracts/auth.js';

/** Whether the count screen hides expected quantities from `role` on an audit set to `setting`. */
export function isBlindCount(setting: boolean | null, role: Role): boolean {
  return setting ?? !(role === 'owner' || role === 'admin');
}
