import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { KycTier } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { companies, companyCompliance, companyWallets, kycCases, kycDocuments, users } from '../../db/schema';

export type ProfileRow = typeof companyCompliance.$inferSelect;
export type CompanyRow = Pick<typeof companies.$inferSelect, 'id' | 'name' | 'kycStatus' | 'isPlatform'>;

const companyColumns = { id: companies.id, name: companies.name, kycStatus: companies.kycStatus, isPlatform: companies.isPlatform };

export async function findCompany(tx: Tx, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select(companyColumns).from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function findProfile(tx: Tx, companyId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(companyCompliance).where(eq(companyCompliance.companyId, companyId));
  return row;
}

/** The company's profile row, created with the default tier's bounds if it has none, locked until the transaction ends. */
export async function lockProfile(
  tx: Tx,
  tenantId: string,
  companyId: string,
  defaults: { kycTier: KycTier; daily: bigint; monthly: bigint },
): Promise<ProfileRow> {
  await tx
    .insert(companyCompliance)
    .values({ tenantId, companyId, kycTier: defaults.kycTier, dailyLimit: defaults.daily, monthlyLimit: defaults.monthly })
    .onConflictDoNothing({ target: companyCompliance.companyId });
  const [row] = await tx.select().from(companyCompliance).where(eq(companyCompliance.companyId, companyId)).for('update');
  return row!;
}

export async function updateProfile(tx: Tx, companyId: string, values: Partial<typeof companyCompliance.$inferInsert>): Promise<ProfileRow> {
  const [row] = await tx.update(companyCompliance).set(values).where(eq(companyCompliance.companyId, companyId)).returning();
  return row!;
}

export async function userName(tx: Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) return null;
  return [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;
}

export interface VolumeRow {
  minted: bigint;
  retired: string;
}

/**
 * The company's tCO2e since `since`, per kind (docs/product.md §5 Compliance limits): tokenised —
 * mint operations and batch VCU jobs that did not fail (one awaiting approval counts: it may still
 * run) — and retired — retirements neither failed nor cancelled. Amounts are in whole and
 * fractional tonnes (a retirement's decimals differ per mint).
 */
export async function volumeSince(tx: Tx, companyId: string, since: Date): Promise<VolumeRow> {
  const [row] = rowsOf<{ minted: string | null; retired: string | null }>(
    await tx.execute(sql`
      select
        (select coalesce(sum(quantity), 0) from mint_operations
          where company_id = ${companyId} and status <> 'failed' and created_at >= ${since.toISOString()}::timestamptz)
        + (select coalesce(sum(total_amount), 0) from minting_jobs
          where company_id = ${companyId} and status <> 'failed' and created_at >= ${since.toISOString()}::timestamptz) as minted,
        (select coalesce(sum(amount::numeric / power(10::numeric, decimals)), 0) from retirements
          where company_id = ${companyId} and status not in ('failed', 'cancelled') and created_at >= ${since.toISOString()}::timestamptz) as retired`),
  );
  return { minted: BigInt(row?.minted ?? '0'), retired: row?.retired ?? '0' };
}

export type KycCaseFacts = Pick<typeof kycCases.$inferSelect, 'id' | 'riskLevel' | 'score' | 'checklist' | 'status'>;

/** The company's latest KYC case: the officers' risk level, score and checklist. */
export async function latestKycCase(tx: Tx, companyId: string): Promise<KycCaseFacts | undefined> {
  const [row] = await tx
    .select({ id: kycCases.id, riskLevel: kycCases.riskLevel, score: kycCases.score, checklist: kycCases.checklist, status: kycCases.status })
    .from(kycCases)
    .where(eq(kycCases.companyId, companyId))
    .orderBy(desc(kycCases.createdAt))
    .limit(1);
  return row;
}

/** The documents of a case that were not withdrawn: type, category and review status only, never their content. */
export async function caseDocuments(tx: Tx, caseId: string) {
  return tx
    .select({
      id: kycDocuments.id,
      documentType: kycDocuments.documentType,
      category: kycDocuments.category,
      status: kycDocuments.status,
      createdAt: kycDocuments.createdAt,
    })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.caseId, caseId), isNull(kycDocuments.removedAt)))
    .orderBy(kycDocuments.createdAt);
}

export type CompanyWalletRow = Pick<typeof companyWallets.$inferSelect, 'id' | 'address' | 'status'>;

/** The company's wallets that were not removed: their token accounts follow the company's KYC status. */
export async function walletsOfCompany(tx: Tx, companyId: string): Promise<CompanyWalletRow[]> {
  return tx
    .select({ id: companyWallets.id, address: companyWallets.address, status: companyWallets.status })
    .from(companyWallets)
    .where(and(eq(companyWallets.companyId, companyId), isNull(companyWallets.removedAt)));
}

/** Takes the company's chain-step lease if nobody holds it (or it ran out); false when another runner has it. */
export async function claimSyncLease(tx: Tx, companyId: string, until: Date): Promise<boolean> {
  const claimed = await tx
    .update(companyCompliance)
    .set({ syncLeaseUntil: until })
    .where(and(eq(companyCompliance.companyId, companyId), or(isNull(companyCompliance.syncLeaseUntil), lt(companyCompliance.syncLeaseUntil, new Date()))))
    .returning({ companyId: companyCompliance.companyId });
  return claimed.length > 0;
}

/**
 * Companies of every tenant whose token accounts do not follow their KYC status yet: approved
 * but last frozen, or not approved with wallets whose accounts were not frozen for it since.
 * Read by the sweep under the system role.
 */
export async function companiesOutOfStep(tx: Tx): Promise<{ tenantId: string; companyId: string }[]> {
  return rowsOf<{ tenantId: string; companyId: string }>(
    await tx.execute(sql`
      select c.tenant_id as "tenantId", c.id as "companyId" from companies c
      left join company_compliance p on p.company_id = c.id
      where (c.kyc_status = 'approved' and p.token_accounts = 'frozen')
         or (c.kyc_status <> 'approved' and p.token_accounts is distinct from 'frozen'
             and exists (select 1 from company_wallets w where w.company_id = c.id and w.removed_at is null and w.status in ('approved', 'active')))`),
  );
}
