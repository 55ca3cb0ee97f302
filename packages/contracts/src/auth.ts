import { z } from 'zod';
import { CSRF_TOKEN_PATTERN, PASSWORD_MIN_LENGTH } from './constants';
import { loginTexts } from './login-texts';
import { roleSchema } from './roles';
import { multiLineText, singleLineText } from './text';

/** docs/product.md §5 login texts (defined without zod in login-texts.ts). */
export { loginTexts } from './login-texts';

export const emailField = z.string().trim().min(1, loginTexts.emailRequired).pipe(z.email(loginTexts.emailInvalid));
export const loginPasswordField = z.string().min(1, loginTexts.passwordRequired).min(PASSWORD_MIN_LENGTH, loginTexts.passwordShort);
export const mfaTokenField = z
  .string()
  .min(1, loginTexts.mfaRequired)
  .regex(/^\d{6}$/, loginTexts.mfaFormat);

/** A one-time recovery code handed out at MFA enrolment, usable instead of the 6-digit code. */
export const recoveryCodeField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{5}-[0-9a-f]{5}$/, 'Invalid recovery code');

/** docs/product.md §5 new-password rule. */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, loginTexts.passwordShort)
  .regex(/[A-Z]/, 'Password must contain an upper-case letter')
  .regex(/[a-z]/, 'Password must contain a lower-case letter')
  .regex(/[0-9]/, 'Password must contain a number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain a symbol');

