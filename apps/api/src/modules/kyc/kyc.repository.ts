import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { KycCaseStatus, KycRiskLevel, KycSubjectType } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companies, kycCases, kycDecisions, kycDocuments, users, type KycStatus } from '../../db/schema';

export type KycCaseRow = typeof kycCases.$inferSelect;
export type KycDocumentRow = typeof kycDocuments.$inferSelect;
export type KycDecisionRow = typeof kycDecisions.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(tx: Tx, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/** The company row, locked: status changes of one company happen one after the other. */
export async function lockCompany(tx: Tx, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
}

export async function setCompanyKycStatus(tx: Tx, companyId: string, kycStatus: KycStatus): Promise<void> {
  await tx.update(companies).set({ kycStatus, updatedAt: new Date() }).where(eq(companies.id, companyId));
}

/** The company's current case: the open one, else the latest decided. */
export async function currentCaseOf(tx: Tx, companyId: string, lock = false): Promise<KycCaseRow | undefined> {
  const query = tx
    .select()
    .from(kycCases)
    .where(eq(kycCases.companyId, companyId))
    .orderBy(sql`case when ${kycCases.status} in ('approved', 'rejected') then 1 else 0 end`, desc(kycCases.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findCase(tx: Tx, caseId: string, lock = false): Promise<KycCaseRow | undefined> {
  const query = tx.select().from(kycCases).where(eq(kycCases.id, caseId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCase(tx: Tx, row: typeof kycCases.$inferInsert): Promise<KycCaseRow> {
  const [inserted] = await tx.insert(kycCases).values(row).returning();
  return inserted!;
}

export type CaseChanges = Partial<
  Pick<
    KycCaseRow,
    | 'subjectType'
    | 'status'
    | 'step'
    | 'dataSealed'
    | 'riskLevel'
    | 'score'
    | 'checklist'
    | 'reviewNotes'
    | 'decisionReason'
    | 'submittedBy'
    | 'submittedAt'
    | 'decidedAt'
  >
>;

export async function updateCase(tx: Tx, caseId: string, changes: CaseChanges): Promise<KycCaseRow> {
  const [row] = await tx
    .update(kycCases)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(kycCases.id, caseId))
    .returning();
  return row!;
}

export async function documentsOf(tx: Tx, caseId: string): Promise<KycDocumentRow[]> {
  return tx
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.caseId, caseId), isNull(kycDocuments.removedAt)))
    .orderBy(asc(kycDocuments.createdAt));
}

export async function findDocument(tx: Tx, documentId: string): Promise<KycDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, documentId), isNull(kycDocuments.removedAt)));
  return row;
}

export async function insertDocument(tx: Tx, row: typeof kycDocuments.$inferInsert): Promise<KycDocumentRow> {
  const [inserted] = await tx.insert(kycDocuments).values(row).returning();
  return inserted!;
}

export async function markDocumentRemoved(tx: Tx, documentId: string): Promise<void> {
  await tx.update(kycDocuments).set({ removedAt: new Date() }).where(eq(kycDocuments.id, documentId));
}

export async function setDocumentStatus(tx: Tx, documentId: string, status: KycDocumentRow['status'], reviewedBy: string): Promise<KycDocumentRow> {
  const [row] = await tx.update(kycDocuments).set({ status, reviewedBy, reviewedAt: new Date() }).where(eq(kycDocuments.id, documentId)).returning();
  return row!;
}

export async function insertDecision(tx: Tx, row: typeof kycDecisions.$inferInsert): Promise<void> {
  await tx.insert(kycDecisions).values(row);
}

export async function decisionsOf(tx: Tx, caseId: string): Promise<(KycDecisionRow & { decidedByName: string })[]> {
  const rows = await tx
    .select({ decision: kycDecisions, firstName: users.firstName, lastName: users.lastName })
    .from(kycDecisions)
    .innerJoin(users, eq(users.id, kycDecisions.decidedBy))
    .where(eq(kycDecisions.caseId, caseId))
    .orderBy(asc(kycDecisions.createdAt));
  return rows.map((row) => ({ ...row.decision, decidedByName: `${row.firstName} ${row.lastName}`.trim() }));
}

/** Display names of users, by id. */
export async function userNames(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

export interface QueueFilter {
  companyId?: string;
  statuses?: KycCaseStatus[];
  riskLevel?: KycRiskLevel;
  subjectType?: KycSubjectType;
  search?: string;
  limit: number;
  offset: number;
}

function queueConditions(filter: Omit<QueueFilter, 'limit' | 'offset' | 'statuses'>): SQL[] {
  const conditions: SQL[] = [notInArray(kycCases.status, ['draft'])];
  if (filter.companyId) conditions.push(eq(kycCases.companyId, filter.companyId));
  if (filter.riskLevel) conditions.push(eq(kycCases.riskLevel, filter.riskLevel));
  if (filter.subjectType) conditions.push(eq(kycCases.subjectType, filter.subjectType));
  if (filter.search) conditions.push(ilike(companies.name, `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`));
  return conditions;
}

/** Officers' queue: cases past the draft, oldest submission first (drafts are the company's own business). */
export async function queue(tx: Tx, filter: QueueFilter) {
  const conditions = queueConditions(filter);
  if (filter.statuses) conditions.push(inArray(kycCases.status, filter.statuses));
  const where = and(...conditions);
  const documentCount = sql<number>`(select count(*) from kyc_documents d where d.case_id = kyc_cases.id and d.removed_at is null)::int`;
  const rows = await tx
    .select({ kase: kycCases, companyName: companies.name, documentCount })
    .from(kycCases)
    .innerJoin(companies, eq(companies.id, kycCases.companyId))
    .where(where)
    .orderBy(sql`${kycCases.submittedAt} asc nulls last`, asc(kycCases.createdAt))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await tx.select({ value: count() }).from(kycCases).innerJoin(companies, eq(companies.id, kycCases.companyId)).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Cases per status in the same scope and filters, without the status filter. */
export async function countsByStatus(tx: Tx, filter: Omit<QueueFilter, 'limit' | 'offset' | 'statuses'>): Promise<Map<KycCaseStatus, number>> {
  const rows = await tx
    .select({ status: kycCases.status, value: count() })
    .from(kycCases)
    .innerJoin(companies, eq(companies.id, kycCases.companyId))
    .where(and(...queueConditions(filter)))
    .groupBy(kycCases.status);
  return new Map(rows.map((row) => [row.status, row.value]));
}
