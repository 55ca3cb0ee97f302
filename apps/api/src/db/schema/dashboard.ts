import { jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { DashboardLayoutItem } from '@carbonledger/contracts';
import { tenantId, updatedAt, userRef } from './columns';

/** docs/product.md §2 personalisable dashboard: one row per user who arranged it (migration 0039). */
export const dashboardLayouts = pgTable('dashboard_layouts', {
  userId: userRef('user_id').primaryKey(),
  tenantId: tenantId(),
  items: jsonb('items').$type<DashboardLayoutItem[]>().notNull(),
  updatedAt: updatedAt(),
});
