import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  financialReconciliationSchema,
  invoiceSchema,
  lineAmountMinor,
  minorToMoney,
  type FinancialReconciliation,
  type Invoice,
} from '@carbonledger/contracts';
import { auditLog, invoiceLines, invoices, mintOperations, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { mintingSettingsOf } from '../minting';
import { createRetirement, get, post, retireBody, retirementFixture, WIND_PROJECT, type RetirementFixture } from '../retirements/retirements.testing';
import { accrueServiceFees, invoiceDepsOf } from './index';

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let finance: SignedIn;
let fixture: RetirementFixture;

const app = () => harness.app;

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  finance = await signInAs(harness.app, 'finance@demo.test');
  fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 10, managedTokens: 40 });
});
afterAll(() => harness.close());

async function linesBilling(ids: string[]) {
  return app().db.asSystem((tx) => tx.select().from(invoiceLines).where(inArray(invoiceLines.operationId, ids)));
}

async function invoiceOf(id: string): Promise<Invoice> {
  const response = await get(app(), finance, `/api/v1/invoices/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceSchema.parse(response.json().data);
}

describe('service-fee accrual', () => {
  it('bills every completed mint and retirement exactly once, on the monthly draft of its company, at the price list', async () => {
    const retired = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 3 }));
    expect(retired.retirement.status).toBe('completed');
    const companyId = companyAdmin.result.company.id;
    const mints = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(mintOperations)
        .where(and(eq(mintOperations.companyId, companyId), eq(mintOperations.status, 'completed'))),
    );
    expect(mints.length).toBeGreaterThanOrEqual(2);

    // Two passes at once and a third after (the scheduled sweep may run meanwhile too): each operation gets one line.
    const deps = invoiceDepsOf(app());
    await Promise.all([accrueServiceFees(deps), accrueServiceFees(deps)]);
    await accrueServiceFees(deps);
    const operationIds = [...mints.map((mint) => mint.id), retired.retirement.id];
    const lines = await linesBilling(operationIds);
    expect(lines.map((line) => line.operationId).sort()).toEqual([...operationIds].sort());

    const price = await app().db.withTenant(companyAdmin.result.tenant.id, async (tx) => {
      const project = await app().registryFor(tx).getProject(WIND_PROJECT);
      return (await mintingSettingsOf(tx)).pricesUsdCents[project!.type];
    });
    expect(price).toBeGreaterThan(0);
    const retirementLine = lines.find((line) => line.operationId === retired.retirement.id)!;
    expect(retirementLine).toMatchObject({ operationKind: 'retirement', signature: retired.retirement.signature, quantity: '3.0000' });
    expect(retirementLine.unitPrice).toBe(minorToMoney(BigInt(price)));
    expect(retirementLine.amount).toBe(minorToMoney(lineAmountMinor('3', retirementLine.unitPrice)));
    // The trail tells "3 tCO2e were billed …", not "3.0000 tCO2e".
    const accrued = await app().db.asSystem((tx) => tx.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, 'invoice.line_accrued')));
    expect(accrued.map((entry) => entry.details)).toContainEqual(expect.objectContaining({ operationId: retired.retirement.id, tonnes: '3' }));
    for (const mint of mints) {
      expect(lines.find((line) => line.operationId === mint.id)).toMatchObject({ operationKind: 'mint', signature: mint.signature });
    }

    const invoiceIds = [...new Set(lines.map((line) => line.invoiceId))];
    const period = new Date().toISOString().slice(0, 7);
    expect(invoiceIds).toHaveLength(1);
    const invoice = await invoiceOf(invoiceIds[0]!);
    expect(invoice).toMatchObject({ status: 'draft', currency: 'USD', source: 'accrual', title: `Service fees ${period}`, companyId });
    const expectedSubtotal = invoice.lines.reduce((sum, line) => sum + lineAmountMinor(line.quantity, line.unitPrice), 0n);
    expect(invoice.amount).toBe(minorToMoney(expectedSubtotal));
    expect(invoice.totalAmount).toBe(invoice.amount);
  });

  it('starts a new draft once the month’s draft was issued, and never bills an operation again', async () => {
    const [open] = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.companyId, companyAdmin.result.company.id), eq(invoices.source, 'accrual'), eq(invoices.status, 'draft'))),
    );
    expect(open).toBeDefined();
    const issued = await post(app(), finance, `/api/v1/invoices/${open!.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);

    const again = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 2 }));
    await accrueServiceFees(invoiceDepsOf(app()));
    const lines = await linesBilling([again.retirement.id]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.invoiceId).not.toBe(open!.id);
    expect((await invoiceOf(lines[0]!.invoiceId)).status).toBe('draft');

    const issuedInvoice = await invoiceOf(open!.id);
    expect(issuedInvoice.status).toBe('pending');
    // The issued invoice's lines are as they were: nothing moved or doubled.
    const everyLine = await app().db.asSystem((tx) =>
      tx.select({ id: invoiceLines.operationId }).from(invoiceLines).where(eq(invoiceLines.operationKind, 'retirement')),
    );
    const retirementIds = (await app().db.asSystem((tx) => tx.select({ id: retirements.id }).from(retirements).where(eq(retirements.status, 'completed')))).map(
      (row) => row.id,
    );
    expect(everyLine.map((row) => row.id).sort()).toEqual([...retirementIds].sort());
  });
});

