// docs/product.md §2 /carbon-projects "purchase action": the buyer's steps — a quote, its confirmation (reserve + invoice), a cancellation.
import type { z } from 'zod';
import {
  PURCHASE_FEE_BPS,
  PURCHASE_PAYMENT_WINDOW_HOURS,
  PURCHASE_QUOTE_TTL_MINUTES,
  PURCHASE_RATES_PER_USD,
  minorToMoney,
  moneyToMinor,
  purchasePrice,
  purchaseTexts,
  type confirmPurchaseRequest,
  type DomainErrorCode,
  type PurchaseOrder,
  type purchaseQuoteRequest,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { slippageToleranceOf } from '../chain-settings';
import { assertWithinComplianceLimits } from '../compliance';
import type { BindOperation } from '../idempotency';
import { announceInvoice, createInvoiceInTx, type InvoiceRequestFromModule } from '../invoices';
import { mintingSettingsOf } from '../minting';
import { freeRegistryUnits, importFreeUnits, reserveUnits } from '../registry';
import { operationalWalletOfCompany } from '../wallets';
import { announce, audit, PURCHASE_INVOICE_SOURCE, requireOrder, viewOf, type PurchaseDeps } from './purchases.context';
import { releaseOrder } from './purchases.lifecycle';
import * as repository from './purchases.repository';

/** The registry's refusals that mean another buyer (or a mint) took the units first. */
const UNITS_TAKEN: readonly DomainErrorCode[] = [
  'REGISTRY__INSUFFICIENT_UNITS',
  'REGISTRY__NOT_ENOUGH_FREE_UNITS',
  'REGISTRY__SERIAL_OVERLAP',
  'REGISTRY__BLOCK_NOT_ISSUED',
];

function unavailable(available: bigint): AppError {
  return new AppError('PURCHASE__QUANTITY_UNAVAILABLE', undefined, { fields: { quantity: [`At most ${available} tCO2e are available.`] } });
}

/**
 * A quote: the quantity checked against what the registry still has free for the vintage
 * (docs/product.md §5, capped at what is available), the unit price from the tenant's price list,
 * the settlement fee and the total in the chosen currency, valid for PURCHASE_QUOTE_TTL_MINUTES.
 */
export async function quotePurchase(deps: PurchaseDeps, actor: Actor, input: z.output<typeof purchaseQuoteRequest>): Promise<PurchaseOrder> {
  const order = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const registry = deps.registry(tx);
    const project = await registry.getProject(input.projectId);
    if (!project) throw new AppError('NOT_FOUND', purchaseTexts.unknownProject, { fields: { projectId: [purchaseTexts.unknownProject] } });
    const available = await freeRegistryUnits(registry, project.id, input.vintage);
    if (input.quantity > available) throw unavailable(available);
    const cents = BigInt((await mintingSettingsOf(tx)).pricesUsdCents[project.type] ?? 0);
    const price = purchasePrice(cents, input.quantity, input.currency);
    const now = new Date();
    const row = await repository.insertOrder(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      userId: actor.userId,
      registry: project.registry,
      projectId: project.id,
      projectName: project.name,
      vintage: input.vintage,
      quantity: input.quantity,
      available,
      currency: input.currency,
      unitPriceUsd: minorToMoney(cents),
      rate: PURCHASE_RATES_PER_USD[input.currency],
      feeRateBps: PURCHASE_FEE_BPS,
      ...price,
      status: 'quoted',
      createdAt: now,
      quoteExpiresAt: new Date(now.getTime() + PURCHASE_QUOTE_TTL_MINUTES * 60_000),
    });
    await audit(tx, row, 'purchase.quoted', actor);
    return viewOf(tx, row.id);
  });
  await announce(deps, order, actor.tenantId, null);
  return order;
}

/** The quoted units imported from the registry for the buyer and reserved under the order's id (the exclusion constraint and row locks refuse a second buyer). */
async function reserve(deps: PurchaseDeps, tx: Tx, actor: Actor, order: repository.PurchaseOrderRow): Promise<string[]> {
  // Buyers of one project vintage take its free units one after the other: two imports of
  // overlapping ranges at once could deadlock on the exclusion constraint instead of one refusing.
  await repository.lockProjectVintage(tx, order.registry, order.projectId, order.vintage);
  try {
    const importer = { tenantId: actor.tenantId, companyId: order.companyId, userId: actor.userId, requestId: actor.requestId, ip: actor.ip };
    const imported = await importFreeUnits(tx, deps.registry(tx), importer, { projectId: order.projectId, vintageYear: order.vintage }, order.quantity);
    const reserved = await reserveUnits(tx, { blockIds: imported.map((block) => block.id) }, order.quantity, order.id);
    return reserved.map((block) => block.serialNumber);
  } catch (error) {
    if (error instanceof AppError && UNITS_TAKEN.some((reason) => error.is(reason))) {
      const available = await freeRegistryUnits(deps.registry(tx), order.projectId, order.vintage).catch(() => 0n);
      throw unavailable(available);
    }
    throw error;
  }
}

