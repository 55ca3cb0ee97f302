import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { companies, users } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type CompanyChanges = Partial<Pick<CompanyRow, 'name' | 'legalName' | 'taxId' | 'country' | 'address' | 'contact'>>;

export interface CompanyCounts {
  userCount: number;
  walletsTotal: number;
  walletsOperational: number;
  walletsPending: number;
}
export type CompanyListRow = CompanyRow & CompanyCounts;

/** Searched in name, legal name and tax ID; % and _ in the search are taken literally. */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(ilike(companies.name, pattern), ilike(companies.legalName, pattern), ilike(companies.taxId, pattern));
}

/**
 * Per company: its users and its (not removed) wallets by status, for the list's columns.
 * Written out because drizzle leaves column names unqualified inside a select's sql, where
 * `id` would name the subquery's own table.
 */
const counts = {
  userCount: sql<number>`(select count(*) from users u where u.company_id = companies.id)::int`,
  walletsTotal: sql<number>`(select count(*) from company_wallets w where w.company_id = companies.id and w.removed_at is null)::int`,
  walletsOperational: sql<number>`(select count(*) from company_wallets w where w.company_id = companies.id and w.removed_at is null and w.status in ('approved', 'active'))::int`,
  walletsPending: sql<number>`(select count(*) from company_wallets w where w.company_id = companies.id and w.removed_at is null and w.status = 'pending')::int`,
};

export async function listCompanies(tx: Tx, filter: { onlyId?: string; search?: string }): Promise<CompanyListRow[]> {
  return tx
    .select({ company: companies, ...counts })
    .from(companies)
    .where(and(filter.onlyId ? eq(companies.id, filter.onlyId) : undefined, matching(filter.search)))
    .orderBy(asc(companies.isPlatform), asc(companies.name))
    .then((rows) => rows.map(({ company, ...rest }) => ({ ...company, ...rest })));
}

export async function findCompany(tx: Tx, id: string): Promise<CompanyListRow | undefined> {
  const [row] = await listCompanies(tx, { onlyId: id });
  return row;
}

export async function findCompanyForUpdate(tx: Tx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

/** Another company of the tenant with the same tax ID, compared as the unique index does (letters and digits only). */
export async function companyWithTaxId(tx: Tx, taxId: string, exceptId?: string): Promise<string | undefined> {
  const normalised = taxId.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(sql`upper(regexp_replace(${companies.taxId}, '[^0-9A-Za-z]', '', 'g')) = ${normalised}`, exceptId ? sql`${companies.id} <> ${exceptId}` : undefined),
    );
  return row?.id;
}

export async function insertCompany(tx: Tx, company: NewCompanyRow): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(company).returning();
  return row!;
}

export async function updateCompany(tx: Tx, id: string, changes: CompanyChanges): Promise<CompanyRow> {
  const [row] = await tx
    .update(companies)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row!;
}

/** The company's users, newest sign-in first (never signed in last). */
export async function membersOf(tx: Tx, companyId: string) {
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(sql`${users.lastLoginAt} desc nulls last`, asc(users.lastName));
}
