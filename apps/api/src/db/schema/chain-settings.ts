import { bigint, integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { PriorityFeePolicy } from '@carbonledger/contracts';
import { tenants } from './foundation';
import { updatedAt, userRef } from './columns';

/** Migration 0026: the tenant's chain settings (Settings → Blockchain). */
export const chainSettings = pgTable('chain_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  priorityFee: jsonb('priority_fee').$type<PriorityFeePolicy>().notNull(),
  slippageBps: integer('slippage_bps').notNull(),
  lowBalanceLamports: bigint('low_balance_lamports', { mode: 'bigint' }).notNull(),
  lowBalanceAlerted: jsonb('low_balance_alerted').$type<string[]>().notNull().default([]),
  updatedBy: userRef('updated_by'),
  updatedAt: updatedAt(),
});
