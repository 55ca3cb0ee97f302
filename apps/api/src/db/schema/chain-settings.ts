import { bigint, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PriorityFeePolicy } from '@carbonledger/contracts';
import { tenants, users } from './foundation';

/** Migration 0026: the tenant's chain settings (Settings → Blockchain). */
export const chainSettings = pgTable('chain_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  priorityFee: jsonb('priority_fee').$type<PriorityFeePolicy>().notNull(),
  slippageBps: integer('slippage_bps').notNull(),
  lowBalanceLamports: bigint('low_balance_lamports', { mode: 'bigint' }).notNull(),
  lowBalanceAlerted: jsonb('low_balance_alerted').$type<string[]>().notNull().default([]),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
