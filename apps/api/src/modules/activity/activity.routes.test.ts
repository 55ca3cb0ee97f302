import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { activityFacetsSchema, activityListSchema, describeActivity, hasActivitySentence, invoiceSchema, type ActivityList } from '@carbonledger/contracts';
import { companies, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordAudit } from '../audit';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { post } from '../retirements/retirements.testing';

let harness: TestApp;
let admin: SignedIn;
let manager: SignedIn;
let operator: SignedIn;
let outsider: SignedIn;
let tenantId: string;

const inject = (options: InjectOptions) => harness.app.inject(options);
const list = async (who: SignedIn, query = '') => {
  const response = await inject({ url: `/api/v1/team/activity${query}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return activityListSchema.parse(response.json().data);
};
const sentences = (page: ActivityList, language: 'en' | 'pt' | 'es' = 'en') => page.items.map((entry) => describeActivity(entry, language));

beforeAll(async () => {
  harness = await createTestApp();
  admin = await signInAs(harness.app, 'admin@demo.test');
  manager = await signInAs(harness.app, 'manager@demo.test');
  operator = await signInAs(harness.app, 'operator@demo.test', {
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/130.0', 'cf-ipcountry': 'PT' },
  });
  tenantId = admin.result.tenant.id;
  // A second company of the same tenant with a user of its own, whose activity a manager of the demo company never sees.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await harness.app.db.asSystem(async (tx) => {
    const [company] = await tx.insert(companies).values({ tenantId, name: 'Other Energy', kycStatus: 'approved' }).returning();
    await tx
      .insert(users)
      .values({ tenantId, companyId: company!.id, email: 'olga@other.test', passwordHash, role: 'OPERATOR', firstName: 'Olga', lastName: 'Other' });
  });
  outsider = await signInAs(harness.app, 'olga@other.test');
  await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: operator.headers, payload: { jobTitle: 'Desk =cmd|" /C calc"!A0' } });
  await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: outsider.headers, payload: { jobTitle: 'Elsewhere' } });
});
afterAll(() => harness.close());

describe('GET /team/activity', () => {
  it('tells who did what, when and from where, as sentences in the reader’s language', async () => {
    const page = await list(admin, `?userId=${operator.result.user.id}`);
    const signIn = page.items.find((entry) => entry.action === 'security.login_succeeded')!;
    expect(signIn).toMatchObject({ actor: { name: 'Otavio Pereira', email: 'operator@demo.test' }, location: 'PT', device: 'Firefox on Windows' });
    expect(signIn.ip).toEqual(expect.any(String));
    expect(describeActivity(signIn, 'en')).toBe('Otavio Pereira signed in');
    expect(describeActivity(signIn, 'pt')).toBe('Otavio Pereira fez login');
    expect(describeActivity(signIn, 'es')).toBe('Otavio Pereira inició sesión');
    expect(sentences(page)).toContain('Otavio Pereira updated their profile');
    // Never the raw event key.
    expect(sentences(page).some((sentence) => /security\.|user\./.test(sentence))).toBe(false);
  });

  it('tells an invoice payment recorded through the API with its amount, the invoice and what is still due', async () => {
    const finance = await signInAs(harness.app, 'finance@demo.test');
    const today = new Date().toISOString().slice(0, 10);
    const created = await post(harness.app, finance, '/api/v1/invoices', {
      title: 'Advisory',
      currency: 'USD',
      issueDate: today,
      dueDate: today,
      taxRate: '0',
      lines: [{ description: 'Advisory hours', quantity: '4', unitPrice: '25.00' }],
      status: 'pending',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = invoiceSchema.parse(created.json().data);
    const paid = await post(harness.app, finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'bank_transfer', amount: '30.00' });
    expect(paid.statusCode, paid.body).toBe(201);

    const page = await list(admin, `?userId=${finance.result.user.id}&actionType=invoice`);
    const payment = page.items.find((entry) => entry.action === 'invoice.payment_recorded')!;
    expect(describeActivity(payment, 'en')).toBe(`Fernanda Costa recorded a payment of 30.00 USD on the invoice ${invoice.number}; 70.00 USD still due`);
    expect(describeActivity(payment, 'pt')).toBe(`Fernanda Costa registrou um pagamento de 30.00 USD na fatura ${invoice.number}; faltam 70.00 USD`);
    expect(describeActivity(payment, 'es')).toBe(`Fernanda Costa registró un pago de 30.00 USD en la factura ${invoice.number}; quedan 70.00 USD por pagar`);
    expect(sentences(page)).toContain(`Fernanda Costa created the invoice ${invoice.number} (100.00 USD)`);
    expect(page.items.every((entry) => hasActivitySentence(entry.action))).toBe(true);
  });

  it('filters by user, action type, resource type and date range, and pages', async () => {
    const byType = await list(admin, '?actionType=security');
    expect(byType.items.length).toBeGreaterThan(0);
    expect(byType.items.every((entry) => entry.action.startsWith('security.'))).toBe(true);
    const byResource = await list(admin, '?resourceType=user&userId=' + operator.result.user.id);
    expect(byResource.items.every((entry) => entry.resourceType === 'user' && entry.actor?.id === operator.result.user.id)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(admin, `?from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await list(admin, '?to=2001-01-01')).total).toBe(0);
    expect((await list(admin, `?from=${new Date(Date.now() + 3600_000).toISOString()}`)).total).toBe(0);

    const all = await list(admin, '?pageSize=2');
    const second = await list(admin, '?pageSize=2&page=2');
    expect(all.total).toBeGreaterThan(4);
    expect(second.items.map((entry) => entry.id)).not.toEqual(all.items.map((entry) => entry.id));
    expect(BigInt(all.items[1]!.id)).toBeGreaterThan(BigInt(second.items[0]!.id));
  });

  it('refuses bad filters with a 400, never a server error', async () => {
    for (const query of ['?userId=nope', '?actionType=a%00b', '?from=yesterday', `?resourceType=${'x'.repeat(2000)}`, '?pageSize=1000']) {
      expect((await inject({ url: `/api/v1/team/activity${query}`, headers: admin.headers })).statusCode, query).toBe(400);
    }
  });

  it('shows a manager only the activity of their company’s users', async () => {
    const page = await list(manager, '?pageSize=100');
    const emails = new Set(page.items.map((entry) => entry.actor?.email));
    expect(emails).toContain('operator@demo.test');
    expect(emails).not.toContain('olga@other.test');
    expect(emails).not.toContain('admin@demo.test');
    expect((await list(manager, `?userId=${outsider.result.user.id}`)).total).toBe(0);
    const facets = activityFacetsSchema.parse((await inject({ url: '/api/v1/team/activity/facets', headers: manager.headers })).json().data);
    expect(facets.users.map((user) => user.email)).not.toContain('olga@other.test');
    expect(facets.users.map((user) => user.email)).toContain('operator@demo.test');

    const tenantWide = await list(admin, '?pageSize=100');
    expect(new Set(tenantWide.items.map((entry) => entry.actor?.email))).toContain('olga@other.test');
  });

  it('is refused to roles outside /team/activity and to signed-out callers', async () => {
    for (const who of [operator, outsider, await signInAs(harness.app, 'companyadmin@demo.test')]) {
      const response = await inject({ url: '/api/v1/team/activity', headers: who.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ACCESS_DENIED');
      expect((await inject({ url: '/api/v1/team/activity/export', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await inject({ url: '/api/v1/team/activity' })).statusCode).toBe(401);
    expect((await inject({ url: '/api/v1/team/activity', headers: (await signInAs(harness.app, 'superadmin@demo.test')).headers })).statusCode).toBe(200);
  });
});

describe('GET /team/activity/export', () => {
  const exportCsv = async (who: SignedIn, query: string) => {
    const response = await inject({ url: `/api/v1/team/activity/export${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="activity-.*\.csv"$/);
    return response.body;
  };

  it('exports the filtered entries in the chosen language, escaped, with formula cells neutralised', async () => {
    const csv = await exportCsv(admin, `?userId=${operator.result.user.id}&lang=pt`);
    expect(csv.startsWith('\uFEFFData e hora (UTC),Usuário,E-mail,Atividade,Ação,')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.some((line) => line.includes(',Otavio Pereira fez login,security.login_succeeded,'))).toBe(true);
    expect(lines.some((line) => line.includes('olga@other.test'))).toBe(false);
  });

  it('quotes commas, quotes and line breaks and prefixes = + - @ with an apostrophe', async () => {
    await harness.app.db.withTenant(tenantId, (tx) =>
      recordAudit(tx, {
        tenantId,
        actorUserId: operator.result.user.id,
        action: 'security.alert_raised',
        resourceType: '=HYPERLINK("http://evil")',
        resourceId: '+1,2',
        details: { title: 'Line one\nsays "hi", then @SUM(A1)' },
      }),
    );
    const csv = await exportCsv(admin, `?actionType=security&userId=${operator.result.user.id}`);
    expect(csv).toContain(`,"Security alert raised: Line one\nsays ""hi"", then @SUM(A1)",security.alert_raised,"'=HYPERLINK(""http://evil"")","'+1,2",`);
    expect(csv).not.toMatch(/(^|,)[=+@-]/m);
  });

  it('follows the company scope: a manager exports only their company’s activity', async () => {
    const csv = await exportCsv(manager, '');
    expect(csv).toContain('operator@demo.test');
    expect(csv).not.toContain('olga@other.test');
    expect(csv).not.toContain(',admin@demo.test,');
  });

  it('streams more rows than one page, newest first', async () => {
    await harness.app.db.withTenant(tenantId, async (tx) => {
      for (let index = 0; index < 620; index += 1)
        await recordAudit(tx, {
          tenantId,
          actorUserId: outsider.result.user.id,
          action: 'vcu.imported',
          resourceType: 'vcu_block',
          details: { units: index, serialNumber: `S-${index}` },
        });
    });
    const lines = (await exportCsv(admin, `?userId=${outsider.result.user.id}&actionType=vcu`)).trimEnd().split('\r\n');
    expect(lines).toHaveLength(621);
    expect(lines[1]).toContain('Olga Other imported 619 VCUs (S-619)');
    expect(lines[620]).toContain('Olga Other imported 0 VCUs (S-0)');
  });
});

describe('activity_update', () => {
  it('is not sent for reads, only after a signed-in change, to the company of who acted', async () => {
    const emit = vi.spyOn(harness.app.live, 'emitToCompany');
    try {
      await list(manager);
      expect(emit.mock.calls.filter(([, event]) => event === 'activity_update')).toEqual([]);
      await inject({ method: 'PATCH', url: '/api/v1/auth/profile', headers: operator.headers, payload: { department: 'Desk' } });
      const [row] = await harness.app.db.asSystem((tx) => tx.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'operator@demo.test')));
      const companyId = row!.companyId;
      expect(emit.mock.calls.filter(([, event]) => event === 'activity_update')).toEqual([[{ tenantId, companyId }, 'activity_update', { companyId }]]);
    } finally {
      emit.mockRestore();
    }
  });
});
