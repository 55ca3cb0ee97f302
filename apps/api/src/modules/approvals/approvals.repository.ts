// SQL of the approval engine: workflows (approval_requests), their decisions and the delegation matrix.
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalOperationType, Role } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { approvalDecisions, approvalMatrix, approvalRequests, companies, users } from '../../db/schema';
import type { ApprovalWorkflowRow } from './approvals.types';

export type NewWorkflowRow = typeof approvalRequests.$inferInsert;
export type DecisionRow = typeof approvalDecisions.$inferSelect;
export type MatrixRow = typeof approvalMatrix.$inferSelect;

export const OPEN_STATUSES = ['pending', 'delegated'] as const;

export async function insertWorkflow(tx: Tx, values: NewWorkflowRow): Promise<ApprovalWorkflowRow> {
  const [row] = await tx.insert(approvalRequests).values(values).returning();
  return row!;
}

export async function findWorkflow(tx: Tx, id: string): Promise<ApprovalWorkflowRow | undefined> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row;
}

export async function findWorkflowForUpdate(tx: Tx, id: string): Promise<ApprovalWorkflowRow | undefined> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  return row;
}

export async function findOpenWorkflowOfSubject(tx: Tx, type: ApprovalOperationType, subjectId: string): Promise<ApprovalWorkflowRow | undefined> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.type, type), eq(approvalRequests.subjectId, subjectId), inArray(approvalRequests.status, [...OPEN_STATUSES])))
    .for('update');
  return row;
}

export async function updateWorkflow(tx: Tx, id: string, change: Partial<NewWorkflowRow>): Promise<ApprovalWorkflowRow> {
  const [row] = await tx
    .update(approvalRequests)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(approvalRequests.id, id))
    .returning();
  return row!;
}

export interface WorkflowFilter {
  companyId?: string;
  open?: boolean;
  since?: Date;
  status?: ApprovalWorkflowRow['status'];
  type?: ApprovalOperationType;
  priority?: ApprovalWorkflowRow['priority'];
  search?: string;
  limit: number;
}

function whereOf(filter: Omit<WorkflowFilter, 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.companyId ? eq(approvalRequests.companyId, filter.companyId) : undefined,
    filter.open ? inArray(approvalRequests.status, [...OPEN_STATUSES]) : undefined,
    filter.since ? gte(approvalRequests.createdAt, filter.since) : undefined,
    filter.status ? eq(approvalRequests.status, filter.status) : undefined,
    filter.type ? eq(approvalRequests.type, filter.type) : undefined,
    filter.priority ? eq(approvalRequests.priority, filter.priority) : undefined,
    filter.search
      ? or(ilike(approvalRequests.summary, `%${escapeLike(filter.search)}%`), ilike(approvalRequests.projectId, `%${escapeLike(filter.search)}%`))
      : undefined,
  ];
  return and(...conditions);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

const PRIORITY_ORDER = sql`case ${approvalRequests.priority} when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

export async function listWorkflows(tx: Tx, filter: WorkflowFilter): Promise<ApprovalWorkflowRow[]> {
  const order = filter.open ? [PRIORITY_ORDER, approvalRequests.createdAt] : [desc(approvalRequests.createdAt)];
  return tx
    .select()
    .from(approvalRequests)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(filter.limit);
}

export async function countOpenWorkflows(tx: Tx, companyId?: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(whereOf({ companyId, open: true }));
  return row?.count ?? 0;
}

/** Open workflows whose level waited too long, of every tenant (the escalation sweep runs as the system). */
export async function listOverdueWorkflows(tx: Tx, now: Date, limit: number): Promise<{ id: string; tenantId: string }[]> {
  return tx
    .select({ id: approvalRequests.id, tenantId: approvalRequests.tenantId })
    .from(approvalRequests)
    .where(and(inArray(approvalRequests.status, [...OPEN_STATUSES]), lte(approvalRequests.timeoutAt, now)))
    .limit(limit);
}

/** Approved workflows whose operation has not run to its end, of every tenant (the execution sweep). */
export async function listUnexecutedWorkflows(tx: Tx, decidedBefore: Date, limit: number): Promise<{ id: string; tenantId: string }[]> {
  return tx
    .select({ id: approvalRequests.id, tenantId: approvalRequests.tenantId })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'approved'), sql`${approvalRequests.executedAt} is null`, lte(approvalRequests.decidedAt, decidedBefore)))
    .limit(limit);
}

export async function insertDecision(tx: Tx, values: typeof approvalDecisions.$inferInsert): Promise<DecisionRow> {
  const [row] = await tx.insert(approvalDecisions).values(values).returning();
  return row!;
}

export async function decisionsOf(tx: Tx, requestIds: readonly string[]): Promise<DecisionRow[]> {
  if (requestIds.length === 0) return [];
  return tx
    .select()
    .from(approvalDecisions)
    .where(inArray(approvalDecisions.requestId, [...requestIds]))
    .orderBy(approvalDecisions.createdAt);
}

export async function latestMatrixRows(tx: Tx): Promise<MatrixRow[]> {
  return tx.selectDistinctOn([approvalMatrix.operationType]).from(approvalMatrix).orderBy(approvalMatrix.operationType, desc(approvalMatrix.version));
}

export async function latestMatrixRow(tx: Tx, operationType: ApprovalOperationType): Promise<MatrixRow | undefined> {
  const [row] = await tx.select().from(approvalMatrix).where(eq(approvalMatrix.operationType, operationType)).orderBy(desc(approvalMatrix.version)).limit(1);
  return row;
}

export async function insertMatrixRow(tx: Tx, values: typeof approvalMatrix.$inferInsert): Promise<MatrixRow> {
  const [row] = await tx.insert(approvalMatrix).values(values).returning();
  return row!;
}

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  companyId: string;
  status: string;
}

export async function peopleByIds(tx: Tx, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function activeUsersWithRoles(tx: Tx, roles: readonly Role[]): Promise<PersonRow[]> {
  return tx
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
      status: users.status,
    })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, 'active')))
    .orderBy(users.firstName, users.lastName);
}

export async function companyNames(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
