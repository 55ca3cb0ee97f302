import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { KycTier } from '@carbonledger/contracts';
import { companies, tenants, users } from './foundation';

const at = (name: string) => timestamp(name, { withTimezone: true });
const tonnes = (name: string) => bigint(name, { mode: 'bigint' });

/** A company's compliance profile and the state its token accounts follow its KYC status to (migration 0024). */
export const companyCompliance = pgTable(
  'company_compliance',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kycTier: text('kyc_tier').$type<KycTier>().notNull().default('standard'),
    dailyLimit: tonnes('daily_limit').notNull(),
    monthlyLimit: tonnes('monthly_limit').notNull(),
    tokenAccounts: text('token_accounts').$type<'open' | 'frozen'>(),
    syncLeaseUntil: at('sync_lease_until'),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('company_compliance_tenant').on(table.tenantId)],
);
