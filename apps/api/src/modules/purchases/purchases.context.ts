import type { FastifyInstance } from 'fastify';
import { SERVER_EVENTS, purchaseTexts, type AuditAction, type PurchaseOrder, type PurchaseOrderUpdatePayload } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { invoiceDepsOf, type InvoiceDeps } from '../invoices';
import { mintingDeps, type MintingDeps } from '../minting';
import { notify, type NotificationPublisher } from '../notifications';
import type { RegistryProvider } from '../registry';
import * as repository from './purchases.repository';

/** What the purchase services need from the app, built once by `purchaseDepsOf(app)`. */
export interface PurchaseDeps {
  db: Database;
  registry: RegistryProvider;
  minting: MintingDeps;
  invoices: InvoiceDeps;
  live: { emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void };
  publisher: NotificationPublisher;
  /** Asks for a delivery pass soon (the sweep's queue); the minute schedule is the guarantee. */
  nudgeDelivery: () => void;
}

export function purchaseDepsOf(app: FastifyInstance, nudgeDelivery: () => void = () => undefined): PurchaseDeps {
  return {
    db: app.db,
    registry: app.registryFor,
    minting: mintingDeps(app),
    invoices: invoiceDepsOf(app),
    live: app.live,
    publisher: app.live,
    nudgeDelivery,
  };
}

/** The source name of the invoices purchases issue (and of their paid handler). */
export const PURCHASE_INVOICE_SOURCE = 'purchase';

export function toPurchaseOrder(row: repository.PurchaseOrderView): PurchaseOrder {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    projectId: row.projectId,
    projectName: row.projectName,
    vintage: row.vintage,
    quantity: row.quantity.toString(),
    available: row.available.toString(),
    currency: row.currency,
    unitPriceUsd: row.unitPriceUsd,
    rate: row.rate,
    unitPrice: row.unitPrice,
    subtotal: row.subtotal,
    feeRateBps: row.feeRateBps,
    fee: row.fee,
    total: row.total,
    status: row.status,
    quoteExpiresAt: row.quoteExpiresAt.toISOString(),
    paymentDueAt: row.paymentDueAt?.toISOString() ?? null,
    walletAddress: row.walletAddress,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    serialNumbers: row.serialNumbers,
    mintAddress: row.mintAddress,
    signature: row.signature,
    deliveryError: row.deliveryError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** docs/product.md §6 company scope: a buyer's own orders; platform administrators every order of the tenant. Another company's answers 404. */
export async function requireOrder(tx: Tx, actor: Actor, id: string, forUpdate = false): Promise<repository.PurchaseOrderRow> {
  const row = forUpdate ? await repository.findOrderForUpdate(tx, id) : (await repository.listOrders(tx, { id }))[0];
  const scope = companyScopeOf(actor);
  if (!row || (scope && row.companyId !== scope)) throw AppError.notFound('Purchase order');
  return row;
}

export async function viewOf(tx: Tx, id: string): Promise<PurchaseOrder> {
  const [row] = await repository.listOrders(tx, { id });
  if (!row) throw AppError.notFound('Purchase order');
  return toPurchaseOrder(row);
}

/** The audit entry of an order's step; `actor` is null for the platform's own steps (expiry, delivery). */
export function audit(tx: Tx, row: repository.PurchaseOrderRow, action: AuditAction, actor: Actor | null, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    tenantId: row.tenantId,
    actorUserId: actor?.userId ?? null,
    action,
    resourceType: 'purchase_order',
    resourceId: row.id,
    details: {
      projectId: row.projectId,
      projectName: row.projectName,
      vintage: row.vintage,
      quantity: row.quantity.toString(),
      total: row.total,
      currency: row.currency,
      ...details,
    },
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
    apiKey: actor?.apiKey,
  });
}

/** After a change committed: the order's company and the tenant's administrators see it live, and its buyer is notified. */
export async function announce(deps: PurchaseDeps, order: PurchaseOrder, tenantId: string, userId: string | null, message?: string): Promise<void> {
  const payload: PurchaseOrderUpdatePayload = { id: order.id, companyId: order.companyId, status: order.status };
  deps.live.emitToCompany({ tenantId, companyId: order.companyId }, SERVER_EVENTS.purchaseOrderUpdate, payload);
  if (!message || !userId) return;
  await notify(
    deps.db,
    deps.publisher,
    tenantId,
    { userIds: [userId] },
    { type: 'TRANSACTION', title: purchaseTexts.statusTitle, message, link: '/carbon-projects' },
  );
}
