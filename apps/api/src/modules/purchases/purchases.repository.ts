import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { PurchaseOrderStatus, Role } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companies, invoices, purchaseOrders, users } from '../../db/schema';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderView = PurchaseOrderRow & { companyName: string; invoiceNumber: string | null };

export async function insertOrder(tx: Tx, values: typeof purchaseOrders.$inferInsert): Promise<PurchaseOrderRow> {
  const [row] = await tx.insert(purchaseOrders).values(values).returning();
  return row!;
}

export async function findOrderForUpdate(tx: Tx, id: string): Promise<PurchaseOrderRow | undefined> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(tx: Tx, id: string, change: Partial<typeof purchaseOrders.$inferInsert>): Promise<PurchaseOrderRow> {
  const [row] = await tx
    .update(purchaseOrders)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(purchaseOrders.id, id))
    .returning();
  return row!;
}

export async function listOrders(tx: Tx, filter: { companyId?: string; status?: PurchaseOrderStatus; id?: string }): Promise<PurchaseOrderView[]> {
  const rows = await tx
    .select({ order: purchaseOrders, companyName: companies.name, invoiceNumber: invoices.number })
    .from(purchaseOrders)
    .innerJoin(companies, eq(companies.id, purchaseOrders.companyId))
    .leftJoin(invoices, eq(invoices.id, purchaseOrders.invoiceId))
    .where(
      and(
        filter.companyId ? eq(purchaseOrders.companyId, filter.companyId) : undefined,
        filter.status ? eq(purchaseOrders.status, filter.status) : undefined,
        filter.id ? eq(purchaseOrders.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(purchaseOrders.createdAt))
    .limit(500);
  return rows.map((row) => ({ ...row.order, companyName: row.companyName, invoiceNumber: row.invoiceNumber }));
}

export async function roleOf(tx: Tx, userId: string): Promise<Role | undefined> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

/** Orders whose quote or payment window passed, and paid orders not yet delivered: what the sweep looks at (every tenant, run as system). */
export async function ordersToSweep(tx: Tx, now: Date): Promise<Pick<PurchaseOrderRow, 'id' | 'tenantId' | 'status'>[]> {
  return tx
    .select({ id: purchaseOrders.id, tenantId: purchaseOrders.tenantId, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(
      or(
        and(eq(purchaseOrders.status, 'quoted'), lt(purchaseOrders.quoteExpiresAt, now)),
        and(eq(purchaseOrders.status, 'invoiced'), lt(purchaseOrders.paymentDueAt, now)),
        inArray(purchaseOrders.status, ['paid']),
      ),
    )
    .limit(200);
}

/** A transaction-level lock on a project vintage's free units (released at commit or rollback). */
export async function lockProjectVintage(tx: Tx, registry: string, projectId: string, vintage: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase:${registry}:${projectId}:${vintage}`}))`);
}
