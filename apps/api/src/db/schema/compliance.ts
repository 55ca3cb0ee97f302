import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { KycTier } from '@carbonledger/contracts';
import { companies } from './foundation';
import { at, tenantId, updatedAt, userRef } from './columns';

const tonnes = (name: string) => bigint(name, { mode: 'bigint' });

/** A company's compliance profile and the state its token accounts follow its KYC status to (migration 0024). */
export const companyCompliance = pgTable(
  'company_compliance',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id),
    tenantId: tenantId(),
    kycTier: text('kyc_tier').$type<KycTier>().notNull().default('standard'),
    dailyLimit: tonnes('daily_limit').notNull(),
    monthlyLimit: tonnes('monthly_limit').notNull(),
    tokenAccounts: text('token_accounts').$type<'open' | 'frozen'>(),
    syncLeaseUntil: at('sync_lease_until'),
    updatedBy: userRef('updated_by'),
    updatedAt: updatedAt(),
  },
  (table) => [index('company_compliance_tenant').on(table.tenantId)],
);
