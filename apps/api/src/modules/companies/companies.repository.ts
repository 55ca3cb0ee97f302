import { asc, eq } from 'drizzle-orm';
import type { KycStatus } from '../../db/schema';
import type { Tx } from '../../db/database';
import { companies } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export async function listCompanies(tx: Tx, onlyId?: string): Promise<CompanyRow[]> {
  return tx
    .select()
    .from(companies)
    .where(onlyId ? eq(companies.id, onlyId) : undefined)
    .orderBy(asc(companies.isPlatform), asc(companies.name));
}

export async function findCompanyForUpdate(tx: Tx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function setKycStatus(tx: Tx, id: string, kycStatus: KycStatus): Promise<CompanyRow> {
  const [row] = await tx.update(companies).set({ kycStatus, updatedAt: new Date() }).where(eq(companies.id, id)).returning();
  return row!;
}
