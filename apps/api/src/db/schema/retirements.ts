import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CompanyWalletKind, RegistryId, RetirementReason, RetirementStatus } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';
import { companyWallets } from './wallets';
import { chainSubmissions } from './chain';

const at = (name: string) => timestamp(name, { withTimezone: true });
const units = (name: string) => bigint(name, { mode: 'bigint' });

export const retirements = pgTable('retirements', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  userId: uuid('user_id').references(() => users.id),
  walletId: uuid('wallet_id')
    .notNull()
    .references(() => companyWallets.id),
  walletAddress: text('wallet_address').notNull(),
  walletType: text('wallet_type').$type<CompanyWalletKind>().notNull(),
  tokenMint: text('token_mint').notNull(),
  tokenSymbol: text('token_symbol').notNull(),
  projectId: text('project_id').notNull(),
  projectName: text('project_name').notNull(),
  registry: text('registry').$type<RegistryId>().notNull(),
  vintage: integer('vintage').notNull(),
  amount: units('amount').notNull(),
  decimals: integer('decimals').notNull(),
  reason: text('reason').$type<RetirementReason>().notNull(),
  country: text('country').notNull(),
  subdivision: text('subdivision'),
  memo: text('memo'),
  beneficiaryName: text('beneficiary_name').notNull(),
  beneficiaryHash: text('beneficiary_hash').notNull(),
  status: text('status').$type<RetirementStatus>().notNull(),
  scheduledFor: at('scheduled_for'),
  certificateNumber: text('certificate_number').notNull(),
  certificateMint: text('certificate_mint'),
  transactionId: uuid('transaction_id').references(() => chainSubmissions.id),
  approvalTransactionId: uuid('approval_transaction_id').references(() => chainSubmissions.id),
  cancelTransactionId: uuid('cancel_transaction_id').references(() => chainSubmissions.id),
  signature: text('signature'),
  registryReference: text('registry_reference'),
  serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull().default([]),
  error: text('error'),
  runnerLeaseUntil: at('runner_lease_until'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  completedAt: at('completed_at'),
  cancelledAt: at('cancelled_at'),
});

export const certificates = pgTable('certificates', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  retirementId: uuid('retirement_id')
    .notNull()
    .references(() => retirements.id),
  number: text('number').notNull(),
  mintAddress: text('mint_address').notNull(),
  holderAddress: text('holder_address').notNull(),
  amount: units('amount').notNull(),
  decimals: integer('decimals').notNull(),
  tokenMint: text('token_mint').notNull(),
  tokenSymbol: text('token_symbol').notNull(),
  projectId: text('project_id').notNull(),
  projectName: text('project_name').notNull(),
  developer: text('developer').notNull(),
  projectLocation: text('project_location').notNull(),
  methodology: text('methodology').notNull(),
  standard: text('standard').notNull(),
  vintage: integer('vintage').notNull(),
  registry: text('registry').$type<RegistryId>().notNull(),
  registryReference: text('registry_reference'),
  serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull().default([]),
  beneficiaryName: text('beneficiary_name').notNull(),
  beneficiaryHash: text('beneficiary_hash').notNull(),
  reason: text('reason').$type<RetirementReason>().notNull(),
  country: text('country').notNull(),
  subdivision: text('subdivision'),
  burnSignature: text('burn_signature').notNull(),
  certificateSignature: text('certificate_signature').notNull(),
  metadataHash: text('metadata_hash').notNull(),
  issuedAt: at('issued_at').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
