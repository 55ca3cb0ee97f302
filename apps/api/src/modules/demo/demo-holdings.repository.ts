import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companies, companyWallets, mintOperations, retirements, tenants, users } from '../../db/schema';

export interface DemoUserRow {
  id: string;
  tenantId: string;
  companyId: string;
  email: string;
  role: Role;
}

export async function findTenantBySlug(tx: Tx, slug: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  return row;
}

export async function findCompanyByName(tx: Tx, tenantId: string, name: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.name, name)));
  return row;
}

export async function findUsersByEmail(tx: Tx, tenantId: string, emails: readonly string[]): Promise<DemoUserRow[]> {
  return tx
    .select({ id: users.id, tenantId: users.tenantId, companyId: users.companyId, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.email, [...emails])));
}

/** The company's wallet of this name, removed ones included: its existence says the seed ran. */
export async function findWalletByName(tx: Tx, companyId: string, name: string) {
  const [row] = await tx
    .select({ id: companyWallets.id, address: companyWallets.address, status: companyWallets.status })
    .from(companyWallets)
    .where(and(eq(companyWallets.companyId, companyId), eq(companyWallets.name, name)));
  return row;
}

export async function mintOperationsOfWallet(tx: Tx, walletId: string) {
  return tx
    .select({ status: mintOperations.status, mintAddress: mintOperations.mintAddress })
    .from(mintOperations)
    .where(eq(mintOperations.walletId, walletId));
}

export async function hasRetirementFromWallet(tx: Tx, walletId: string): Promise<boolean> {
  const rows = await tx.select({ id: retirements.id }).from(retirements).where(eq(retirements.walletId, walletId)).limit(1);
  return rows.length > 0;
}