export const loginRequest = z.object({
  email: emailField,
  password: loginPasswordField,
  mfaToken: mfaTokenField.optional(),
  recoveryCode: recoveryCodeField.optional(),
  /** The replacement of a temporary password, sent again after AUTH__PASSWORD_CHANGE_REQUIRED. */
  newPassword: newPasswordField.pipe(z.string().max(200)).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The login form once the server has asked for the MFA token. */
export const loginWithMfaForm = loginRequest.extend({ mfaToken: mfaTokenField });

/** POST /auth/password: the current password proves the person, the new one follows the docs/product.md §5 rule. */
export const passwordChangeRequest = z.object({
  currentPassword: z.string().min(1, loginTexts.passwordRequired),
  newPassword: newPasswordField,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
export const passwordChangeResultSchema = z.object({ endedOtherSessions: z.number().int().nonnegative() });

export const userStatusSchema = z.enum(['active', 'inactive', 'suspended', 'pending_verification']);
export const kycStatusSchema = z.enum(['not_started', 'pending', 'in_review', 'approved', 'rejected']);

/** docs/product.md §3 User. */
export const userSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  companyId: z.uuid(),
  tenantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  bio: z.string().nullable(),
  department: z.string().nullable(),
  /** The profile photo (docs/product.md §5), a path of the file store; null when the user has none. */
  photoUrl: z.string().nullable(),
  status: userStatusSchema,
  verified: z.boolean(),
  mfaEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  memberSince: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const companySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPlatform: z.boolean(),
  kycStatus: kycStatusSchema,
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** docs/product.md §3 Tenant. */
export const tenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  theme: z.enum(['light', 'dark', 'auto']),
  branding: z.object({
    customColors: z.object({ primary: z.string().optional(), secondary: z.string().optional() }).optional(),
    fonts: z.object({ body: z.string().optional(), display: z.string().optional() }).optional(),
    logoCid: z.string().optional(),
  }),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** docs/product.md §3 Session (auth). */
export const authSessionSchema = z.object({
  sessionId: z.uuid(),
  fingerprint: z.string(),
  permissions: z.array(z.string()),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const authTokensSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
});

/** Answer of POST /auth/login, POST /auth/refresh and POST /auth/wallet/session. */
export const authResultSchema = z.object({
  user: userSchema,
  company: companySummarySchema,
  tenant: tenantSchema,
  tokens: authTokensSchema,
  session: authSessionSchema,
});
export type AuthResult = z.infer<typeof authResultSchema>;

/** Answer of GET /auth/session (restore): the caller already holds a token. */
export const sessionRestoreSchema = authResultSchema.omit({ tokens: true });
export type SessionRestore = z.infer<typeof sessionRestoreSchema>;

export const profileUpdateRequest = z
  .object({
    firstName: singleLineText().trim().min(1).max(100),
    lastName: singleLineText().trim().min(1).max(100),
    phone: singleLineText().trim().max(40).nullable(),
    jobTitle: singleLineText().trim().max(120).nullable(),
    bio: multiLineText().trim().max(2000).nullable(),
    department: singleLineText().trim().max(120).nullable(),
  })
  .partial()
  .strict();
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

export const csrfTokenSchema = z.object({ token: z.string().regex(CSRF_TOKEN_PATTERN) });

/** GET /auth/session sends the stored session id and fingerprint as headers (HEADERS in constants). */
export const sessionRestoreHeaders = z.object({
  'x-session-id': z.uuid(),
  'x-session-fingerprint': z.string().min(1).max(200),
});

export const walletTypeSchema = z.enum(['phantom', 'solflare', 'backpack', 'onekey', 'ledger', 'local-dev', 'other']);

/** Base58 Solana address (32-byte ed25519 public key). */
export const solanaAddressField = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid wallet address');
export const base64Field = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Invalid base64');

/** A Sign-In-With-Solana challenge the server issues before a wallet signs. */
export const walletChallengeRequest = z.object({ walletAddress: solanaAddressField });
export const walletChallengeSchema = z.object({ message: z.string(), nonce: z.string(), issuedAt: z.string(), expiresAt: z.string() });

export const walletSessionRequest = z.object({
  email: emailField,
  password: loginPasswordField,
  walletAddress: solanaAddressField,
  signature: base64Field,
  message: multiLineText().min(1).max(2000),
  /** Asked for like at the password sign-in: with MFA on, the wallet is no substitute for the second factor. */
  mfaToken: mfaTokenField.optional(),
  recoveryCode: recoveryCodeField.optional(),
});
export type WalletSessionRequest = z.infer<typeof walletSessionRequest>;

export const walletLinkRequest = z.object({
  walletAddress: solanaAddressField,
  walletType: walletTypeSchema,
  signature: base64Field,
  message: multiLineText().min(1).max(2000),
});
export type WalletLinkRequest = z.infer<typeof walletLinkRequest>;

export const linkedWalletSchema = z.object({
  walletAddress: z.string(),
  walletType: walletTypeSchema,
  linkedAt: z.string(),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;

/** Answer of POST /auth/wallet/session: the sign-in answer plus the docs/product.md §7 wallet.address and access_token. */
export const walletSessionResultSchema = authResultSchema.extend({
  wallet: z.object({ address: z.string(), walletType: walletTypeSchema }),
  access_token: z.string(),
});
export type WalletSessionResult = z.infer<typeof walletSessionResultSchema>;

/** MFA enrolment: secret as otpauth URL and QR image, then a 6-digit confirmation. */
export const mfaEnrolmentSchema = z.object({ otpauthUrl: z.string(), qrCodeDataUrl: z.string(), secret: z.string() });
export const mfaConfirmRequest = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
export const mfaStatusSchema = z.object({ mfaEnabled: z.boolean() });
export const mfaRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /users/{id}/unlock and /disable answer the user's state after the change. */
export const userAccessStateSchema = z.object({
  userId: z.uuid(),
  status: userStatusSchema,
  lockedUntil: z.string().nullable(),
  revokedSessions: z.number().int().nonnegative(),
});
export type UserAccessState = z.infer<typeof userAccessStateSchema>;

/** GET /security/locked-accounts: an account locked by failed sign-ins, for an administrator to unlock. */
export const lockedAccountSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  lockedUntil: z.string(),
  consecutiveFailures: z.number().int().nonnegative(),
});
export type LockedAccount = z.infer<typeof lockedAccountSchema>;

export const idParams = z.object({ id: z.uuid() });
