import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CompanyWalletStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companies, companyWallets, users, walletOwnershipChallenges } from '../../db/schema';

export type WalletRow = typeof companyWallets.$inferSelect;
export type NewWalletRow = typeof companyWallets.$inferInsert;

/** A wallet with the names the list shows: its company and the approving administrator. */
export interface WalletView extends WalletRow {
  companyName: string;
  approvedByName: string | null;
  createdByName: string | null;
}

const approver = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${companyWallets.approvedBy})`;
const creator = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${companyWallets.createdBy})`;

function selectViews(tx: Tx) {
  return tx
    .select({ wallet: companyWallets, companyName: companies.name, approvedByName: approver, createdByName: creator })
    .from(companyWallets)
    .innerJoin(companies, eq(companies.id, companyWallets.companyId));
}

type ViewRow = { wallet: WalletRow; companyName: string; approvedByName: string | null; createdByName: string | null };
const toView = (row: ViewRow): WalletView => ({
  ...row.wallet,
  companyName: row.companyName,
  approvedByName: row.approvedByName,
  createdByName: row.createdByName,
});

export async function listWalletViews(tx: Tx, filter: { companyId?: string; status?: CompanyWalletStatus }): Promise<WalletView[]> {
  const conditions = [isNull(companyWallets.removedAt)];
  if (filter.companyId) conditions.push(eq(companyWallets.companyId, filter.companyId));
  if (filter.status) conditions.push(eq(companyWallets.status, filter.status));
  const rows = await selectViews(tx)
    .where(and(...conditions))
    .orderBy(desc(companyWallets.isPrimary), desc(companyWallets.createdAt), asc(companyWallets.id));
  return rows.map(toView);
}

export async function findWalletView(tx: Tx, id: string): Promise<WalletView | undefined> {
  const [row] = await selectViews(tx).where(and(eq(companyWallets.id, id), isNull(companyWallets.removedAt)));
  return row ? toView(row) : undefined;
}

/** Locks the wallet row for a state change, so two decisions on it run one after the other. */
export async function findWalletForUpdate(tx: Tx, id: string): Promise<WalletRow | undefined> {
  const [row] = await tx
    .select()
    .from(companyWallets)
    .where(and(eq(companyWallets.id, id), isNull(companyWallets.removedAt)))
    .for('update');
  return row;
}

/** Any visible row with this address, removed ones included (a removed wallet can be registered again). */
export async function findWalletByAddress(tx: Tx, address: string): Promise<WalletRow | undefined> {
  const [row] = await tx.select().from(companyWallets).where(eq(companyWallets.address, address));
  return row;
}

/** Inserts unless the address is taken anywhere on the platform (undefined then). */
export async function insertWalletIfAddressFree(tx: Tx, values: NewWalletRow): Promise<WalletRow | undefined> {
  const [row] = await tx.insert(companyWallets).values(values).onConflictDoNothing({ target: companyWallets.address }).returning();
  return row;
}

export async function updateWallet(tx: Tx, id: string, values: Partial<NewWalletRow>): Promise<WalletRow> {
  const [row] = await tx.update(companyWallets).set(values).where(eq(companyWallets.id, id)).returning();
  return row!;
}

export async function clearPrimary(tx: Tx, companyId: string): Promise<void> {
  await tx
    .update(companyWallets)
    .set({ isPrimary: false })
    .where(and(eq(companyWallets.companyId, companyId), eq(companyWallets.isPrimary, true)));
}

/** Wallets in these statuses of companies whose KYC/AML is approved: only theirs have token accounts open on chain (docs/product.md §4 KYC). */
export async function walletsWithStatus(tx: Tx, statuses: readonly CompanyWalletStatus[]): Promise<WalletRow[]> {
  const rows = await tx
    .select({ wallet: companyWallets })
    .from(companyWallets)
    .innerJoin(companies, eq(companies.id, companyWallets.companyId))
    .where(and(inArray(companyWallets.status, [...statuses]), isNull(companyWallets.removedAt), eq(companies.kycStatus, 'approved')));
  return rows.map((row) => row.wallet);
}

/** Whether the company's KYC/AML is approved: a wallet's token accounts are thawed only then (docs/product.md §4 KYC). */
export async function companyKycApproved(tx: Tx, companyId: string): Promise<boolean> {
  const [row] = await tx.select({ kycStatus: companies.kycStatus }).from(companies).where(eq(companies.id, companyId));
  return row?.kycStatus === 'approved';
}

export type ChallengeRow = typeof walletOwnershipChallenges.$inferSelect;

export async function insertChallenge(tx: Tx, values: typeof walletOwnershipChallenges.$inferInsert): Promise<void> {
  await tx.insert(walletOwnershipChallenges).values(values);
}

export async function findChallengeForUpdate(tx: Tx, nonce: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx.select().from(walletOwnershipChallenges).where(eq(walletOwnershipChallenges.nonce, nonce)).for('update');
  return row;
}

export async function markChallengeUsed(tx: Tx, nonce: string, usedAt: Date): Promise<void> {
  await tx.update(walletOwnershipChallenges).set({ usedAt }).where(eq(walletOwnershipChallenges.nonce, nonce));
}

export async function companyName(tx: Tx, companyId: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name;
}
