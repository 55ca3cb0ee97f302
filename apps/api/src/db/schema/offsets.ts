import { bigint, date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { OffsetSourcing, RetirementReason } from '@carbonledger/contracts';
import { at, companyId, createdAt, generatedId, tenantId, updatedAt, userRef } from './columns';
import { retirements } from './retirements';

/** What is stored of a request's status; `completed` is read from its retirement (offsets.view.ts). */
export type StoredOffsetStatus = 'pending_approval' | 'approved' | 'retiring' | 'rejected' | 'failed' | 'withdrawn';

/** An offset request (migration 0025, docs/product.md §2 /offsets/requests). */
export const offsetRequests = pgTable('offset_requests', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  requestedBy: userRef('requested_by'),
  sourcing: text('sourcing').$type<OffsetSourcing>().notNull(),
  status: text('status').$type<StoredOffsetStatus>().notNull().default('pending_approval'),
  tokenMint: text('token_mint').notNull(),
  tokenSymbol: text('token_symbol').notNull(),
  projectId: text('project_id').notNull(),
  projectName: text('project_name').notNull(),
  walletAddress: text('wallet_address'),
  quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
  beneficiaryName: text('beneficiary_name').notNull(),
  purpose: text('purpose').notNull(),
  reason: text('reason').$type<RetirementReason>().notNull(),
  country: text('country').notNull(),
  requestedDate: date('requested_date', { mode: 'string' }).notNull(),
  approvalId: text('approval_id'),
  retirementId: uuid('retirement_id').references(() => retirements.id),
  error: text('error'),
  decidedAt: at('decided_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