describe('/financial/reconciliation', () => {
  async function reconcile(who: SignedIn, includeResolved = false): Promise<FinancialReconciliation> {
    const response = await get(app(), who, `/api/v1/financial/reconciliation?includeResolved=${includeResolved}`);
    expect(response.statusCode, response.body).toBe(200);
    return financialReconciliationSchema.parse(response.json().data);
  }

  it('lists an operation billed only on a cancelled invoice, a payment without a live invoice and an amount difference; each resolves once with a note', async () => {
    const [open] = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.companyId, companyAdmin.result.company.id), eq(invoices.source, 'accrual'), eq(invoices.status, 'draft'))),
    );
    const [billed] = await linesBilling(
      (await app().db.asSystem((tx) => tx.select({ id: invoiceLines.operationId }).from(invoiceLines).where(eq(invoiceLines.invoiceId, open!.id)))).map(
        (row) => row.id!,
      ),
    );
    expect((await post(app(), finance, `/api/v1/invoices/${open!.id}/cancel`)).statusCode).toBe(200);

    const paidPart = invoiceSchema.parse(
      (
        await post(app(), finance, '/api/v1/invoices', {
          title: 'Tampered',
          currency: 'EUR',
          issueDate: '2026-01-01',
          dueDate: '2026-12-31',
          lines: [{ description: 'x', quantity: '1', unitPrice: '100' }],
          status: 'pending',
        })
      ).json().data,
    );
    const payment = await post(app(), finance, `/api/v1/invoices/${paidPart.id}/payments`, { method: 'cash', amount: '40.00' });
    expect(payment.statusCode, payment.body).toBe(201);
    const paymentId = (payment.json().data as { payment: { id: string } }).payment.id;
    await app().db.asSystem((tx) => tx.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, paidPart.id)));
    const drifted = invoiceSchema.parse(
      (
        await post(app(), finance, '/api/v1/invoices', {
          title: 'Drifted',
          currency: 'GBP',
          issueDate: '2026-01-01',
          dueDate: '2026-12-31',
          lines: [{ description: 'y', quantity: '2', unitPrice: '10' }],
        })
      ).json().data,
    );
    await app().db.asSystem((tx) => tx.update(invoices).set({ amount: '19.99', totalAmount: '19.99' }).where(eq(invoices.id, drifted.id)));

    const report = await reconcile(companyAdmin);
    expect(report.billedOperations).toBeLessThan(report.billableOperations);
    const kinds = new Map(report.mismatches.map((mismatch) => [`${mismatch.kind}:${mismatch.subjectId}`, mismatch]));
    expect(kinds.get(`unbilled_operation:${billed!.operationId}`)).toMatchObject({ invoiceNumber: open!.number, actual: '0.00' });
    expect(kinds.get(`payment_without_invoice:${paymentId}`)).toMatchObject({ currency: 'EUR', expected: '0.00', actual: '40.00' });
    expect(kinds.get(`amount_difference:${drifted.id}`)).toMatchObject({ currency: 'GBP', expected: '20.00', actual: '19.99' });

    const resolve = (body: Record<string, unknown>) => post(app(), companyAdmin, '/api/v1/financial/reconciliation/resolutions', body);
    const done = await resolve({ kind: 'amount_difference', subjectId: drifted.id, note: 'Rounding agreed with the customer' });
    expect(done.statusCode, done.body).toBe(201);
    expect((await resolve({ kind: 'amount_difference', subjectId: drifted.id, note: 'again' })).json().error.reason).toBe(
      'INVOICES__MISMATCH_ALREADY_RESOLVED',
    );
    expect((await resolve({ kind: 'amount_difference', subjectId: paidPart.id, note: 'not one' })).statusCode).toBe(404);
    expect((await resolve({ kind: 'payment_without_invoice', subjectId: paymentId, note: '' })).statusCode).toBe(400);
    expect((await resolve({ kind: 'payment_without_invoice', subjectId: paymentId, note: 'bad\u0000note' })).statusCode).toBe(400);

    expect((await reconcile(companyAdmin)).mismatches.some((mismatch) => mismatch.subjectId === drifted.id)).toBe(false);
    const withResolved = await reconcile(companyAdmin, true);
    expect(withResolved.mismatches.find((mismatch) => mismatch.subjectId === drifted.id)?.resolution).toMatchObject({
      note: 'Rounding agreed with the customer',
    });
    const trail = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'financial_reconciliation.resolved'), eq(auditLog.resourceId, drifted.id))),
    );
    expect(trail).toHaveLength(1);
  });

  it('follows the §6 route roles: finance and operators are refused', async () => {
    expect((await get(app(), finance, '/api/v1/financial/reconciliation')).statusCode).toBe(403);
    const operator = await signInAs(app(), 'operator@demo.test');
    expect((await get(app(), operator, '/api/v1/financial/reconciliation')).statusCode).toBe(403);
    expect((await get(app(), admin, '/api/v1/financial/reconciliation')).statusCode).toBe(200);
  });
});
