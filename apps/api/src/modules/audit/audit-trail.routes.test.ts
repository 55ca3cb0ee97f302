import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { auditTrailFacetsSchema, auditTrailListSchema, describeActivity, ROLES, type AuditTrailList, type Role } from '@carbonledger/contracts';
import { companies, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { recordAudit } from '.';

let harness: TestApp;
let admin: SignedIn;
let companyAdmin: SignedIn;
let operator: SignedIn;
let outsider: SignedIn;
let otherTenant: SignedIn;
let tenantId: string;

const inject = (options: InjectOptions) => harness.app.inject(options);
const list = async (who: SignedIn, query = '') => {
  const response = await inject({ url: `/api/v1/audit/trail${query}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return auditTrailListSchema.parse(response.json().data);
};
const actions = (page: AuditTrailList) => page.items.map((entry) => entry.action);

beforeAll(async () => {
  harness = await createTestApp();
  admin = await signInAs(harness.app, 'admin@demo.test');
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  operator = await signInAs(harness.app, 'operator@demo.test');
  tenantId = admin.result.tenant.id;
  // Another company of the same tenant, whose people's entries the demo company's officers never read.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await harness.app.db.asSystem(async (tx) => {
    const [company] = await tx.insert(companies).values({ tenantId, name: 'Trail Other Energy', kycStatus: 'approved' }).returning();
    await tx
      .insert(users)
      .values({ tenantId, companyId: company!.id, email: 'otto@trail-other.test', passwordHash, role: 'OPERATOR', firstName: 'Otto', lastName: 'Other' });
  });
  outsider = await signInAs(harness.app, 'otto@trail-other.test');
  otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'trailbeta')).email);
  await harness.app.db.withTenant(tenantId, async (tx) => {
    await recordAudit(tx, {
      tenantId,
      actorUserId: operator.result.user.id,
      action: 'offset_request.created',
      resourceType: 'offset_request',
      resourceId: 'f6b1d3c4-0000-4000-8000-000000000001',
      details: { quantity: '12', beneficiaryName: 'Escola Verde', note: '=cmd|" /C calc"!A0' },
      requestId: 'req-trail-1',
    });
    await recordAudit(tx, {
      tenantId,
      actorUserId: outsider.result.user.id,
      action: 'wallet.registered',
      resourceType: 'company_wallet',
      resourceId: 'wallet-of-otto',
      details: { address: 'OttoWalletAddress111111111111111111' },
    });
  });
});
afterAll(() => harness.close());

describe('GET /audit/trail', () => {
  it('lists the hash-chained entries newest first, each linked to the one before it, and told in the reader’s language', async () => {
    const page = await list(admin, '?pageSize=50');
    expect(page.total).toBeGreaterThan(3);
    for (let index = 0; index + 1 < page.items.length; index += 1) {
      expect(BigInt(page.items[index]!.id)).toBeGreaterThan(BigInt(page.items[index + 1]!.id));
      expect(page.items[index]!.prevHash).toBe(page.items[index + 1]!.hash);
    }
    const offset = page.items.find((entry) => entry.action === 'offset_request.created')!;
    expect(offset).toMatchObject({
      actor: { name: 'Otavio Pereira', email: 'operator@demo.test' },
      resourceType: 'offset_request',
      requestId: 'req-trail-1',
      details: { quantity: '12', beneficiaryName: 'Escola Verde' },
    });
    expect(offset.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(describeActivity(offset, 'en')).toBe('Otavio Pereira asked to retire 12 tCO2e on behalf of Escola Verde');
    expect(describeActivity(offset, 'pt')).toBe('Otavio Pereira pediu a aposentadoria de 12 tCO2e em nome de Escola Verde');
    expect(describeActivity(offset, 'es')).toBe('Otavio Pereira solicitó retirar 12 tCO2e en nombre de Escola Verde');
  });

  it('filters by actor, action type or action, entity, time and free text, and pages', async () => {
    const byActor = await list(admin, `?actorId=${operator.result.user.id}`);
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((entry) => entry.actor?.id === operator.result.user.id)).toBe(true);

    expect(new Set(actions(await list(admin, '?action=security')).map((action) => action.split('.')[0]))).toEqual(new Set(['security']));
    expect(new Set(actions(await list(admin, '?action=security.login_succeeded')))).toEqual(new Set(['security.login_succeeded']));

    const byEntity = await list(admin, '?resourceType=company_wallet&resourceId=wallet-of-otto');
    expect(actions(byEntity)).toEqual(['wallet.registered']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(admin, `?from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await list(admin, '?to=2001-01-01')).total).toBe(0);

    // Free text finds the actor, the details and the request id; % and _ are taken literally.
    expect(actions(await list(admin, '?q=escola%20verde'))).toEqual(['offset_request.created']);
    expect(actions(await list(admin, '?q=req-trail-1'))).toEqual(['offset_request.created']);
    expect((await list(admin, '?q=otto%40trail-other')).items.every((entry) => entry.actor?.email === 'otto@trail-other.test')).toBe(true);
    expect((await list(admin, '?q=%25%25%25')).total).toBe(0);

    const first = await list(admin, '?pageSize=2');
    const second = await list(admin, '?pageSize=2&page=2');
    expect(BigInt(first.items[1]!.id)).toBeGreaterThan(BigInt(second.items[0]!.id));
  });

  it('refuses bad filters with a 400, never a server error', async () => {
    for (const query of ['?actorId=nope', '?action=a%00b', '?action=Wallet', '?from=yesterday', `?q=${'x'.repeat(1_000_000)}`, '?q=a%00b', '?pageSize=1000']) {
      const response = await inject({ url: `/api/v1/audit/trail${query}`, headers: admin.headers });
      expect(response.statusCode, query.slice(0, 40)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('shows a company officer only their company’s people’s entries; administrators the tenant; never another tenant', async () => {
    const page = await list(companyAdmin, '?pageSize=100');
    const emails = new Set(page.items.map((entry) => entry.actor?.email));
    expect(emails).toContain('operator@demo.test');
    expect(emails).not.toContain('otto@trail-other.test');
    expect(emails).not.toContain('admin@demo.test');
    expect((await list(companyAdmin, '?resourceId=wallet-of-otto')).total).toBe(0);
    const facets = auditTrailFacetsSchema.parse((await inject({ url: '/api/v1/audit/trail/facets', headers: companyAdmin.headers })).json().data);
    expect(facets.users.map((user) => user.email)).not.toContain('otto@trail-other.test');
    expect(facets.actions).toContain('offset_request.created');
    expect(facets.resourceTypes).toContain('offset_request');

    expect((await list(admin, '?resourceId=wallet-of-otto')).total).toBe(1);
    expect((await list(otherTenant, '?q=escola')).total).toBe(0);
  });

  it('is open to holders of audit:read — the role matrix', async () => {
    const expected: Record<Role, number> = {
      SUPER_ADMIN: 200,
      ADMIN: 200,
      COMPANY_ADMIN: 200,
      CSO: 200,
      HEAD_OF_DIGITAL_ASSETS: 403,
      MANAGER: 403,
      FINANCE: 403,
      OPERATOR: 403,
      VIEWER: 403,
    };
    const emails: Record<Role, string> = {
      SUPER_ADMIN: 'superadmin@demo.test',
      ADMIN: 'admin@demo.test',
      COMPANY_ADMIN: 'companyadmin@demo.test',
      CSO: 'cso@demo.test',
      HEAD_OF_DIGITAL_ASSETS: 'hda@demo.test',
      MANAGER: 'manager@demo.test',
      FINANCE: 'finance@demo.test',
      OPERATOR: 'operator@demo.test',
      VIEWER: 'viewer@demo.test',
    };
    for (const role of ROLES) {
      const who = await signInAs(harness.app, emails[role]);
      for (const path of ['/audit/trail', '/audit/trail/facets', '/audit/trail/export']) {
        const response = await inject({ url: `/api/v1${path}`, headers: who.headers });
        expect(response.statusCode, `${role} ${path}`).toBe(expected[role]);
        if (expected[role] === 403) expect(response.json().error.code).toBe('ACCESS_DENIED');
      }
    }
    expect((await inject({ url: '/api/v1/audit/trail' })).statusCode).toBe(401);
  });
});

describe('GET /audit/trail/export', () => {
  const exportCsv = async (who: SignedIn, query: string) => {
    const response = await inject({ url: `/api/v1/audit/trail/export${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-.*\.csv"$/);
    return response.body;
  };

  it('exports the filtered rows in the chosen language with their hashes, formula cells neutralised', async () => {
    const csv = await exportCsv(admin, '?action=offset_request&lang=pt');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFEntrada,Data e hora (UTC),Usuário,E-mail,Em palavras,Ação,Entidade,Id da entidade,Endereço IP,Id da requisição,Detalhes,Hash,Hash anterior',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      ',Otavio Pereira,operator@demo.test,Otavio Pereira pediu a aposentadoria de 12 tCO2e em nome de Escola Verde,offset_request.created,',
    );
    expect(lines[1]).toMatch(/,[0-9a-f]{64},[0-9a-f]{64}$/);
    expect(csv).not.toMatch(/(^|,)[=+@-]/m);
  });

  it('follows the company scope', async () => {
    const csv = await exportCsv(companyAdmin, '?lang=en');
    expect(csv).toContain('operator@demo.test');
    expect(csv).not.toContain('otto@trail-other.test');
  });
});
