/**
 * Sign-up, sign-in and the current user (spec part 1 section 7 `GET /api/auth/user`,
 * spec part 2 sections 5 and 7 "Login and gate"; DESIGN.md section 3).
 */
import { z } from 'zod';

export const subscriptionTierSchema = z.enum(['free', 'starter', 'pro', 'enterprise']);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

export const roleSchema = z.enum(['owner', 'admin', 'member', 'viewer']);
export type Role = z.infer<typeof roleSchema>;

/** Minimum password length (spec part 2 section 9). */
export const MIN_PASSWORD_LENGTH = 8;

export const signUpBodySchema = z.object({
  email: z.email('Please enter a valid email address').trim().toLowerCase(),
  password: z.string().min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters').max(200),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().max(100).optional().default(''),
  organizationName: z.string().trim().min(1, 'Organisation name is required').max(200),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const teamLoginBodySchema = z.object({
  email: z.email('Please enter a valid email address').trim().toLowerCase(),
  password: z.string().min(1, 'Password is required').max(200),
});
export type TeamLoginBody = z.infer<typeof teamLoginBodySchema>;

/** `GET /api/auth/user`: the signed-in user; 401 when signed out. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  organizationId: z.string(),
  organizationName: z.string(),
  subscriptionTier: subscriptionTierSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `GET /api/auth/csrf`: token to send as `x-csrf-token` on every mutating call. */
export const csrfTokenSchema = z.object({ token: z.string() });

/**
 * `GET /api/auth/options` (public, also behind the password gate): which ways in this install
 * offers. `oidcProviderName` names the 'Continue with …' button (null: no external sign-in).
 */
export const authOptionsSchema = z.object({
  oidcProviderName: z.string().nullable(),
  accessPasswordRequired: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** `POST /api/verify-password` (spec part 2 sections 5 and 7): the shared access password. */
export const verifyPasswordBodySchema = z.object({
  password: z.string().min(1, 'Password is required').max(500),
});
export type VerifyPasswordBody = z.infer<typeof verifyPasswordBodySchema>;

/** `POST /api/verify-password` answer; a wrong password answers 401 with `success: false`. */
export const verifyPasswordResponseSchema = z.object({ success: z.boolean() });
