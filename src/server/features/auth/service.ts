/**
 * Sign-up and sign-in use cases (spec part 2 "Team login screen"; DESIGN.md section 3).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, users } from '../../db/schema.js';
import type { SignUpBody, TeamLoginBody } from '../../../contracts/auth.js';
import { AppError } from '../../errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { SubscriptionTier } from '../../../contracts/auth.js';
import { createSession } from '../../auth/sessions.js';

/**
 * Creates an organisation with its owner and signs the owner in.
 * @returns the session token for the cookie.
 * @throws AppError 409 EMAIL_TAKEN when the e-mail already has an account.
 */
export async function signUp(db: Db, body: SignUpBody, tier: SubscriptionTier = 'free'): Promise<string> {
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
    if (existing.length > 0) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.', 409);
    }
    return createOrganizationWithOwner(tx, {
      organizationName: body.organizationName,
      tier,
      email: body.email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName || null,
    });
  });
  return createSession(db, userId);
}

/** The owner's details for `createOrganizationWithOwner`. */
export interface NewOwner {
  organizationName: string;
  tier: SubscriptionTier;
  email: string;
  /** Null for an owner who signs in only through the external provider. */
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  oidcIssuer?: string;
  oidcSubject?: string;
}

/**
 * Inserts an organisation and its active owner inside the caller's transaction (sign-up and
 * a first external sign-in both start an organisation this way).
 * @returns the owner's user id.
 */
export async function createOrganizationWithOwner(tx: Pick<Db, 'insert'>, owner: NewOwner): Promise<string> {
  const [org] = await tx.insert(organizations).values({ name: owner.organizationName, subscriptionTier: owner.tier }).returning({ id: organizations.id });
  const [user] = await tx
    .insert(users)
    .values({
      organizationId: org!.id,
      email: owner.email,
      passwordHash: owner.passwordHash,
      firstName: owner.firstName,
      lastName: owner.lastName,
      role: 'owner',
      status: 'active',
      lastLoginAt: new Date(),
      oidcIssuer: owner.oidcIssuer ?? null,
      oidcSubject: owner.oidcSubject ?? null,
    })
    .returning({ id: users.id });
  return user!.id;
}

/**
 * Email + password sign-in. The same answer for an unknown e-mail and a wrong password.
 * @returns the session token for the cookie.
 * @throws AppError 401 INVALID_CREDENTIALS.
 */
export async function teamLogin(db: Db, body: TeamLoginBody): Promise<string> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.email, body.email))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
  if (!user || !ok || user.status !== 'active') {
    throw new AppError('INVALID_CREDENTIALS', 'Invalid credentials', 401);
  }
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return createSession(db, user.id);
}
