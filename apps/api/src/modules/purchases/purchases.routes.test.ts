import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { address } from '@solana/kit';
import { purchaseOrderSchema, type Invoice, type Portfolio, type PurchaseAvailability, type PurchaseOrder } from '@carbonledger/contracts';
import { auditLog, companies, invoiceLines, mintOperations } from '../../db/schema';
import { accrueServiceFees, invoiceDepsOf } from '../invoices';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { approvedWallet, supplyOf } from '../minting/minting.testing';
import { WIND_PROJECT } from '../registry/registry.testing';
import { purchaseDepsOf } from './purchases.context';
import { sweepPurchaseOrders } from './purchases.lifecycle';

describe('credit purchases: quote → order (reserve + invoice) → payment → delivery, expiry, scope', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let buyerA: SignedIn;
  let buyerB: SignedIn;
  let buyerC: SignedIn;
  let viewer: SignedIn;
  const wallets = new Map<SignedIn, string>();
  /** The vintage of the wind project with the fewest free units (all small blocks). */
  let vintage: number;

  const post = (url: string, who: SignedIn, payload: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...who.headers, ...headers }, payload: payload as Record<string, unknown> });
  const get = (url: string, who: SignedIn) =>
    harness.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: who.headers.authorization! } });
  const sweep = (now?: Date) => sweepPurchaseOrders(purchaseDepsOf(harness.app), now);

  async function available(): Promise<bigint> {
    const response = await get(`/purchases/availability?projectId=${WIND_PROJECT}`, buyerA);
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json().data as PurchaseAvailability).vintages.find((entry) => entry.vintage === vintage);
    return BigInt(found!.available);
  }
  async function quote(who: SignedIn, quantity: bigint | string, currency = 'USD'): Promise<PurchaseOrder> {
    const response = await post('/purchases/quotes', who, { projectId: WIND_PROJECT, vintage, quantity: quantity.toString(), currency });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as PurchaseOrder;
  }
  const confirm = (who: SignedIn, id: string, key: string = randomUUID()) =>
    post(`/purchases/orders/${id}/confirm`, who, { walletAddress: wallets.get(who) }, { 'idempotency-key': key });
  async function order(who: SignedIn, quantity: bigint): Promise<PurchaseOrder> {
    const response = await confirm(who, (await quote(who, quantity)).id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as PurchaseOrder;
  }
  const money = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
  const pay = (invoiceId: string) =>
    post(`/invoices/${invoiceId}/payments`, admin, { method: 'bank_transfer', reference: 'WIRE-1' }, { 'idempotency-key': randomUUID() });

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin@demo.test');
    buyerA = await signInAs(harness.app, 'companyadmin@demo.test');
    viewer = await signInAs(harness.app, 'viewer@demo.test');
    const second = await onboardCompanyForTests(harness.app, admin, 'Buyer Two');
    const third = await onboardCompanyForTests(harness.app, admin, 'Buyer Three');
    buyerB = second.companyAdmin;
    buyerC = third.companyAdmin;
    // The onboarded companies passed KYC (docs/product.md §5: a mint needs KYC/AML approved).
    await harness.app.db.asSystem((tx) => tx.update(companies).set({ kycStatus: 'approved' }).where(eq(companies.id, second.companyId)));
    await harness.app.db.asSystem((tx) => tx.update(companies).set({ kycStatus: 'approved' }).where(eq(companies.id, third.companyId)));
    for (const buyer of [buyerA, buyerB, buyerC]) wallets.set(buyer, (await approvedWallet(harness.app, buyer, admin, 'Purchases')).wallet.address);
    const response = await get(`/purchases/availability?projectId=${WIND_PROJECT}`, buyerA);
    const vintages = (response.json().data as PurchaseAvailability).vintages.filter((entry) => BigInt(entry.available) > 0n);
    vintage = vintages.sort((a, b) => (BigInt(a.available) < BigInt(b.available) ? -1 : 1))[0]!.vintage;
  });
  afterAll(() => harness.close());

  it('quotes from the price list with exact decimals, converts at the stated rate and caps the quantity at what is free', async () => {
    const free = await available();
    const usd = await quote(buyerA, 3n);
    expect(purchaseOrderSchema.safeParse(usd).success).toBe(true);
    const cents = BigInt(usd.unitPriceUsd.replace('.', ''));
    expect(usd).toMatchObject({ status: 'quoted', currency: 'USD', rate: '1.0000', quantity: '3', available: free.toString(), feeRateBps: 100 });
    expect(usd.unitPrice).toBe(usd.unitPriceUsd);
    expect(usd.subtotal).toBe(money(cents * 3n));
    expect(Date.parse(usd.quoteExpiresAt) - Date.parse(usd.createdAt)).toBe(15 * 60_000);

    const eur = await quote(buyerA, 7n, 'EUR');
    // 0.92 EUR per USD, rounded half up to the cent, then × 7; the fee is 1% rounded half up.
    const unitMinor = (cents * 9200n * 2n + 10_000n) / 20_000n;
    const feeMinor = (unitMinor * 7n * 100n * 2n + 10_000n) / 20_000n;
    expect(eur).toMatchObject({ currency: 'EUR', rate: '0.9200', unitPrice: money(unitMinor), subtotal: money(unitMinor * 7n), fee: money(feeMinor) });
    expect(eur.total).toBe(money(unitMinor * 7n + feeMinor));

    const tooMany = await post('/purchases/quotes', buyerA, { projectId: WIND_PROJECT, vintage, quantity: (free + 1n).toString(), currency: 'USD' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ reason: 'PURCHASE__QUANTITY_UNAVAILABLE', fields: { quantity: [`At most ${free} tCO2e are available.`] } });
  });

  it('honours a quote while the price list moves within the slippage tolerance (1 %), and refuses its confirmation past it', async () => {
    const prices = (await get('/minting/settings', admin)).json().data.pricesUsdCents as Record<string, number>;
    const scalePrices = (factor: number) =>
      harness.app.inject({
        method: 'PUT',
        url: '/api/v1/minting/settings',
        headers: admin.headers,
        payload: { pricesUsdCents: Object.fromEntries(Object.entries(prices).map(([type, cents]) => [type, Math.round(cents * factor)])) },
      });
    try {
      const slightly = await quote(buyerA, 1n);
      expect((await scalePrices(1.005)).statusCode).toBe(200);
      const honoured = await confirm(buyerA, slightly.id);
      expect(honoured.statusCode, honoured.body).toBe(200);
      expect(honoured.json().data).toMatchObject({ status: 'invoiced', unitPriceUsd: slightly.unitPriceUsd, total: slightly.total });
      expect((await post(`/purchases/orders/${slightly.id}/cancel`, buyerA, {}, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);

      const moved = await quote(buyerA, 1n);
      expect((await scalePrices(1.5)).statusCode).toBe(200);
      const refused = await confirm(buyerA, moved.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        message: 'The price changed by more than the slippage tolerance since this quote. Please ask for a new one.',
        error: { reason: 'PURCHASE__PRICE_MOVED' },
      });
      expect((await get(`/purchases/orders/${moved.id}`, buyerA)).json().data.status).toBe('quoted');
    } finally {
      await scalePrices(1);
    }
  });

  it('refuses hostile input with a clear 4xx', async () => {
    for (const body of [
      { projectId: 'a\u0000b', vintage, quantity: '1' },
      { projectId: WIND_PROJECT, vintage, quantity: 'x'.repeat(1_000_000) },
      { projectId: WIND_PROJECT, vintage, quantity: '0' },
      { projectId: WIND_PROJECT, vintage, quantity: '1', currency: 'BTC' },
    ]) {
      expect((await post('/purchases/quotes', buyerA, body)).statusCode).toBe(400);
    }
    expect((await post('/purchases/quotes', buyerA, { projectId: '999999', vintage, quantity: '1' })).statusCode).toBe(404);
    const quoted = await quote(buyerA, 1n);
    expect((await post(`/purchases/orders/${quoted.id}/confirm`, buyerA, { walletAddress: wallets.get(buyerA) })).statusCode).toBe(400);
    const others = await post(`/purchases/orders/${quoted.id}/confirm`, buyerA, { walletAddress: wallets.get(buyerB) }, { 'idempotency-key': randomUUID() });
    expect(others.statusCode).toBe(400);
    expect(others.json().error.reason).toBe('PURCHASE__WALLET_REQUIRED');
  });

  it('roles: a viewer reads orders but cannot buy', async () => {
    expect((await post('/purchases/quotes', viewer, { projectId: WIND_PROJECT, vintage, quantity: '1' })).statusCode).toBe(403);
    expect((await get('/purchases/orders', viewer)).statusCode).toBe(200);
  });

  it('two buyers racing for the last units: one order, one refusal; the order is invoiced with lines matching its total', async () => {
    const big = await order(buyerA, (await available()) - 5n);
    expect(big.status).toBe('invoiced');
    expect(await available()).toBe(5n);
    const [quoteB, quoteC] = [await quote(buyerB, 5n), await quote(buyerC, 5n)];
    const answers = await Promise.all([confirm(buyerB, quoteB.id), confirm(buyerC, quoteC.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.reason).toBe('PURCHASE__QUANTITY_UNAVAILABLE');
    expect(await available()).toBe(0n);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data as PurchaseOrder;
    const invoice = (await get(`/invoices/${winner.invoiceId}`, admin)).json().data as Invoice;
    expect(invoice).toMatchObject({ status: 'pending', currency: 'USD', totalAmount: winner.total, number: winner.invoiceNumber });
    expect(invoice.lines.map((line) => line.description)[0]).toContain('Carbon credits');
  });

  it('an order paid twice delivers once: tokens in the buyer wallet, serials recorded, one mint operation', async () => {
    // A fresh vintage order of buyer A was left invoiced by the race test; pay the smaller one of buyer B or C.
    const list = (await get('/purchases/orders?status=invoiced', admin)).json().data.orders as PurchaseOrder[];
    const target = list.find((entry) => entry.quantity === '5')!;
    const buyer = target.companyId === buyerB.result.company.id ? buyerB : buyerC;
    expect((await pay(target.invoiceId!)).statusCode).toBe(201);
    const again = await pay(target.invoiceId!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('INVOICES__NOT_PAYABLE');
    await sweep();
    await sweep();
    const delivered = (await get(`/purchases/orders/${target.id}`, buyer)).json().data as PurchaseOrder;
    expect(delivered).toMatchObject({ status: 'delivered', deliveryError: null });
    expect(delivered.serialNumbers.length).toBeGreaterThan(0);
    expect(await supplyOf(harness.app, delivered.mintAddress!)).toBe(5n);
    const operations = await harness.app.db.asSystem((tx) => tx.select().from(mintOperations).where(eq(mintOperations.id, target.id)));
    expect(operations).toHaveLength(1);
    // The purchase invoice bills the delivering mint, so the monthly service-fee accrual does not bill it again.
    await accrueServiceFees(invoiceDepsOf(harness.app), harness.app.log);
    const billing = await harness.app.db.asSystem((tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.operationId, target.id)));
    expect(billing.map((line) => line.invoiceId)).toEqual([target.invoiceId]);
    const portfolio = (await get('/portfolio', buyer)).json().data as Portfolio;
    const holding = portfolio.holdings.find((entry) => entry.mint === delivered.mintAddress && entry.walletAddress === wallets.get(buyer));
    expect(holding?.heldAmount).toBe('5');
    expect(address(delivered.walletAddress!)).toBe(wallets.get(buyer));
    const actions = await harness.app.db.asSystem((tx) =>
      tx.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.resourceId, target.id)).orderBy(auditLog.id),
    );
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['purchase.quoted', 'purchase.reserved', 'purchase.invoiced', 'purchase.paid', 'purchase.delivered']),
    );
    // The trail's sentences name the project: "The order of 5 tCO2e of <project>, vintage … was delivered".
    for (const entry of actions.filter(({ action }) => action.startsWith('purchase.')))
      expect(entry.details, entry.action).toMatchObject({ projectName: target.projectName });
  });

  it('an unpaid order expires after its payment window: units released, invoice voided, another buyer takes them', async () => {
    const [big] = ((await get('/purchases/orders?status=invoiced', buyerA)).json().data.orders as PurchaseOrder[]).filter((entry) => entry.quantity !== '5');
    await sweep(new Date(Date.now() + 60_000));
    expect(((await get(`/purchases/orders/${big!.id}`, buyerA)).json().data as PurchaseOrder).status).toBe('invoiced');
    await sweep(new Date(Date.now() + 49 * 3_600_000));
    const expired = (await get(`/purchases/orders/${big!.id}`, buyerA)).json().data as PurchaseOrder;
    expect(expired.status).toBe('expired');
    expect(((await get(`/invoices/${big!.invoiceId}`, admin)).json().data as Invoice).status).toBe('cancelled');
    expect((await pay(big!.invoiceId!)).statusCode).toBe(409);
    expect(await available()).toBe(BigInt(big!.quantity));
    const taken = await order(buyerC, 10n);
    expect(taken.status).toBe('invoiced');
  });

  it('company scope: another company’s order answers 404; administrators see every company’s orders', async () => {
    const own = await quote(buyerB, 1n);
    expect((await get(`/purchases/orders/${own.id}`, buyerC)).statusCode).toBe(404);
    expect((await confirm(buyerC, own.id)).statusCode).toBe(404);
    expect((await post(`/purchases/orders/${own.id}/cancel`, buyerC, {}, { 'idempotency-key': randomUUID() })).statusCode).toBe(404);
    const mine = (await get('/purchases/orders', buyerC)).json().data.orders as PurchaseOrder[];
    expect(mine.every((entry) => entry.companyId === buyerC.result.company.id)).toBe(true);
    const all = (await get('/purchases/orders', admin)).json().data.orders as PurchaseOrder[];
    expect(new Set(all.map((entry) => entry.companyId)).size).toBe(3);
    const cancelled = await post(`/purchases/orders/${own.id}/cancel`, buyerB, {}, { 'idempotency-key': randomUUID() });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await confirm(buyerB, own.id)).statusCode).toBe(409);
  });

  it('Idempotency-Key: a replayed confirmation answers the same order and reserves nothing more', async () => {
    const quoted = await quote(buyerC, 2n);
    const key = randomUUID();
    const first = await confirm(buyerC, quoted.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await available();
    const replay = await confirm(buyerC, quoted.id, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(quoted.id);
    expect(await available()).toBe(before);
  });
});
