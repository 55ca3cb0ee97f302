import { sql } from 'drizzle-orm';
import { bigint, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OffsetSourcing, RetirementReason } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';
import { retirements } from './retirements';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What is stored of a request's status; `completed` is read from its retirement (offsets.view.ts). */
export type StoredOffsetStatus = 'pending_approval' | 'approved' | 'retiring' | 'rejected' | 'failed';

/** An offset request (migration 0025, docs/product.md §2 /offsets/requests). */
export const offsetRequests = pgTable('offset_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  requestedBy: uuid('requested_by').references(() => users.id),
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
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
