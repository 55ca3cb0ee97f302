import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  approvalDecisionResultSchema,
  approvalTexts,
  retirementTexts,
  type ApprovalWorkflow,
  type ComplianceProfile,
  type Retirement,
  type RetirementActionResult,
} from '@carbonledger/contracts';
import { approvalRequests, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approvalsDepsOf, executeUnfinishedApprovals } from '../approvals';
import { createRegistryTenant } from '../registry/registry.testing';
import { allowanceOf, get, post, retireBody, retirementFixture, signAndSubmit, type RetirementFixture } from './retirements.testing';

// docs/product.md §5 Retirements: a retirement above the retirement approval limit waits for its workflow.

const LIMIT = 20;

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let otherTenant: SignedIn;
let fixture: RetirementFixture;
const app = () => harness.app;

async function askAboveLimit(body: Record<string, unknown>): Promise<{ result: RetirementActionResult; approvalId: string }> {
  const response = await post(app(), companyAdmin, '/api/v1/retirements', body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(retirementTexts.awaitingApproval);
  const result = response.json().data as RetirementActionResult;
  const [workflow] = await app().db.asSystem((tx) => tx.select().from(approvalRequests).where(eq(approvalRequests.subjectId, result.retirement.id)));
  expect(workflow).toMatchObject({ type: 'retirement', status: 'pending', approverRole: 'ADMIN', credits: BigInt(body.amount as number) });
  return { result, approvalId: workflow!.id };
}

async function approve(approvalId: string) {
  const response = await post(app(), admin, `/api/v1/approvals/${approvalId}/approve`, {});
  expect(response.statusCode, response.body).toBe(200);
  return approvalDecisionResultSchema.parse(response.json().data);
}

async function retirementOf(id: string): Promise<Retirement> {
  const response = await get(app(), companyAdmin, `/api/v1/retirements/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Retirement;
}

const managedBody = (amount: number, beneficiaryName: string) =>
  retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount, beneficiaryName });

const managedBalance = async () => (await allowanceOf(app(), fixture.managed.address, fixture.tokenMint)).balance;

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'retireapprovalbeta', 'ADMIN')).email);
  fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 30, managedTokens: 100 });
  const matrix = await app().inject({
    method: 'PUT',
    url: '/api/v1/approvals/matrix/retirement',
    headers: admin.headers,
    payload: { levels: [{ limitTco2e: LIMIT, approverRole: 'ADMIN', timeoutHours: 48 }] },
  });
  expect(matrix.statusCode, matrix.body).toBe(200);
});
afterAll(() => harness.close());

describe('retirements above the approval limit', () => {
  it('a retirement within the limit runs at once', async () => {
    const response = await post(app(), companyAdmin, '/api/v1/retirements', managedBody(LIMIT, 'Within Limit Ltd.'));
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().data as RetirementActionResult).retirement.status).toBe('completed');
  });

  it('waits for the workflow, holds its tokens, and retires exactly once when approved', async () => {
    const before = await managedBalance();
    const { result, approvalId } = await askAboveLimit(managedBody(30, 'Approved Above Limit'));
    expect(result).toMatchObject({ retirement: { status: 'awaiting_approval' }, transaction: null });
    expect(await managedBalance()).toBe(before);

    // Its tokens are held: a second retirement of more than what is left is refused.
    const free = Number(before) - 30;
    const tooMuch = await post(app(), companyAdmin, '/api/v1/retirements', managedBody(free + 1, 'Over The Held Tokens'));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amount[0]).toContain(`${free} tCO2e available`);

    // Nothing can be prepared or cancelled while it waits; the requester (no approvals:decide) cannot approve it; another tenant's administrator does not see it.
    expect((await post(app(), companyAdmin, `/api/v1/retirements/${result.retirement.id}/prepare`)).json().error.reason).toBe('RETIREMENT__NOTHING_TO_PREPARE');
    expect((await post(app(), companyAdmin, `/api/v1/retirements/${result.retirement.id}/cancel`)).json().error.reason).toBe('RETIREMENT__NOT_CANCELLABLE');
    expect((await post(app(), companyAdmin, `/api/v1/approvals/${approvalId}/approve`, {})).statusCode).toBe(403);
    expect((await get(app(), otherTenant, `/api/v1/approvals/${approvalId}`)).statusCode).toBe(404);
    expect((await get(app(), otherTenant, `/api/v1/retirements/${result.retirement.id}`)).statusCode).toBe(404);
    expect((await post(app(), otherTenant, `/api/v1/approvals/${approvalId}/approve`, {})).statusCode).toBe(404);

    const decided = await approve(approvalId);
    expect(decided.approval.status).toBe('approved');
    expect(decided.operation).toMatchObject({ retirementId: result.retirement.id, status: 'completed' });
    const retired = await retirementOf(result.retirement.id);
    expect(retired.status).toBe('completed');
    expect(retired.certificateNumber).toBeTruthy();
    expect(await managedBalance()).toBe(before - 30n);

    const again = await post(app(), admin, `/api/v1/approvals/${approvalId}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe('APPROVALS__NOT_PENDING');
    expect(await managedBalance()).toBe(before - 30n);
  });

  it('an external wallet’s approved retirement waits for its holder to sign, then retires', async () => {
    const body = retireBody(fixture, companyAdmin, { amount: 25, beneficiaryName: 'External Above Limit' });
    const { result, approvalId } = await askAboveLimit(body);
    const decided = await approve(approvalId);
    expect(decided.operation).toMatchObject({ status: 'pending' });
    const prepared = await post(app(), companyAdmin, `/api/v1/retirements/${result.retirement.id}/prepare`);
    expect(prepared.statusCode, prepared.body).toBe(200);
    const submitted = await signAndSubmit(app(), companyAdmin, fixture.external.key, prepared.json().data as RetirementActionResult);
    expect(submitted.status).toBe('completed');
  });

  it('a rejection fails the retirement with the reason and frees its tokens and its compliance volume', async () => {
    const volumeBefore = ((await get(app(), companyAdmin, '/api/v1/compliance/profile')).json().data as ComplianceProfile).daily.retired;
    const before = await managedBalance();
    const { result, approvalId } = await askAboveLimit(managedBody(Number(before), 'Rejected Above Limit'));
    const counted = ((await get(app(), companyAdmin, '/api/v1/compliance/profile')).json().data as ComplianceProfile).daily.retired;
    expect(Number(counted)).toBe(Number(volumeBefore) + Number(before));

    const rejected = await post(app(), admin, `/api/v1/approvals/${approvalId}/reject`, { reason: 'The beneficiary is not documented.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(approvalTexts.rejected);
    const failed = await retirementOf(result.retirement.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(`${retirementTexts.approvalRejected} The beneficiary is not documented.`);
    expect(await managedBalance()).toBe(before);
    expect(((await get(app(), companyAdmin, '/api/v1/compliance/profile')).json().data as ComplianceProfile).daily.retired).toBe(volumeBefore);

    // The released tokens can be asked for again at once.
    const again = await post(app(), companyAdmin, '/api/v1/retirements', managedBody(LIMIT, 'After The Rejection'));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('an approval whose process died before the retirement ran is finished by the sweep, exactly once', async () => {
    const before = await managedBalance();
    const { result, approvalId } = await askAboveLimit(managedBody(21, 'Crash After Approval'));
    // What the deciding transaction leaves when the process dies right after it committed: the
    // workflow approved and not executed, the retirement moved on by the handler's in-transaction part.
    await app().db.asSystem(async (tx) => {
      await tx
        .update(approvalRequests)
        .set({ status: 'approved', decidedBy: admin.result.user.id, decidedAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(approvalRequests.id, approvalId));
      await tx.update(retirements).set({ status: 'processing' }).where(eq(retirements.id, result.retirement.id));
    });
    expect(await managedBalance()).toBe(before);

    const deps = approvalsDepsOf(app());
    const failures: unknown[] = [];
    expect(await executeUnfinishedApprovals(deps, (error) => failures.push(error))).toBe(1);
    expect(failures).toEqual([]);
    // The app's own retirement sweep may have taken the runner lease first and be sending the burn.
    await expect.poll(async () => (await retirementOf(result.retirement.id)).status, { timeout: 30_000 }).toBe('completed');
    expect(await managedBalance()).toBe(before - 21n);
    const [workflow] = await app().db.asSystem((tx) => tx.select().from(approvalRequests).where(eq(approvalRequests.id, approvalId)));
    expect(workflow!.executedAt).not.toBeNull();

    expect(await executeUnfinishedApprovals(deps, (error) => failures.push(error))).toBe(0);
    expect(await managedBalance()).toBe(before - 21n);
    const listed = (await get(app(), admin, `/api/v1/approvals/${approvalId}`)).json().data as ApprovalWorkflow;
    expect(listed.status).toBe('approved');
  });
});
