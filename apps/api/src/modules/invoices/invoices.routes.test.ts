import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  invoiceListSchema,
  invoiceSchema,
  invoiceStatsSchema,
  invoiceTexts,
  paymentResultSchema,
  type CreateInvoiceRequest,
  type Invoice,
  type InvoiceStats,
} from '@carbonledger/contracts';
import { auditLog, invoices, notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { pdfText } from '../certificates/certificates.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { get, post } from '../retirements/retirements.testing';
import { createInvoiceInTx, invoiceDepsOf, markOverdueInvoices, registerInvoicePaidHandler, type PaidInvoice } from './index';

let harness: TestApp;
let finance: SignedIn;
let companyAdmin: SignedIn;
let admin: SignedIn;
let otherAdmin: SignedIn;
let otherCompanyId: string;

const app = () => harness.app;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function body(overrides: Partial<CreateInvoiceRequest> = {}): CreateInvoiceRequest {
  return {
    title: 'Consulting Q3',
    currency: 'USD',
    issueDate: day(0),
    dueDate: day(30),
    taxRate: '10',
    notes: 'Thank you',
    lines: [
      { description: 'Advisory hours', quantity: '3', unitPrice: '19.99' },
      { description: 'Registry fees', quantity: '1.5', unitPrice: '0.33' },
    ],
    status: 'pending',
    ...overrides,
  };
}

async function create(who: SignedIn, overrides: Partial<CreateInvoiceRequest> = {}): Promise<Invoice> {
  const response = await post(app(), who, '/api/v1/invoices', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return invoiceSchema.parse(response.json().data);
}

async function stats(who: SignedIn): Promise<InvoiceStats> {
  const response = await get(app(), who, '/api/v1/invoices/stats');
  expect(response.statusCode, response.body).toBe(200);
  return invoiceStatsSchema.parse(response.json().data);
}

const usd = (summary: InvoiceStats) => summary.currencies.find((entry) => entry.currency === 'USD');

beforeAll(async () => {
  harness = await createTestApp();
  finance = await signInAs(harness.app, 'finance@demo.test');
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  const other = await onboardCompanyForTests(harness.app, admin, 'Faturas Outra Ltda');
  otherAdmin = other.companyAdmin;
  otherCompanyId = other.companyId;
});
afterAll(() => harness.close());

describe('invoice lifecycle', () => {
  it('computes the totals exactly, takes a partial then a final payment, and the summary follows', async () => {
    const before = usd(await stats(finance));
    const invoice = await create(finance);
    // 3 × 19.99 = 59.97; 1.5 × 0.33 = 0.495 → 0.50; tax 10 % of 60.47 = 6.047 → 6.05.
    expect(invoice).toMatchObject({ status: 'pending', amount: '60.47', taxAmount: '6.05', totalAmount: '66.52', balanceDue: '66.52', paidAmount: '0.00' });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.lines.map((line) => line.amount)).toEqual(['59.97', '0.50']);

    const noMethod = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { amount: '20.00' });
    expect(noMethod.statusCode).toBe(400);
    expect(JSON.stringify(noMethod.json().error)).toContain(invoiceTexts.paymentMethodRequired);

    const noKey = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'bank_transfer', amount: '20.00' }, null);
    expect(noKey.statusCode).toBe(400);

    const key = randomUUID();
    const partial = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'bank_transfer', amount: '20.00', reference: 'TX-1' }, key);
    expect(partial.statusCode, partial.body).toBe(201);
    const afterPartial = paymentResultSchema.parse(partial.json().data);
    expect(afterPartial.invoice).toMatchObject({ status: 'pending', paidAmount: '20.00', balanceDue: '46.52', paidDate: null });

    // The same key again: the same payment, not a second one.
    const retried = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'bank_transfer', amount: '20.00', reference: 'TX-1' }, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(paymentResultSchema.parse(retried.json().data).payment.id).toBe(afterPartial.payment.id);

    const over = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'cash', amount: '46.53' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.reason).toBe('INVOICES__OVERPAYMENT');

    const final = await post(app(), finance, `/api/v1/invoices/${invoice.id}/mark-paid`, { method: 'wire_transfer', reference: 'WIRE-9' });
    expect(final.statusCode, final.body).toBe(201);
    const settled = paymentResultSchema.parse(final.json().data);
    expect(settled.payment.amount).toBe('46.52');
    expect(settled.invoice).toMatchObject({ status: 'paid', paidAmount: '66.52', balanceDue: '0.00' });
    expect(settled.invoice.paidDate).not.toBeNull();
    expect(settled.invoice.payments.map((payment) => payment.amount)).toEqual(['20.00', '46.52']);

    // Paid cannot be undone: no more payments, no cancellation, no edit.
    expect((await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'cash', amount: '1' })).json().error.reason).toBe(
      'INVOICES__NOT_PAYABLE',
    );
    expect((await post(app(), finance, `/api/v1/invoices/${invoice.id}/cancel`)).json().error.reason).toBe('INVOICES__NOT_CANCELLABLE');
    const edit = await app().inject({ method: 'PUT', url: `/api/v1/invoices/${invoice.id}`, headers: finance.headers, payload: body() });
    expect(edit.json().error.reason).toBe('INVOICES__NOT_EDITABLE');

    const after = usd(await stats(finance));
    expect(BigInt(after!.totalRevenue.replace('.', '')) - BigInt((before?.totalRevenue ?? '0.00').replace('.', ''))).toBe(6652n);

    const trail = await app().db.asSystem((tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.resourceType, 'invoice'), eq(auditLog.resourceId, invoice.id)))
        .orderBy(auditLog.id),
    );
    expect(trail.map((entry) => entry.action)).toEqual(['invoice.created', 'invoice.payment_recorded', 'invoice.paid']);
  });

  it('numbers invoices from one sequence per tenant, without repeats under concurrent creation', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => create(finance, { status: 'draft' })));
    const numbers = created.map((invoice) => invoice.number);
    expect(new Set(numbers).size).toBe(5);
  });

  it('deletes drafts only (all or none) and cancels the others', async () => {
    const [first, second] = [await create(finance, { status: 'draft' }), await create(finance, { status: 'draft' })];
    const issued = await create(finance);
    const mixed = await post(app(), finance, '/api/v1/invoices/delete', { ids: [first.id, issued.id] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.reason).toBe('INVOICES__ONLY_DRAFTS_DELETED');
    expect((await get(app(), finance, `/api/v1/invoices/${first.id}`)).statusCode).toBe(200);

    const deleted = await post(app(), finance, '/api/v1/invoices/delete', { ids: [first.id, second.id] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: 2 });
    expect((await get(app(), finance, `/api/v1/invoices/${first.id}`)).statusCode).toBe(404);

    const cancelled = await post(app(), finance, `/api/v1/invoices/${issued.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const remove = await app().inject({
      method: 'DELETE',
      url: `/api/v1/invoices/${issued.id}`,
      headers: { ...finance.headers, 'idempotency-key': randomUUID() },
    });
    expect(remove.json().error.reason).toBe('INVOICES__ONLY_DRAFTS_DELETED');
  });

  it('edits a draft: new lines, recomputed totals; issuing makes it payable', async () => {
    const draft = await create(finance, { status: 'draft' });
    expect((await post(app(), finance, `/api/v1/invoices/${draft.id}/payments`, { method: 'cash' })).json().error.reason).toBe('INVOICES__NOT_PAYABLE');
    const edited = await app().inject({
      method: 'PUT',
      url: `/api/v1/invoices/${draft.id}`,
      headers: finance.headers,
      payload: { ...body(), currency: 'EUR', taxRate: '0', lines: [{ description: 'Audit', quantity: '2', unitPrice: '1000' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(invoiceSchema.parse(edited.json().data)).toMatchObject({ currency: 'EUR', totalAmount: '2000.00', status: 'draft' });
    const issued = await post(app(), finance, `/api/v1/invoices/${draft.id}/issue`);
    expect(issued.json().data.status).toBe('pending');
  });

  it('filters by status and search, and exports the filtered list as CSV and JSON', async () => {
    const marked = await create(finance, { title: 'Searchable Zebra invoice' });
    const list = await get(app(), finance, '/api/v1/invoices?search=zebra&status=pending');
    const page = invoiceListSchema.parse(list.json().data);
    expect(page.items.map((item) => item.id)).toEqual([marked.id]);

    const csv = await get(app(), finance, '/api/v1/invoices/export?format=csv&search=zebra');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Invoice number');
    expect(csv.body).toContain(marked.number);
    const json = await get(app(), finance, '/api/v1/invoices/export?format=json&search=zebra');
    expect((JSON.parse(json.body) as { number: string }[]).map((item) => item.number)).toEqual([marked.number]);
  });

  it('renders the invoice as a PDF with its number and total', async () => {
    const invoice = await create(finance, { title: 'PDF check' });
    const response = await get(app(), finance, `/api/v1/invoices/${invoice.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('66.52 USD');
  });
});

describe('overdue', () => {
  it('marks pending invoices past due as overdue once and tells the company finance users', async () => {
    const invoice = await create(finance, { issueDate: day(-40), dueDate: day(5) });
    await app().db.asSystem((tx) =>
      tx
        .update(invoices)
        .set({ dueDate: day(-2) })
        .where(eq(invoices.id, invoice.id)),
    );
    const deps = invoiceDepsOf(app());
    expect(await markOverdueInvoices(deps)).toBeGreaterThanOrEqual(1);
    expect(await markOverdueInvoices(deps)).toBe(0);
    expect((await get(app(), finance, `/api/v1/invoices/${invoice.id}`)).json().data.status).toBe('overdue');
    const told = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, finance.result.user.id), eq(notifications.title, invoiceTexts.overdueTitle))),
    );
    expect(told.filter((entry) => entry.message.includes(invoice.number))).toHaveLength(1);
    expect(usd(await stats(finance))!.overdueAmount).not.toBe('0.00');
  });
});

