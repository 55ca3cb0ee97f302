import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { MintFees, MintingJobStatus, MintOperationStatus, ProjectType, RegistryId } from '@carbonledger/contracts';
import { tenants } from './foundation';
import { at, companyId, createdAt, generatedId, tenantId, units, updatedAt, userRef } from './columns';
import { companyWallets } from './wallets';
import { vcuBlocks } from './registry';

export const mintingSettings = pgTable('minting_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  approvalLimit: units('approval_limit').notNull(),
  pricesUsdCents: jsonb('prices_usd_cents').$type<Partial<Record<ProjectType, number>>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export const projectMints = pgTable('project_mints', {
  id: generatedId(),
  tenantId: tenantId(),
  registry: text('registry').$type<RegistryId>().notNull(),
  projectId: text('project_id').notNull(),
  vintage: integer('vintage').notNull(),
  mintAddress: text('mint_address').notNull(),
  status: text('status').$type<'creating' | 'created'>().notNull(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const mintPreviews = pgTable('mint_previews', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  userId: userRef('user_id').notNull(),
  registry: text('registry').$type<RegistryId>().notNull(),
  projectId: text('project_id').notNull(),
  projectName: text('project_name').notNull(),
  vintage: integer('vintage').notNull(),
  quantity: units('quantity').notNull(),
  tokenName: text('token_name').notNull(),
  symbol: text('symbol').notNull(),
  description: text('description'),
  logoUrl: text('logo_url'),
  decimals: integer('decimals').notNull(),
  walletId: uuid('wallet_id')
    .notNull()
    .references(() => companyWallets.id),
  walletAddress: text('wallet_address').notNull(),
  valid: boolean('valid').notNull(),
  fees: jsonb('fees').$type<MintFees>().notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
});

export const mintOperations = pgTable('mint_operations', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  userId: userRef('user_id'),
  previewId: uuid('preview_id').references(() => mintPreviews.id),
  registry: text('registry').$type<RegistryId>().notNull(),
  projectId: text('project_id').notNull(),
  projectName: text('project_name').notNull(),
  vintage: integer('vintage').notNull(),
  quantity: units('quantity').notNull(),
  tokenName: text('token_name').notNull(),
  symbol: text('symbol').notNull(),
  description: text('description'),
  logoUrl: text('logo_url'),
  decimals: integer('decimals').notNull(),
  walletId: uuid('wallet_id')
    .notNull()
    .references(() => companyWallets.id),
  walletAddress: text('wallet_address').notNull(),
  status: text('status').$type<MintOperationStatus>().notNull().default('pending'),
  mintAddress: text('mint_address'),
  signature: text('signature'),
  serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull().default([]),
  error: text('error'),
  approvalRequestId: uuid('approval_request_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: at('completed_at'),
});

export const mintingJobs = pgTable('minting_jobs', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  userId: userRef('user_id'),
  walletId: uuid('wallet_id')
    .notNull()
    .references(() => companyWallets.id),
  walletAddress: text('wallet_address').notNull(),
  vcuCount: integer('vcu_count').notNull(),
  totalAmount: units('total_amount').notNull(),
  mintedAmount: units('minted_amount').notNull().default(0n),
  status: text('status').$type<MintingJobStatus>().notNull().default('pending'),
  progress: integer('progress').notNull().default(0),
  error: text('error'),
  runnerLeaseUntil: at('runner_lease_until'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: at('completed_at'),
});

export const mintingJobItems = pgTable('minting_job_items', {
  id: generatedId(),
  tenantId: tenantId(),
  jobId: uuid('job_id')
    .notNull()
    .references(() => mintingJobs.id),
  chunk: integer('chunk').notNull(),
  vcuBlockId: uuid('vcu_block_id')
    .notNull()
    .references(() => vcuBlocks.id),
  serialNumber: text('serial_number').notNull(),
  registry: text('registry').$type<RegistryId>().notNull(),
  projectId: text('project_id').notNull(),
  vintage: integer('vintage').notNull(),
  units: units('units').notNull(),
  status: text('status').$type<'pending' | 'minted'>().notNull().default('pending'),
  mintAddress: text('mint_address'),
  signature: text('signature'),
});
