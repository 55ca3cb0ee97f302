import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CompanyWalletKind, CompanyWalletStatus } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';
import { chainSubmissions } from './chain';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const companyWallets = pgTable('company_wallets', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  address: text('address').notNull(),
  name: text('name'),
  type: text('type').$type<CompanyWalletKind>().notNull(),
  provider: text('provider'),
  status: text('status').$type<CompanyWalletStatus>().notNull().default('pending'),
  isPrimary: boolean('is_primary').notNull().default(false),
  encryptedSecret: text('encrypted_secret'),
  statusReason: text('status_reason'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: at('created_at').notNull().defaultNow(),
  approvedBy: uuid('approved_by').references(() => users.id),
  approvedAt: at('approved_at'),
  statusChangedAt: at('status_changed_at').notNull().defaultNow(),
  verificationTransactionId: uuid('verification_transaction_id').references(() => chainSubmissions.id),
  verifiedOnChainAt: at('verified_on_chain_at'),
  removedAt: at('removed_at'),
});

export const walletOwnershipChallenges = pgTable('wallet_ownership_challenges', {
  nonce: text('nonce').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  address: text('address').notNull(),
  message: text('message').notNull(),
  issuedAt: at('issued_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const tokenMints = pgTable('token_mints', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  projectReference: text('project_reference'),
  mintAddress: text('mint_address').notNull(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  decimals: integer('decimals').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});
