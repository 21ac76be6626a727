/**
 * Team members and invitations (spec part 2 sections 3, 4, 5 "Team", 7 "Team and invitations";
 * DESIGN.md section 8). The server validates with these schemas; the web forms resolve with them.
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, currentUserSchema, roleSchema } from './auth.js';

/** Roles an invitation or an edit may give (the owner is made only by sign-up). */
export const teamRoleSchema = z.enum(['admin', 'member', 'viewer']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** pending (invited), active, inactive (spec part 2 section 4). */
export const memberStatusSchema = z.enum(['pending', 'active', 'inactive']);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

/** Statuses an edit may set: 'Editing allows only active or inactive' (spec part 2 section 4). */
export const editableStatusSchema = z.enum(['active', 'inactive']);

const emailSchema = z.email('Please enter a valid email address').trim().toLowerCase().max(254);

/**
 * A name the form may leave empty (empty = not given); a given one needs at least 1 character
 * after trimming (spec part 2 section 5).
 */
const optionalName = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1, message).max(100).optional());

/** `GET /api/team`: one row per member; lastLoginAt null shows 'Never'. Dates are ISO 8601. */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  status: memberStatusSchema,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** When a pending member's invitation link expires; null for everyone else. */
  inviteExpiresAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamListSchema = z.array(teamMemberSchema);

/** `POST /api/team/invite`. */
export const inviteMemberBodySchema = z.object({
  email: emailSchema,
  firstName: optionalName('First name is required'),
  lastName: optionalName('Last name is required'),
  role: teamRoleSchema.default('member'),
});
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

/**
 * Answer of `POST /api/team/invite` and `POST /api/team/{id}/resend-invite`: the pending member,
 * and the link itself whenever it was not e-mailed (no SMTP_URL, or the SMTP server refused it),
 * so the inviter can pass it on (DESIGN.md section 8).
 */
export const invitationSentSchema = z.object({
  member: teamMemberSchema,
  emailed: z.boolean(),
  inviteUrl: z.string().nullable(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** `PATCH /api/team/{id}`: any of the fields; absent ones stay as they are. */
export const updateMemberBodySchema = z.object({
  firstName: optionalName('First name is required'),
  lastName: optionalName('Last name is required'),
  role: teamRoleSchema.optional(),
  status: editableStatusSchema.optional(),
});
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

/** `GET /api/team/invite/{token}` (public): what the acceptance screen shows. */
export const invitationLookupSchema = z.object({
  email: z.string(),
  role: roleSchema,
  inviteExpiresAt: z.string(),
  organizationName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The external sign-in offered for accepting, or null when none is configured. */
  externalSignIn: z.object({ providerName: z.string() }).nullable(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** authMethod values (spec part 2 section 5): a password, or the external account ('replit'). */
export const authMethodSchema = z.enum(['password', 'replit']);
export type AuthMethod = z.infer<typeof authMethodSchema>;

/** `POST /api/team/accept-invite/{token}` (spec part 2 section 5 "Accept invite form"). */
export const acceptInviteBodySchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
    authMethod: authMethodSchema.default('replit'),
    password: z.string().min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters').max(200).optional().or(z.literal('')),
    confirmPassword: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.authMethod !== 'password') return;
    if (!body.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password must be at least 8 characters' });
    if (!body.confirmPassword || body.confirmPassword !== body.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords must match' });
    }
  });
export type AcceptInviteBody = z.infer<typeof acceptInviteBodySchema>;

/**
 * Answer of `POST /api/team/accept-invite/{token}`: with a password, the member is signed in
 * (`user`); with the external account, the names are kept and the browser goes to `redirectTo`
 * (`/api/login?invite={token}`), where the provider's account is bound to the member.
 */
export const acceptInviteResultSchema = z.union([
  z.object({ user: currentUserSchema }),
  z.object({ redirectTo: z.string() }),
]);
export type AcceptInviteResult = z.infer<typeof acceptInviteResultSchema>;
