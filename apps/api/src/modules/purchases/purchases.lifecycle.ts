// An order after its confirmation: paid (the invoice's handler), delivered once (the mint), or expired/cancelled (units released).
import type { PurchaseOrder } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { announceInvoice, cancelInvoiceInTx, type InvoicePaidHandler } from '../invoices';
import { openOrderMint, orderMintState, runOrderMint, type OrderMintState } from '../minting';
import { releaseReservation, releaseVcuBlock } from '../registry';
import { announce, audit, PURCHASE_INVOICE_SOURCE, requireOrder, viewOf, type PurchaseDeps } from './purchases.context';
import * as repository from './purchases.repository';

/**
 * Expiry (the sweep, `actor` null) or cancellation (a user): an order not paid yet gives its
 * reserved units back to the registry, so another buyer may take them, and its invoice is voided.
 */
export async function releaseOrder(
  deps: PurchaseDeps,
  tenantId: string,
  id: string,
  outcome: { status: 'expired'; actor: null; now: Date } | { status: 'cancelled'; actor: Actor },
): Promise<PurchaseOrder> {
  const released = await deps.db.withTenant(tenantId, async (tx) => {
    const current = outcome.actor ? await requireOrder(tx, outcome.actor, id, true) : await repository.findOrderForUpdate(tx, id);
    if (!current) throw AppError.notFound('Purchase order');
    if (current.status !== 'quoted' && current.status !== 'invoiced') {
      if (outcome.actor) throw new AppError('PURCHASE__NOT_CANCELLABLE');
      return null;
    }
    if (outcome.status === 'expired') {
      const due = current.status === 'quoted' ? current.quoteExpiresAt : current.paymentDueAt;
      if (!due || due > outcome.now) return null;
    }
    const blocks = await releaseReservation(tx, id);
    for (const block of blocks) await releaseVcuBlock(tx, deps.registry(tx), block.id);
    const invoice = await cancelInvoiceInTx(tx, PURCHASE_INVOICE_SOURCE, id, outcome.actor);
    const row = await repository.updateOrder(tx, id, { status: outcome.status });
    await audit(tx, row, `purchase.${outcome.status}`, outcome.actor, {
      previousStatus: current.status,
      releasedSerialNumbers: blocks.map((block) => block.serialNumber),
    });
    return { order: await viewOf(tx, id), invoice, previous: current.status, userId: row.userId };
  });
  if (!released) return deps.db.withTenant(tenantId, (tx) => viewOf(tx, id));
  if (released.invoice) announceInvoice(deps.invoices, tenantId, released.invoice);
  const { order } = released;
  const message =
    released.previous === 'quoted' ? undefined : `${order.projectName}: ${order.quantity} tCO2e, order ${outcome.status}; the reserved credits were released.`;
  await announce(deps, order, tenantId, released.userId, message);
  return order;
}

/**
 * The invoice's paid handler, inside the paying transaction: an invoiced order becomes paid
 * (once: a second call finds it paid or delivered and does nothing), and a delivery pass is
 * asked for. The mint itself runs after the commit, never inside the payment.
 */
export function purchasePaidHandler(deps: PurchaseDeps): InvoicePaidHandler {
  return async (tx: Tx, invoice) => {
    if (!invoice.sourceReference) return;
    const current = await repository.findOrderForUpdate(tx, invoice.sourceReference);
    if (!current || current.status !== 'invoiced') return;
    const row = await repository.updateOrder(tx, current.id, { status: 'paid' });
    await audit(tx, row, 'purchase.paid', null, { invoiceId: invoice.id, invoiceNumber: invoice.number });
    deps.nudgeDelivery();
  };
}

async function recordDeliveryError(deps: PurchaseDeps, tenantId: string, id: string, message: string): Promise<void> {
  await deps.db.withTenant(tenantId, async (tx) => {
    const current = await repository.findOrderForUpdate(tx, id);
    if (!current || current.status !== 'paid' || current.deliveryError === message) return;
    const row = await repository.updateOrder(tx, id, { deliveryError: message.slice(0, 1000) });
    await audit(tx, row, 'purchase.delivery_blocked', null, { error: message });
  });
}

async function markDelivered(deps: PurchaseDeps, tenantId: string, id: string, state: OrderMintState): Promise<void> {
  const delivered = await deps.db.withTenant(tenantId, async (tx) => {
    const current = await repository.findOrderForUpdate(tx, id);
    if (!current || current.status !== 'paid') return null;
    const row = await repository.updateOrder(tx, id, {
      status: 'delivered',
      serialNumbers: state.serialNumbers,
      mintAddress: state.mintAddress,
      signature: state.signature,
      deliveryError: null,
    });
    await audit(tx, row, 'purchase.delivered', null, { serialNumbers: state.serialNumbers, mintAddress: state.mintAddress, signature: state.signature });
    return { order: await viewOf(tx, id), userId: row.userId };
  });
  if (!delivered) return;
  const { order } = delivered;
  await announce(deps, order, tenantId, delivered.userId, `${order.quantity} tCO2e of ${order.projectName} delivered to ${order.walletAddress}.`);
}

/**
 * Delivers a paid order exactly once: its mint operation (id = the order's id) is opened with
 * the checks of any mint and run; the mint-to is sent once by that reference (mintToOnce), so
 * a second pass, a second payment notice or a crash in between mints nothing more. Above the
 * approval limit the order stays paid until the engine approves; a later pass sees the mint done.
 */
export async function deliverOrder(deps: PurchaseDeps, tenantId: string, id: string): Promise<void> {
  let opened: Awaited<ReturnType<typeof openOrderMint>> | null;
  try {
    opened = await deps.db.withTenant(tenantId, async (tx) => {
      const current = await repository.findOrderForUpdate(tx, id);
      if (!current || current.status !== 'paid') return null;
      const existing = await orderMintState(tx, id);
      if (existing) return { state: existing, announce: () => Promise.resolve() };
      const role = current.userId ? await repository.roleOf(tx, current.userId) : undefined;
      if (!current.userId || !role || !current.walletId) throw new AppError('PURCHASE__WALLET_REQUIRED');
      const buyer: Actor = { tenantId, companyId: current.companyId, userId: current.userId, role };
      return openOrderMint(deps.minting, tx, buyer, {
        orderId: id,
        projectId: current.projectId,
        vintage: current.vintage,
        quantity: current.quantity,
        walletId: current.walletId,
      });
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await recordDeliveryError(deps, tenantId, id, error.message);
    return;
  }
  if (!opened) return;
  await opened.announce();
  let state = opened.state;
  if (state.status !== 'completed' && !state.awaitingApproval) {
    try {
      state = await runOrderMint(deps.minting, tenantId, id);
    } catch (error) {
      await recordDeliveryError(deps, tenantId, id, error instanceof Error ? error.message : String(error));
      return;
    }
  }
  if (state.status === 'completed') await markDelivered(deps, tenantId, id, state);
}

/** One pass over every tenant: quotes and unpaid orders past their time expire, paid orders are delivered. */
export async function sweepPurchaseOrders(deps: PurchaseDeps, now = new Date()): Promise<void> {
  const orders = await deps.db.asSystem((tx) => repository.ordersToSweep(tx, now));
  for (const order of orders) {
    if (order.status === 'paid') await deliverOrder(deps, order.tenantId, order.id);
    else await releaseOrder(deps, order.tenantId, order.id, { status: 'expired', actor: null, now });
  }
}
