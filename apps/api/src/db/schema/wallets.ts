import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CompanyWalletKind, CompanyWalletStatus } from '@carbonledger/contracts';
import { at, companyId, createdAt, generatedId, tenantId, userRef } from './columns';
import { chainSubmissions } from './chain';

export const companyWallets = pgTable('company_wallets', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  address: text('address').notNull(),
  name: text('name'),
  type: text('type').$type<CompanyWalletKind>().notNull(),
  provider: text('provider'),
  status: text('status').$type<CompanyWalletStatus>().notNull().default('pending'),
  isPrimary: boolean('is_primary').notNull().default(false),
  encryptedSecret: text('encrypted_secret'),
  statusReason: text('status_reason'),
  createdBy: userRef('created_by'),
  createdAt: createdAt(),
  approvedBy: userRef('approved_by'),
  approvedAt: at('approved_at'),
  statusChangedAt: at('status_changed_at').notNull().defaultNow(),
  verificationTransactionId: uuid('verification_transaction_id').references(() => chainSubmissions.id),
  verifiedOnChainAt: at('verified_on_chain_at'),
  removedAt: at('removed_at'),
});

export const walletOwnershipChallenges = pgTable('wallet_ownership_challenges', {
  nonce: text('nonce').primaryKey(),
  tenantId: tenantId(),
  userId: userRef('user_id').notNull(),
  address: text('address').notNull(),
  message: text('message').notNull(),
  issuedAt: at('issued_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const tokenMints = pgTable('token_mints', {
  id: generatedId(),
  tenantId: tenantId(),
  projectReference: text('project_reference'),
  mintAddress: text('mint_address').notNull(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  decimals: integer('decimals').notNull().default(0),
  createdAt: createdAt(),
});
