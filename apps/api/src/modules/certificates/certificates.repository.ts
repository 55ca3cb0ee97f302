import { and, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { certificates, chainSubmissions, tenants } from '../../db/schema';

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificateRow = typeof certificates.$inferInsert;

export interface CertificateFilter {
  companyId?: string;
  /** Matches the number, the project (name or id) or the beneficiary, case-insensitively. */
  search?: string;
}

/** LIKE wildcards in user input match themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filterOf(filter: CertificateFilter): SQL | undefined {
  const pattern = filter.search ? containing(filter.search) : null;
  return and(
    filter.companyId ? eq(certificates.companyId, filter.companyId) : undefined,
    pattern
      ? or(
          ilike(certificates.number, pattern),
          ilike(certificates.projectName, pattern),
          ilike(certificates.projectId, pattern),
          ilike(certificates.beneficiaryName, pattern),
        )
      : undefined,
  );
}

/** A page of the list, and how many certificates match counted up to `countLimit` (docs/lists.md). */
export async function listCertificates(
  tx: Tx,
  filter: CertificateFilter,
  page: { limit: number; offset: number },
  countLimit: number,
): Promise<{ rows: CertificateRow[]; matching: number }> {
  const where = filterOf(filter);
  // The page's ids first, read in order from the page index (migration 0040) without the rows,
  // so that an offset skips index entries, not whole certificates.
  const ids = tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const rows = await tx
    .select(getTableColumns(certificates))
    .from(certificates)
    .innerJoin(ids, eq(ids.id, certificates.id))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  const matchingRows = tx
    .select({ one: sql`1` })
    .from(certificates)
    .where(where)
    .limit(countLimit)
    .as('matching');
  const [matching] = await tx.select({ value: count() }).from(matchingRows);
  return { rows, matching: Number(matching?.value ?? 0) };
}

export async function findCertificate(tx: Tx, id: string): Promise<CertificateRow | undefined> {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function findCertificateByNumber(tx: Tx, number: string): Promise<CertificateRow | undefined> {
  const [row] = await tx.select().from(certificates).where(eq(certificates.number, number));
  return row;
}

/**
 * The tenant of a certificate number, across tenants (numbers are unique on the platform).
 * Run as the schema owner: the public verification knows only the number.
 */
export async function tenantOfCertificateNumber(tx: Tx, number: string): Promise<string | undefined> {
  const [row] = await tx.select({ tenantId: certificates.tenantId }).from(certificates).where(eq(certificates.number, number));
  return row?.tenantId;
}

export async function tenantBranding(tx: Tx, tenantId: string) {
  const [row] = await tx.select({ branding: tenants.branding }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.branding;
}

/** The signed bytes the platform recorded for a transaction signature, if it sent it. */
export async function signedTransactionOf(tx: Tx, signature: string): Promise<string | null> {
  const [row] = await tx
    .select({ signed: chainSubmissions.signedTxBase64 })
    .from(chainSubmissions)
    .where(and(eq(chainSubmissions.signature, signature), sql`${chainSubmissions.signedTxBase64} IS NOT NULL`));
  return row?.signed ?? null;
}

/** Once per retirement: a second completion of the same retirement keeps the first certificate. */
export async function insertCertificate(tx: Tx, values: NewCertificateRow): Promise<CertificateRow> {
  const [row] = await tx.insert(certificates).values(values).onConflictDoNothing({ target: certificates.retirementId }).returning();
  if (row) return row;
  const [existing] = await tx.select().from(certificates).where(eq(certificates.retirementId, values.retirementId));
  return existing!;
}
