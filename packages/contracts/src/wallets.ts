import { z } from 'zod';
import { base64Field, solanaAddressField, walletTypeSchema } from './auth';

/** SPEC §4 wallet statuses; suspended and revoked are shown as not active. */
export const companyWalletStatusSchema = z.enum(['pending', 'approved', 'rejected', 'active', 'suspended', 'revoked']);
export type CompanyWalletStatus = z.infer<typeof companyWalletStatusSchema>;
export const companyWalletKindSchema = z.enum(['external', 'platform_managed']);

/** Statuses in which a wallet may hold, move and burn tokens. */
export const OPERATIONAL_WALLET_STATUSES: readonly CompanyWalletStatus[] = ['approved', 'active'];

/** SPEC §8 wallet texts. */
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
} as const;

/** SPEC §3 Allowed mint. */
export const allowedMintSchema = z.object({ mint: z.string(), symbol: z.string(), tokenName: z.string() });

export const tokenBalanceSchema = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  tokenName: z.string().nullable(),
  amount: z.string(),
  decimals: z.number().int(),
  frozen: z.boolean(),
});

/** SPEC §3 Company wallet. */
export const companyWalletSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  address: z.string(),
  name: z.string().nullable(),
  type: companyWalletKindSchema,
  provider: walletTypeSchema.nullable(),
  status: companyWalletStatusSchema,
  primary: z.boolean(),
  createdAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  statusReason: z.string().nullable(),
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
export const walletOwnershipChallengeSchema = z.object({ message: z.string(), expiresAt: z.string() });

export const registerExternalWalletRequest = z.object({
  address: solanaAddressField,
  name: z.string().trim().max(80).optional(),
  provider: walletTypeSchema,
  message: z.string().min(1),
  signature: base64Field,
});

export const createManagedWalletRequest = z.object({ name: z.string().trim().max(80).optional() });

export const walletDecisionRequest = z.object({ reason: z.string().trim().max(500).optional() });

export const walletListQuery = z.object({
  status: companyWalletStatusSchema.optional(),
  companyId: z.uuid().optional(),
});