/**
 * A quote holds its price for PURCHASE_QUOTE_TTL_MINUTES, unless the price list moved further
 * than the tenant's slippage tolerance (Settings → Blockchain) in the meantime: then the buyer
 * asks for a new quote rather than pay a price the platform no longer offers (or buy far below it).
 */
async function assertPriceWithinSlippage(deps: PurchaseDeps, tx: Tx, order: repository.PurchaseOrderRow): Promise<void> {
  const project = await deps.registry(tx).getProject(order.projectId);
  if (!project) return;
  const quoted = moneyToMinor(order.unitPriceUsd);
  const current = BigInt((await mintingSettingsOf(tx)).pricesUsdCents[project.type] ?? 0);
  const moved = current > quoted ? current - quoted : quoted - current;
  if (moved * 10_000n > quoted * BigInt(await slippageToleranceOf(tx))) throw new AppError('PURCHASE__PRICE_MOVED');
}

function invoiceRequestOf(order: repository.PurchaseOrderRow, dueDate: string): InvoiceRequestFromModule {
  const description = `${purchaseTexts.creditsLine}: ${order.projectName} (vintage ${order.vintage})`.slice(0, 300);
  // The credits line bills the delivering mint (its id is the order's): the monthly service-fee accrual leaves it alone.
  const lines: InvoiceRequestFromModule['lines'][number][] = [
    { description, quantity: order.quantity.toString(), unitPrice: order.unitPrice, operation: { kind: 'mint', id: order.id } },
  ];
  if (order.fee !== '0.00') lines.push({ description: `${purchaseTexts.feeLine} (${order.feeRateBps / 100}%)`, quantity: '1', unitPrice: order.fee });
  return {
    tenantId: order.tenantId,
    companyId: order.companyId,
    title: `${purchaseTexts.invoiceTitle}: ${order.projectName}`.slice(0, 200),
    currency: order.currency,
    lines,
    dueDate,
    source: PURCHASE_INVOICE_SOURCE,
    sourceReference: order.id,
  };
}

/**
 * Confirm → the order: a valid quote of the buyer's company, an approved wallet to receive the
 * tokens, KYC and the compliance limits checked now (and again at delivery), the units reserved
 * and the invoice issued in one transaction. `bindKey` ties the Idempotency-Key to the order.
 */
export async function confirmPurchase(
  deps: PurchaseDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof confirmPurchaseRequest>,
  bindKey?: BindOperation,
): Promise<PurchaseOrder> {
  const { order, invoice } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await requireOrder(tx, actor, id, true);
    if (current.status !== 'quoted') throw new AppError('PURCHASE__NOT_CONFIRMABLE');
    if (current.quoteExpiresAt.getTime() < Date.now()) throw new AppError('PURCHASE__QUOTE_EXPIRED');
    await assertPriceWithinSlippage(deps, tx, current);
    const wallet = await operationalWalletOfCompany(tx, current.companyId, input.walletAddress);
    if (!wallet) throw new AppError('PURCHASE__WALLET_REQUIRED', undefined, { fields: { walletAddress: [purchaseTexts.walletRequired] } });
    await assertWithinComplianceLimits(tx, { tenantId: actor.tenantId, companyId: current.companyId, tonnes: current.quantity, operation: 'mint' });
    const serialNumbers = await reserve(deps, tx, actor, current);
    const reserved = await repository.updateOrder(tx, id, { status: 'reserved', walletId: wallet.id, walletAddress: wallet.address });
    await audit(tx, reserved, 'purchase.reserved', actor, { serialNumbers, walletAddress: wallet.address });
    const paymentDueAt = new Date(Date.now() + PURCHASE_PAYMENT_WINDOW_HOURS * 3_600_000);
    const { invoice } = await createInvoiceInTx(tx, invoiceRequestOf(reserved, paymentDueAt.toISOString().slice(0, 10)), actor);
    const invoiced = await repository.updateOrder(tx, id, { status: 'invoiced', invoiceId: invoice.id, paymentDueAt });
    await audit(tx, invoiced, 'purchase.invoiced', actor, { invoiceId: invoice.id, invoiceNumber: invoice.number });
    await bindKey?.(tx, id);
    return { order: await viewOf(tx, id), invoice };
  });
  announceInvoice(deps.invoices, actor.tenantId, invoice);
  await announce(deps, order, actor.tenantId, actor.userId, `${purchaseTexts.ordered} ${order.invoiceNumber}: ${order.total} ${order.currency}.`);
  return order;
}

/** The buyer (or an administrator) cancels an order nobody paid yet: its units are released and its invoice voided. */
export async function cancelPurchase(deps: PurchaseDeps, actor: Actor, id: string): Promise<PurchaseOrder> {
  return releaseOrder(deps, actor.tenantId, id, { status: 'cancelled', actor });
}
