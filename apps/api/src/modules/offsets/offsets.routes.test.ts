import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  approvalDecisionResultSchema,
  offsetRequestListSchema,
  offsetRequestSchema,
  offsetTexts,
  ROLES,
  utcToday,
  type OffsetRequest,
  type Role,
} from '@carbonledger/contracts';
import { auditLog, companies, retirements, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { supplyOf } from '../minting/minting.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { get, post, retirementFixture, type RetirementFixture } from '../retirements/retirements.testing';
import { offsetDepsOf } from './offsets.context';
import { executeOffsetRequest } from './offsets.execution';

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let superadmin: SignedIn;
let fixture: RetirementFixture;
let platformFixture: RetirementFixture;

const app = () => harness.app;
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function ownBody(overrides: Record<string, unknown> = {}) {
  return {
    sourcing: 'own_credits',
    tokenMint: fixture.tokenMint,
    walletAddress: fixture.managed.address,
    quantity: 5,
    beneficiaryName: 'Escola Municipal Verde',
    purpose: 'School year 2025 travel',
    reason: 'voluntary_offset',
    country: 'br',
    requestedDate: utcToday(),
    ...overrides,
  };
}

async function ask(who: SignedIn, body: Record<string, unknown>): Promise<OffsetRequest> {
  const response = await post(app(), who, '/api/v1/offsets/requests', body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(offsetTexts.created);
  return offsetRequestSchema.parse(response.json().data);
}

async function read(who: SignedIn, id: string): Promise<OffsetRequest> {
  const response = await get(app(), who, `/api/v1/offsets/requests/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return offsetRequestSchema.parse(response.json().data);
}

async function decideApproval(who: SignedIn, approvalId: string, decision: 'approve' | 'reject', reason?: string) {
  const response = await post(app(), who, `/api/v1/approvals/${approvalId}/${decision}`, decision === 'reject' ? { reason } : {});
  expect(response.statusCode, response.body).toBe(200);
  return approvalDecisionResultSchema.parse(response.json().data);
}

const retirementsFor = (beneficiaryName: string) =>
  app().db.asSystem((tx) => tx.select().from(retirements).where(eq(retirements.beneficiaryName, beneficiaryName)));

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  superadmin = await signInAs(harness.app, 'superadmin@demo.test');
  fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 10, managedTokens: 100 });
  // The platform company's own holdings, from which it sources requests.
  platformFixture = await retirementFixture(harness.app, admin, superadmin, { externalTokens: 1, managedTokens: 40 });
});
afterAll(() => harness.close());

describe('offset request → approval → retirement', () => {
  it('retires the credits once the administrator approves, with the certificate linked back to the requester', async () => {
    const emit = vi.spyOn(app().live, 'emitToCompany');
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const asked = await ask(companyAdmin, ownBody({ beneficiaryName: 'Escola Municipal Verde' }));
    expect(asked).toMatchObject({
      status: 'pending_approval',
      sourcing: 'own_credits',
      companyId: companyAdmin.result.company.id,
      requestedBy: { id: companyAdmin.result.user.id, name: 'Camila Rocha' },
      quantity: '5',
      country: 'BR',
      retirementId: null,
      certificateNumber: null,
    });
    expect(asked.approvalId).toEqual(expect.any(String));
    // Nothing is retired before the approval.
    expect(await retirementsFor('Escola Municipal Verde')).toEqual([]);

    const decided = await decideApproval(admin, asked.approvalId!, 'approve');
    expect(decided.approval.status).toBe('approved');
    const done = await read(companyAdmin, asked.id);
    expect(done).toMatchObject({ status: 'completed', retirementStatus: 'completed', error: null });
    expect(done.certificateNumber).toMatch(/^CLC-\d{4}-[A-Z2-9]{8}$/);
    expect(done.certificateUrl).toContain(`/verify/${done.certificateNumber}`);
    expect(done.decidedAt).toEqual(expect.any(String));
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 5n);
    const [retirement] = await retirementsFor('Escola Municipal Verde');
    expect(retirement).toMatchObject({ id: done.retirementId, companyId: companyAdmin.result.company.id, memo: 'School year 2025 travel', country: 'BR' });

    // The requester hears of it live and by notification; the trail has every step.
    const updates = emit.mock.calls.filter(([, event]) => event === 'offset_request_update').map(([, , payload]) => payload as { id: string; status: string });
    expect(updates.filter((update) => update.id === asked.id).map((update) => update.status)).toEqual(['pending_approval', 'completed']);
    emit.mockRestore();
    const notifications = (await get(app(), companyAdmin, '/api/v1/notifications')).json().data.items as { title: string; message: string }[];
    expect(notifications.find((item) => item.title === offsetTexts.completedTitle)?.message).toContain(done.certificateNumber);
    const actions = await app().db.asSystem((tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.resourceId, asked.id)).orderBy(auditLog.id),
    );
    expect(actions.map((row) => row.action)).toEqual(['offset_request.created', 'offset_request.retirement_started']);
  });

  it('runs the retirement exactly once, however often the approved request is executed', async () => {
    const asked = await ask(companyAdmin, ownBody({ beneficiaryName: 'Twice Approved Ltd.', quantity: 2 }));
    const deps = offsetDepsOf(app());
    const approver = { tenantId: admin.result.tenant.id, companyId: admin.result.company.id, userId: admin.result.user.id, role: 'ADMIN' as const };
    const outcomes = await Promise.all([
      executeOffsetRequest(deps, approver.tenantId, asked.id, approver),
      executeOffsetRequest(deps, approver.tenantId, asked.id, approver),
    ]);
    const again = await executeOffsetRequest(deps, approver.tenantId, asked.id, approver);
    const made = await retirementsFor('Twice Approved Ltd.');
    expect(made).toHaveLength(1);
    expect(new Set([...outcomes, again].map((outcome) => outcome.retirementId))).toEqual(new Set([made[0]!.id]));
    expect((await read(companyAdmin, asked.id)).status).toBe('completed');
  });

  it('releases nothing and retires nothing when the approver rejects; the reason reaches the requester', async () => {
    const asked = await ask(companyAdmin, ownBody({ beneficiaryName: 'Rejected Beneficiary' }));
    await decideApproval(admin, asked.approvalId!, 'reject', 'The beneficiary is not documented.');
    const rejected = await read(companyAdmin, asked.id);
    expect(rejected).toMatchObject({ status: 'rejected', error: 'The beneficiary is not documented.', retirementId: null });
    expect(await retirementsFor('Rejected Beneficiary')).toEqual([]);
    const notifications = (await get(app(), companyAdmin, '/api/v1/notifications')).json().data.items as { title: string; message: string }[];
    expect(notifications.find((item) => item.title === offsetTexts.rejectedTitle)?.message).toContain('The beneficiary is not documented.');
  });

  it('fails with the retirement’s reason when the wallet no longer covers the quantity', async () => {
    const asked = await ask(companyAdmin, ownBody({ beneficiaryName: 'Too Large Offset', quantity: 5000 }));
    await decideApproval(admin, asked.approvalId!, 'approve');
    const failed = await read(companyAdmin, asked.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('Insufficient token balance');
    expect(await retirementsFor('Too Large Offset')).toEqual([]);
  });

  it('schedules the retirement for a later requested date', async () => {
    const asked = await ask(companyAdmin, ownBody({ beneficiaryName: 'Next Week Offset', quantity: 1, requestedDate: inFuture(7) }));
    await decideApproval(admin, asked.approvalId!, 'approve');
    const retiring = await read(companyAdmin, asked.id);
    expect(retiring).toMatchObject({ status: 'retiring', retirementStatus: 'scheduled', certificateNumber: null });
    const [retirement] = await retirementsFor('Next Week Offset');
    expect(retirement!.scheduledFor?.toISOString()).toBe(`${asked.requestedDate}T00:00:00.000Z`);
  });

  it('offers the tenant’s project tokens to name', async () => {
    const tokens = (await get(app(), companyAdmin, '/api/v1/offsets/tokens')).json().data as { mint: string; symbol: string }[];
    expect(tokens).toContainEqual(expect.objectContaining({ mint: fixture.tokenMint, symbol: 'TXW23' }));
  });

  it('has the platform source and retire the credits, the certificate shown to the requester', async () => {
    const platformSupply = await supplyOf(app(), platformFixture.tokenMint);
    const asked = await ask(companyAdmin, {
      ...ownBody({ beneficiaryName: 'Sourced For Us' }),
      sourcing: 'platform_sourced',
      walletAddress: undefined,
      quantity: 3,
    });
    expect(asked).toMatchObject({ sourcing: 'platform_sourced', walletAddress: null });
    await decideApproval(admin, asked.approvalId!, 'approve');
    const done = await read(companyAdmin, asked.id);
    expect(done.status).toBe('completed');
    expect(done.certificateNumber).toBeTruthy();
    const [retirement] = await retirementsFor('Sourced For Us');
    expect(retirement!.companyId).toBe(admin.result.company.id);
    expect(retirement!.walletAddress).toBe(platformFixture.managed.address);
    expect(await supplyOf(app(), platformFixture.tokenMint)).toBe(platformSupply - 3n);

    const tooMuch = await ask(companyAdmin, {
      ...ownBody({ beneficiaryName: 'Beyond The Platform' }),
      sourcing: 'platform_sourced',
      walletAddress: undefined,
      quantity: 900,
    });
    await decideApproval(admin, tooMuch.approvalId!, 'approve');
    expect(await read(companyAdmin, tooMuch.id)).toMatchObject({ status: 'failed', error: offsetTexts.noPlatformSource });
  });
});

describe('POST /offsets/requests validation', () => {
  it('refuses what cannot be retired by an approval with the field and the reason', async () => {
    const cases: [Record<string, unknown>, number, string | undefined, string][] = [
      [ownBody({ walletAddress: undefined }), 400, undefined, 'walletAddress'],
      [ownBody({ walletAddress: fixture.external.wallet.address }), 400, 'OFFSET__MANAGED_WALLET_REQUIRED', 'walletAddress'],
      [ownBody({ tokenMint: 'So11111111111111111111111111111111111111112' }), 400, 'OFFSET__UNKNOWN_TOKEN', 'tokenMint'],
      [ownBody({ requestedDate: '2001-01-01' }), 400, undefined, 'requestedDate'],
      [ownBody({ requestedDate: inFuture(400) }), 400, undefined, 'requestedDate'],
      [ownBody({ beneficiaryName: 'Nul\u0000Byte' }), 400, undefined, 'beneficiaryName'],
      [ownBody({ purpose: 'x'.repeat(1_000_000) }), 400, undefined, 'purpose'],
      [ownBody({ country: 'XX' }), 400, undefined, 'country'],
      [ownBody({ quantity: 0 }), 400, undefined, 'quantity'],
    ];
    for (const [body, status, reason, field] of cases) {
      const response = await post(app(), companyAdmin, '/api/v1/offsets/requests', body);
      expect(response.statusCode, `${field}: ${response.body.slice(0, 200)}`).toBe(status);
      const error = response.json().error as { code: string; reason?: string; fields?: Record<string, string[]> };
      expect(error.code).toBe('VALIDATION_ERROR');
      if (reason) expect(error.reason).toBe(reason);
      expect(Object.keys(error.fields ?? {}).join(',')).toContain(field);
    }
  });

  it('needs an Idempotency-Key, and a retry with the same key answers the same request', async () => {
    expect((await post(app(), companyAdmin, '/api/v1/offsets/requests', ownBody(), null)).statusCode).toBe(400);
    const key = randomUUID();
    const first = await post(app(), companyAdmin, '/api/v1/offsets/requests', ownBody({ beneficiaryName: 'Retried Once' }), key);
    const second = await post(app(), companyAdmin, '/api/v1/offsets/requests', ownBody({ beneficiaryName: 'Retried Once' }), key);
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    const listed = offsetRequestListSchema.parse((await get(app(), companyAdmin, '/api/v1/offsets/requests?pageSize=100')).json().data);
    expect(listed.items.filter((item) => item.beneficiaryName === 'Retried Once')).toHaveLength(1);
  });
});

describe('who sees and asks', () => {
  it('shows a company its own requests, the platform company the sourced ones, administrators all; never another tenant', async () => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const tenantId = admin.result.tenant.id;
    await app().db.asSystem(async (tx) => {
      const [company] = await tx.insert(companies).values({ tenantId, name: 'Offsets Other Co', kycStatus: 'approved' }).returning();
      await tx.insert(users).values({
        tenantId,
        companyId: company!.id,
        email: 'olivia@offsets-other.test',
        passwordHash,
        role: 'COMPANY_ADMIN',
        firstName: 'Olivia',
        lastName: 'Other',
      });
    });
    const other = await signInAs(app(), 'olivia@offsets-other.test');
    const mine = offsetRequestListSchema.parse((await get(app(), companyAdmin, '/api/v1/offsets/requests?pageSize=100')).json().data);
    expect(mine.total).toBeGreaterThan(3);
    const theirs = offsetRequestListSchema.parse((await get(app(), other, '/api/v1/offsets/requests')).json().data);
    expect(theirs.total).toBe(0);
    expect((await get(app(), other, `/api/v1/offsets/requests/${mine.items[0]!.id}`)).statusCode).toBe(404);
    // Another company cannot ask in the demo company's name.
    const foreign = await post(app(), other, '/api/v1/offsets/requests', { ...ownBody(), companyId: companyAdmin.result.company.id });
    expect(foreign.statusCode).toBe(404);

    const all = offsetRequestListSchema.parse((await get(app(), admin, '/api/v1/offsets/requests?pageSize=100')).json().data);
    expect(all.total).toBe(mine.total);
    const platformOwner = await signInAs(app(), 'superadmin@demo.test');
    expect(offsetRequestListSchema.parse((await get(app(), platformOwner, '/api/v1/offsets/requests?pageSize=100')).json().data).total).toBe(mine.total);

    const completed = offsetRequestListSchema.parse((await get(app(), companyAdmin, '/api/v1/offsets/requests?status=completed&pageSize=100')).json().data);
    expect(completed.items.length).toBeGreaterThan(0);
    expect(completed.items.every((item) => item.status === 'completed')).toBe(true);
    const failed = offsetRequestListSchema.parse((await get(app(), companyAdmin, '/api/v1/offsets/requests?status=failed&pageSize=100')).json().data);
    expect(failed.items.map((item) => item.beneficiaryName).sort()).toEqual(['Beyond The Platform', 'Too Large Offset']);

    const outsider = await signInAs(app(), (await createRegistryTenant(app().db, 'offsetsbeta')).email);
    expect(offsetRequestListSchema.parse((await get(app(), outsider, '/api/v1/offsets/requests')).json().data).total).toBe(0);
    expect((await get(app(), outsider, `/api/v1/offsets/requests/${mine.items[0]!.id}`)).statusCode).toBe(404);
  });

  it('follows the /offsets/requests route roles — the role matrix', async () => {
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
    const allowed = new Set<Role>(['SUPER_ADMIN', 'ADMIN', 'COMPANY_ADMIN', 'CSO', 'HEAD_OF_DIGITAL_ASSETS']);
    for (const role of ROLES) {
      const who = await signInAs(app(), emails[role]);
      for (const path of ['/api/v1/offsets/requests', '/api/v1/offsets/tokens', `/api/v1/offsets/requests/${randomUUID()}`]) {
        const response = await get(app(), who, path);
        expect(response.statusCode, `${role} ${path}`).toBe(allowed.has(role) ? (path.includes('requests/') ? 404 : 200) : 403);
      }
      const asked = await post(app(), who, '/api/v1/offsets/requests', { ...ownBody(), quantity: 0 });
      // Allowed roles reach validation (400); the others are stopped at the guard.
      expect(asked.statusCode, `${role} create`).toBe(allowed.has(role) ? 400 : 403);
    }
    expect((await app().inject({ url: '/api/v1/offsets/requests' })).statusCode).toBe(401);
  });
});
