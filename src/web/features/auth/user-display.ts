/**
 * How a user is named in the shell (spec part 1 section 2 "Authenticated layout"):
 * initials from first and last name, else the e-mail's first letter, else 'U';
 * full name, else the e-mail, else 'User'.
 */
import type { CurrentUser } from '../../../contracts/auth';

type NamedUser = Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>;

export function userInitials(user: NamedUser | null | undefined): string {
  const first = user?.firstName?.trim().charAt(0) ?? '';
  const last = user?.lastName?.trim().charAt(0) ?? '';
  if (first || last) return `${first}${last}`.toUpperCase();
  const email = user?.email?.trim().charAt(0);
  return email ? email.toUpperCase() : 'U';
}

export function userDisplayName(user: NamedUser | null | undefined): string {
  const full = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return full || user?.email?.trim() || 'User';
}
