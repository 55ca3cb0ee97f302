import { z } from 'zod';
import { emailField, newPasswordField, userSchema, userStatusSchema } from './auth';
import { LANGUAGES } from './constants';
import { actsForWholeTenant, roleSchema, ROLES, type Role } from './roles';
import { singleLineText } from './text';

/** docs/product.md §3 New user, §4 Users: the team screen's users and the invitation and password-reset links. */

/** An invitation link is good for this long after it was sent (a resend issues a new one). */
export const INVITATION_TTL_HOURS = 72;
/** A password-reset link is good for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const languageSchema = z.enum(LANGUAGES);

/** The user texts of the users domain (API answers, web forms). */
export const usersTexts = {
  created: 'User created',
  createdAndInvited: 'User created and invitation sent',
  invitationSent: 'Invitation sent',
  statusChanged: 'User status changed',
  invitationAccepted: 'Invitation accepted',
  passwordResetRequested: 'If an account exists for this e-mail, we have sent a link to reset its password.',
  passwordReset: 'Your password has been reset. Please sign in.',
  temporaryPasswordRequired: 'A temporary password is required when no invitation is sent',
  passwordsDiffer: 'The new password must differ from the current one',
  linkInvalid: 'This link is invalid or has expired',
} as const;

/**
 * Roles a user may hand out: platform administrators any role up to their own (ADMIN never
 * SUPER_ADMIN); a company's own administrators only the company roles below the officers that
 * the role check treats as ADMIN (CSO, HEAD_OF_DIGITAL_ASSETS, docs/product.md §6 Role check).
 */
export function grantableRoles(granter: Role): readonly Role[] {
  if (granter === 'SUPER_ADMIN') return ROLES;
  if (granter === 'ADMIN') return ROLES.filter((role) => role !== 'SUPER_ADMIN');
  if (granter === 'COMPANY_ADMIN') return ['COMPANY_ADMIN', 'MANAGER', 'FINANCE', 'OPERATOR', 'VIEWER'];
  return [];
}

/**
 * docs/product.md §4 Users: the statuses an administrator may move a user to. A pending
 * invitation becomes active only when the invited person accepts it; leaving `active` ends
 * every session of the user.
 */
export type UserStatus = z.infer<typeof userStatusSchema>;

export const USER_STATUS_TRANSITIONS = {
  active: ['inactive', 'suspended'],
  inactive: ['active', 'suspended'],
  suspended: ['active', 'inactive'],
  pending_verification: ['inactive'],
} as const satisfies Record<UserStatus, readonly UserStatus[]>;

export function canChangeStatus(from: UserStatus, to: UserStatus): boolean {
  return (USER_STATUS_TRANSITIONS[from] as readonly string[]).includes(to);
}

const nameField = singleLineText().trim().min(1, 'Required').max(100, 'At most 100 characters');

/**
 * docs/product.md §3 New user: first and last name, e-mail, optional phone, temporary password,
 * send-invitation flag. Without an invitation the temporary password is how the user gets in
 * (and must be changed at the first sign-in); with one, the e-mailed link sets the password
 * unless a temporary password was given.
 */
export const createUserRequest = z
  .object({
    firstName: nameField,
    lastName: nameField,
    email: emailField.pipe(z.string().max(254, 'At most 254 characters')),
    phone: singleLineText().trim().max(40, 'At most 40 characters').nullish(),
    role: roleSchema,
    /** Another company of the tenant: platform administrators only; others create in their own. */
    companyId: z.uuid().optional(),
    temporaryPassword: newPasswordField.pipe(z.string().max(200, 'At most 200 characters')).optional(),
    sendInvitation: z.boolean(),
    /** The language of the invitation e-mail. */
    language: languageSchema.default('en'),
  })
  .strict()
  .refine((value) => value.sendInvitation || value.temporaryPassword !== undefined, {
    path: ['temporaryPassword'],
    message: usersTexts.temporaryPasswordRequired,
  });
export type CreateUserRequest = z.input<typeof createUserRequest>;
export type CreateUserInput = z.output<typeof createUserRequest>;

/** docs/product.md §2 Team: one row of the users table (user, contact, role, status, last login, verified). */
export const teamUserSchema = userSchema
  .pick({
    id: true,
    role: true,
    companyId: true,
    tenantId: true,
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    jobTitle: true,
    status: true,
    verified: true,
    mfaEnabled: true,
    lastLogin: true,
    memberSince: true,
  })
  .extend({
    companyName: z.string(),
    /** Locked by failed sign-ins until then (docs/auth.md#lockout), or null. */
    lockedUntil: z.string().nullable(),
    /** A temporary password must be replaced at the next sign-in. */
    mustChangePassword: z.boolean(),
    /** The expiry of an open invitation link, or null. */
    invitationExpiresAt: z.string().nullable(),
  });
export type TeamUser = z.infer<typeof teamUserSchema>;

export const teamUsersQuery = z.object({
  search: singleLineText().trim().max(200).optional(),
  status: userStatusSchema.optional(),
  role: roleSchema.optional(),
});
export type TeamUsersQuery = z.infer<typeof teamUsersQuery>;

export const userStatisticsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  suspended: z.number().int(),
  pendingVerification: z.number().int(),
  verified: z.number().int(),
  locked: z.number().int(),
  mfaEnabled: z.number().int(),
});
export type UserStatistics = z.infer<typeof userStatisticsSchema>;

/** GET /users: the table (filtered), and the statistics and role distribution of everyone in scope. */
export const teamUsersOverviewSchema = z.object({
  users: z.array(teamUserSchema),
  statistics: userStatisticsSchema,
  roleDistribution: z.array(z.object({ role: roleSchema, count: z.number().int() })),
});
export type TeamUsersOverview = z.infer<typeof teamUsersOverviewSchema>;

export const changeUserStatusRequest = z.object({ status: userStatusSchema }).strict();
export type ChangeUserStatusRequest = z.infer<typeof changeUserStatusRequest>;

/** Invitation and reset links carry a random token of 32 bytes, base64url. */
export const linkTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, usersTexts.linkInvalid);
export const linkTokenParams = z.object({ token: linkTokenField });

/** GET /invitations/:token: what the acceptance page shows before the person accepts. */
export const invitationSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  companyName: z.string(),
  /** No password yet: accepting sets it. Otherwise the person signs in with the temporary password they were given. */
  requiresPassword: z.boolean(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const acceptInvitationRequest = z.object({ password: newPasswordField.pipe(z.string().max(200)).optional() }).strict();
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;
export const invitationAcceptedSchema = z.object({ email: z.string(), mustChangePassword: z.boolean() });

export const forgotPasswordRequest = z.object({ email: emailField.pipe(z.string().max(254)), language: languageSchema.default('en') }).strict();
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const resetPasswordRequest = z.object({ token: linkTokenField, newPassword: newPasswordField.pipe(z.string().max(200)) }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The local outbox (no SMTP_URL): messages an administrator reads in the product instead of a mailbox. */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.enum(['invitation', 'password_reset', 'notification']),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Whether a user of this role may read the local outbox: it holds sign-in links of every company, so tenant administrators only. */
export function canReadOutbox(role: Role): boolean {
  return actsForWholeTenant(role);
}
