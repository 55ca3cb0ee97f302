import { z } from 'zod';
import { base64Field, solanaAddressField, walletTypeSchema } from './auth';
import { multiLineText, singleLineText } from './text';

/** docs/product.md §4 wallet statuses; suspended and revoked are shown as not active. */
export const companyWalletStatusSchema = z.enum(['pending', 'approved', 'rejected', 'active', 'suspended', 'revoked']);
export type CompanyWalletStatus = z.infer<typeof companyWalletStatusSchema>;
export const companyWalletKindSchema = z.enum(['external', 'platform_managed']);
export type CompanyWalletKind = z.infer<typeof companyWalletKindSchema>;

/** Statuses in which a wallet may hold, move and burn tokens. */
export const OPERATIONAL_WALLET_STATUSES: readonly CompanyWalletStatus[] = ['approved', 'active'];

export function isOperationalWalletStatus(status: CompanyWalletStatus): boolean {
  return OPERATIONAL_WALLET_STATUSES.includes(status);
}

/** docs/product.md §8 wallet texts. */
export const walletTexts = {
  alreadyApproved: 'This wallet is already approved.',
  alreadyPending: 'This wallet is already registered and pending approval.',
  previouslyRejected: 'This wallet was previously rejected. Please contact an administrator.',
  notActive: 'This wallet is not active.',
  registerFailed: 'Failed to register wallet.',
  removeFailed: 'Failed to remove wallet.',
  setPrimaryFailed: 'Failed to set primary wallet.',
  notConnected: 'Wallet not connected or user not authenticated.',
  registered: 'Wallet registered. An administrator must approve it before token operations (up to 24 business hours).',
  onlyApproved: 'Only approved wallets can perform token operations.',
  registeredElsewhere: 'This wallet is already registered to another company.',
  stillHoldsTokens: 'Failed to remove wallet. It still holds tokens; move or retire them first.',
  invalidSignature: 'The wallet signature is invalid.',
  challengeUsed: 'This ownership message was already used. Please sign again.',
  challengeExpired: 'This ownership message has expired. Please sign again.',
  challengeMismatch: 'The signed message was not issued for this wallet. Please request a new one.',
  approved: 'Wallet approved.',
  rejected: 'Wallet rejected.',
  suspended: 'Wallet suspended.',
  revoked: 'Wallet revoked.',
  reactivated: 'Wallet reactivated.',
  primarySet: 'Primary wallet set.',
  removed: 'Wallet removed.',
  loadFailed: 'Failed to load wallet information. Please try again later.',
  approvedChainPending: 'Wallet approved. Its token accounts could not be opened on chain yet; approve it again to retry.',
  freezeFailed: 'The wallet status was changed, but its token accounts could not be frozen on chain. Please try again.',
  pendingApprovalTitle: 'Wallet awaiting approval',
} as const;

/** docs/product.md §3 Allowed mint: a project token of the tenant that approved wallets may hold. */
export const allowedMintSchema = z.object({ mint: z.string(), symbol: z.string(), tokenName: z.string() });
export type AllowedMint = z.infer<typeof allowedMintSchema>;

export const tokenBalanceSchema = z.object({
  mint: z.string(),
  account: z.string(),
  symbol: z.string().nullable(),
  tokenName: z.string().nullable(),
  /** Base units as a decimal string (bigint on the server). */
  amount: z.string(),
  decimals: z.number().int(),
  frozen: z.boolean(),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** docs/product.md §3 Company wallet (a row of the list: wallet, type, status, registered at, approved by). */
export const companyWalletSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  address: z.string(),
  name: z.string().nullable(),
  type: companyWalletKindSchema,
  provider: walletTypeSchema.nullable(),
  status: companyWalletStatusSchema,
  /** False for pending, rejected, suspended and revoked: shown as not active. */
  operational: z.boolean(),
  primary: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Display name of the administrator who approved it. */
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  statusReason: z.string().nullable(),
  /** When the wallet signed the on-chain verification memo (prepare-verification). */
  verifiedOnChainAt: z.string().nullable(),
});
export type CompanyWallet = z.infer<typeof companyWalletSchema>;

export const companyWalletDetailSchema = companyWalletSchema.extend({
  solBalanceLamports: z.string(),
  balances: z.array(tokenBalanceSchema),
  allowedMints: z.array(allowedMintSchema),
  explorerUrl: z.string(),
});
export type CompanyWalletDetail = z.infer<typeof companyWalletDetailSchema>;

export const walletOwnershipChallengeRequest = z.object({ address: solanaAddressField });
export type WalletOwnershipChallengeRequest = z.infer<typeof walletOwnershipChallengeRequest>;
export const walletOwnershipChallengeSchema = z.object({ message: z.string(), nonce: z.string(), expiresAt: z.string() });
export type WalletOwnershipChallenge = z.infer<typeof walletOwnershipChallengeSchema>;

const walletNameField = singleLineText().trim().max(80).optional();

export const registerExternalWalletRequest = z.object({
  address: solanaAddressField,
  name: walletNameField,
  provider: walletTypeSchema,
  message: multiLineText().min(1).max(2000),
  /** base64 ed25519 signature of the UTF-8 message by the wallet's key. */
  signature: base64Field,
});
export type RegisterExternalWalletRequest = z.infer<typeof registerExternalWalletRequest>;

export const createManagedWalletRequest = z.object({ name: walletNameField });
export type CreateManagedWalletRequest = z.infer<typeof createManagedWalletRequest>;

/** Reject, suspend and revoke say why; the reason is shown to the company. */
export const walletReasonRequest = z.object({ reason: multiLineText().trim().min(1, 'A reason is required').max(500) });
export type WalletReasonRequest = z.infer<typeof walletReasonRequest>;

export const walletListQuery = z.object({
  status: companyWalletStatusSchema.optional(),
  /** Administrators only: another company of the tenant, or every company when status is given. */
  companyId: z.uuid().optional(),
});
export type WalletListQuery = z.infer<typeof walletListQuery>;

export const walletIdParams = z.object({ id: z.uuid() });