describe('access', () => {
  it("confines a company's users to its invoices; platform administrators see every company's", async () => {
    const mine = await create(finance);
    expect((await get(app(), otherAdmin, `/api/v1/invoices/${mine.id}`)).statusCode).toBe(404);
    expect((await get(app(), otherAdmin, `/api/v1/invoices/${mine.id}/pdf`)).statusCode).toBe(404);
    const otherList = invoiceListSchema.parse((await get(app(), otherAdmin, '/api/v1/invoices')).json().data);
    expect(otherList.items.some((item) => item.id === mine.id)).toBe(false);
    // A company administrator reads invoices (§6 route roles) but does not manage them.
    expect((await post(app(), otherAdmin, '/api/v1/invoices', body())).statusCode).toBe(403);
    expect((await post(app(), companyAdmin, `/api/v1/invoices/${mine.id}/cancel`)).statusCode).toBe(403);

    const forOther = await post(app(), finance, '/api/v1/invoices', body({ companyId: otherCompanyId }));
    expect(forOther.statusCode).toBe(404);
    expect(forOther.json().error.reason).toBe('INVOICES__UNKNOWN_COMPANY');

    const theirs = await create(admin, { companyId: otherCompanyId, title: 'Platform bill' });
    expect(theirs.companyId).toBe(otherCompanyId);
    expect((await get(app(), otherAdmin, `/api/v1/invoices/${theirs.id}`)).statusCode).toBe(200);
    const all = invoiceListSchema.parse((await get(app(), admin, '/api/v1/invoices?pageSize=100')).json().data);
    expect(new Set(all.items.map((item) => item.companyId))).toEqual(new Set([mine.companyId, otherCompanyId]));
  });

  it.each(['operator@demo.test', 'viewer@demo.test'])('refuses %s (not a role of /invoices)', async (email) => {
    const who = await signInAs(app(), email);
    expect((await get(app(), who, '/api/v1/invoices')).statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 4xx, never 500', async () => {
    const cases: [string, Partial<CreateInvoiceRequest> | Record<string, unknown>][] = [
      ['NUL in the title', { title: 'bad\u0000title' }],
      ['a 1 MB title', { title: 'x'.repeat(1024 * 1024) }],
      ['a negative price', { lines: [{ description: 'x', quantity: '1', unitPrice: '-5' }] }],
      ['three decimals', { lines: [{ description: 'x', quantity: '1', unitPrice: '1.005' }] }],
      ['no due date', { dueDate: undefined }],
      ['due before issue', { issueDate: day(0), dueDate: day(-1) }],
      ['no lines', { lines: [] }],
      ['another currency', { currency: 'BRL' }],
      // Malformed numbers reach the refinements too (found by the fuzz test): still a 400.
      ['NUL in the tax rate', { taxRate: '2\u00006' }],
      ['NUL in a quantity', { lines: [{ description: 'x', quantity: '1\u00002', unitPrice: '1' }] }],
    ];
    for (const [name, overrides] of cases) {
      const response = await post(app(), finance, '/api/v1/invoices', { ...body(), ...overrides });
      expect([400, 413], name).toContain(response.statusCode);
    }
    const invoice = await create(finance);
    expect((await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'cash', amount: '-1' })).statusCode).toBe(400);
    expect((await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'cash', amount: '0' })).statusCode).toBe(400);
    expect((await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'cash', amount: '1\u00007.1' })).statusCode).toBe(400);
    expect((await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'cash', reference: 'a\u0000b' })).statusCode).toBe(400);
    expect((await get(app(), finance, `/api/v1/invoices/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(app(), finance, '/api/v1/invoices/not-a-uuid')).statusCode).toBe(400);
    expect((await get(app(), finance, `/api/v1/invoices?search=${encodeURIComponent('a\u0000')}`)).statusCode).toBe(400);
  });
});

describe('the face other modules bill through', () => {
  it('creates one invoice per source reference and tells the source once when it is paid', async () => {
    const heard: PaidInvoice[] = [];
    registerInvoicePaidHandler(app().db, 'test-orders', async (_tx, invoice) => {
      heard.push(invoice);
    });
    const tenantId = finance.result.tenant.id;
    const request = {
      tenantId,
      companyId: finance.result.company.id,
      title: 'Credit purchase order 7',
      currency: 'USD' as const,
      lines: [{ description: '100 tCO2e', quantity: '100', unitPrice: '12.50' }],
      dueDate: day(14),
      source: 'test-orders',
      sourceReference: 'order-7',
    };
    const first = await app().db.withTenant(tenantId, (tx) => createInvoiceInTx(tx, request));
    const again = await app().db.withTenant(tenantId, (tx) => createInvoiceInTx(tx, request));
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, invoice: { id: first.invoice.id } });
    expect(first.invoice).toMatchObject({ status: 'pending', totalAmount: '1250.00', source: 'test-orders' });

    const paid = await post(app(), finance, `/api/v1/invoices/${first.invoice.id}/mark-paid`, { method: 'credit_card' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ id: first.invoice.id, sourceReference: 'order-7', totalAmount: '1250.00' });
  });
});
