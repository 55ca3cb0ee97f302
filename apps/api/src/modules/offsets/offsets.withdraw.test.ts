import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { offsetRequestSchema, offsetTexts, utcToday, type OffsetRequest } from '@carbonledger/contracts';
import { approvalRequests, auditLog, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { get, post, retirementFixture, type RetirementFixture } from '../retirements/retirements.testing';

// docs/product.md §2 /offsets/requests: the requester withdraws a request still waiting for approval.

let harness: TestApp;
let companyAdmin: SignedIn;
let cso: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;
let otherTenant: SignedIn;
let fixture: RetirementFixture;
const app = () => harness.app;

async function ask(beneficiaryName: string): Promise<OffsetRequest> {
  const response = await post(app(), companyAdmin, '/api/v1/offsets/requests', {
    sourcing: 'own_credits',
    tokenMint: fixture.tokenMint,
    walletAddress: fixture.managed.address,
    quantity: 2,
    beneficiaryName,
    purpose: 'Team offsite travel',
    reason: 'voluntary_offset',
    country: 'br',
    requestedDate: utcToday(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return offsetRequestSchema.parse(response.json().data);
}

const withdraw = (who: SignedIn, id: string) => post(app(), who, `/api/v1/offsets/requests/${id}/withdraw`);
const workflowOf = async (id: string) => (await app().db.asSystem((tx) => tx.select().from(approvalRequests).where(eq(approvalRequests.id, id))))[0]!;
const pendingCount = async (who: SignedIn) => (await get(app(), who, '/api/v1/approvals/count')).json().data.pendingCount as number;

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  cso = await signInAs(harness.app, 'cso@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'offsetwithdrawbeta', 'ADMIN')).email);
  fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 1, managedTokens: 20 });
});
afterAll(() => harness.close());

describe('withdrawing an offset request', () => {
  it('the requester withdraws a pending request: its workflow closes, it is audited, notified and announced, and nothing is retired', async () => {
    const asked = await ask('Withdrawn Beneficiary');
    const before = await pendingCount(admin);
    const emit = vi.spyOn(app().live, 'emitToCompany');
    const approvalsChanged = vi.spyOn(app().live, 'approvalsChanged');

    // Only the requester: another officer of the company, a viewer, another tenant's administrator.
    expect((await withdraw(cso, asked.id)).json().error).toMatchObject({ code: 'ACCESS_DENIED', reason: 'OFFSET__NOT_REQUESTER' });
    expect((await withdraw(viewer, asked.id)).statusCode).toBe(403);
    expect((await withdraw(otherTenant, asked.id)).statusCode).toBe(404);
    expect((await post(app(), companyAdmin, `/api/v1/offsets/requests/${asked.id}/withdraw`, undefined, null)).statusCode).toBe(400);

    const response = await withdraw(companyAdmin, asked.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(offsetTexts.withdrawn);
    expect(offsetRequestSchema.parse(response.json().data)).toMatchObject({ status: 'withdrawn', retirementId: null });
    expect(await workflowOf(asked.approvalId!)).toMatchObject({
      status: 'rejected',
      reason: offsetTexts.withdrawnReason,
      decidedBy: companyAdmin.result.user.id,
    });
    expect(await pendingCount(admin)).toBe(before - 1);
    expect(approvalsChanged.mock.calls.map(([, update]) => update)).toContainEqual(
      expect.objectContaining({ workflowId: asked.approvalId, status: 'rejected' }),
    );
    expect(emit.mock.calls.filter(([, event]) => event === 'offset_request_update').map(([, , payload]) => payload)).toContainEqual(
      expect.objectContaining({ id: asked.id, status: 'withdrawn' }),
    );
    emit.mockRestore();
    approvalsChanged.mockRestore();
    const actions = await app().db.asSystem((tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.resourceId, asked.id)).orderBy(auditLog.id),
    );
    expect(actions.map((row) => row.action)).toEqual(['offset_request.created', 'offset_request.withdrawn']);
    const notifications = (await get(app(), companyAdmin, '/api/v1/notifications')).json().data.items as { title: string }[];
    expect(notifications.map((item) => item.title)).toContain(offsetTexts.withdrawnTitle);

    // Closed for good: the approver finds nothing to approve, a second withdrawal is refused, the filter finds it.
    expect((await post(app(), admin, `/api/v1/approvals/${asked.approvalId}/approve`, {})).json().error.reason).toBe('APPROVALS__NOT_PENDING');
    expect((await withdraw(companyAdmin, asked.id)).json().error.reason).toBe('OFFSET__NOT_WITHDRAWABLE');
    const listed = (await get(app(), companyAdmin, '/api/v1/offsets/requests?status=withdrawn')).json().data.items as OffsetRequest[];
    expect(listed.map((item) => item.id)).toContain(asked.id);
    expect(await app().db.asSystem((tx) => tx.select().from(retirements).where(eq(retirements.beneficiaryName, 'Withdrawn Beneficiary')))).toEqual([]);
  });

  it('an approved request can no longer be withdrawn', async () => {
    const asked = await ask('Approved Before Withdrawal');
    expect((await post(app(), admin, `/api/v1/approvals/${asked.approvalId}/approve`, {})).statusCode).toBe(200);
    const refused = await withdraw(companyAdmin, asked.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('OFFSET__NOT_WITHDRAWABLE');
  });

  it('answers 404 for an unknown or malformed request id', async () => {
    expect((await withdraw(companyAdmin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await withdraw(companyAdmin, 'not-a-uuid')).statusCode).toBe(400);
  });
});
