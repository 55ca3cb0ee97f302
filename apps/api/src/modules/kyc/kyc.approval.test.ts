import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { approvalDecisionResultSchema, kycTexts, type KycReviewCase, type NotificationList } from '@carbonledger/contracts';
import { approvalRequests, auditLog, companies, kycDecisions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approvalsDepsOf, executeUnfinishedApprovals } from '../approvals';
import { createRegistryTenant } from '../registry/registry.testing';
import { FULL_CHECKLIST, assess, decide, submitBusinessCase } from './kyc.testing';

// docs/kyc.md "Decisions that need approval": with kyc_decision levels in the delegation matrix, an approve or reject waits for its workflow.

let harness: TestApp;
let companyAdmin: SignedIn;
let cso: SignedIn;
let admin: SignedIn;
let otherTenant: SignedIn;
const app = () => harness.app;
const post = (who: SignedIn, url: string, payload: Record<string, unknown> = {}) =>
  app().inject({ method: 'POST', url, headers: { ...who.headers, 'idempotency-key': crypto.randomUUID() }, payload });
const companyStatus = async () =>
  (await app().db.asSystem((tx) => tx.select().from(companies).where(eq(companies.id, companyAdmin.result.company.id))))[0]!.kycStatus;
const decisionsOf = (caseId: string) => app().db.asSystem((tx) => tx.select().from(kycDecisions).where(eq(kycDecisions.caseId, caseId)));

async function decideAwaiting(caseId: string, decision: 'approve' | 'reject', reason?: string): Promise<KycReviewCase> {
  const response = await decide(app(), cso, caseId, decision, reason);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(kycTexts.decisionAwaitingApproval);
  const view = response.json().data as KycReviewCase;
  expect(view.status).toBe('in_review');
  expect(view.pendingDecision).toMatchObject({ decision });
  return view;
}

async function submittedAndAssessed(): Promise<string> {
  const caseId = (await submitBusinessCase(app(), companyAdmin)).case!.id;
  expect((await assess(app(), cso, caseId, { riskLevel: 'low', score: 90, checklist: FULL_CHECKLIST })).statusCode).toBe(200);
  return caseId;
}

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  cso = await signInAs(harness.app, 'cso@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'kycapprovalbeta', 'ADMIN')).email);
  await harness.app.db.asSystem((tx) => tx.update(companies).set({ kycStatus: 'not_started' }).where(eq(companies.id, companyAdmin.result.company.id)));
  const matrix = await app().inject({
    method: 'PUT',
    url: '/api/v1/approvals/matrix/kyc_decision',
    headers: admin.headers,
    payload: { levels: [{ limitTco2e: 0, approverRole: 'ADMIN', timeoutHours: 24 }] },
  });
  expect(matrix.statusCode, matrix.body).toBe(200);
});
afterAll(() => harness.close());

describe('KYC decisions that need approval', () => {
  let caseId: string;

  it('a rejected workflow leaves the case waiting for a decision; an approved one makes the officer’s decision take effect once', async () => {
    caseId = await submittedAndAssessed();

    const rejectAsked = await decideAwaiting(caseId, 'reject', 'The register extract is outdated.');
    expect(await companyStatus()).not.toBe('rejected');
    expect((await decide(app(), cso, caseId, 'approve')).json().error.reason).toBe('KYC__DECISION_AWAITING_APPROVAL');
    const turnedDown = await post(admin, `/api/v1/approvals/${rejectAsked.pendingDecision!.approvalId}/reject`, { reason: 'The extract is fine.' });
    expect(turnedDown.statusCode, turnedDown.body).toBe(200);
    const afterRejection = (await app().inject({ url: `/api/v1/kyc/reviews/${caseId}`, headers: cso.headers })).json().data as KycReviewCase;
    expect(afterRejection).toMatchObject({ status: 'in_review', pendingDecision: null });
    expect(await decisionsOf(caseId)).toEqual([]);

    const approveAsked = await decideAwaiting(caseId, 'approve');
    const approvalId = approveAsked.pendingDecision!.approvalId;
    expect(await companyStatus()).not.toBe('approved');
    // The officer who asked does not approve it; another tenant's administrator does not see it.
    expect((await post(cso, `/api/v1/approvals/${approvalId}/approve`)).json().error.reason).toBe('APPROVALS__SELF_APPROVAL');
    expect((await app().inject({ url: `/api/v1/approvals/${approvalId}`, headers: otherTenant.headers })).statusCode).toBe(404);
    expect((await post(otherTenant, `/api/v1/approvals/${approvalId}/approve`)).statusCode).toBe(404);

    const approved = await post(admin, `/api/v1/approvals/${approvalId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approvalDecisionResultSchema.parse(approved.json().data).operation).toMatchObject({ caseId, decision: 'approve', status: 'approved' });
    expect(await companyStatus()).toBe('approved');
    const decisions = await decisionsOf(caseId);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ decision: 'approve', decidedBy: cso.result.user.id });
    const [entry] = await app().db.asSystem((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'kyc.approved'), eq(auditLog.resourceId, caseId))),
    );
    expect(entry).toMatchObject({ actorUserId: admin.result.user.id, details: expect.objectContaining({ approvalRequestId: approvalId }) });
    const notifications = (await app().inject({ url: '/api/v1/notifications', headers: companyAdmin.headers })).json().data as NotificationList;
    expect(notifications.items.map((item) => item.title)).toContain(kycTexts.approvedTitle);
  });

  it('asking for more information needs no approval; an approval whose process died is applied by the sweep, exactly once', async () => {
    const asked = await decide(app(), cso, caseId, 'request_information', 'Please send a recent proof of address.');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(kycTexts.informationRequested);
    const resubmitted = await app().inject({ method: 'POST', url: '/api/v1/kyc/case/submit', headers: companyAdmin.headers });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await assess(app(), cso, caseId, { riskLevel: 'low', score: 92 })).statusCode).toBe(200);
    const before = (await decisionsOf(caseId)).length;

    const approvalId = (await decideAwaiting(caseId, 'approve')).pendingDecision!.approvalId;
    // What the approving transaction leaves when the process dies right after it committed.
    await app().db.asSystem((tx) =>
      tx
        .update(approvalRequests)
        .set({ status: 'approved', decidedBy: admin.result.user.id, decidedAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(approvalRequests.id, approvalId)),
    );
    expect(await companyStatus()).not.toBe('approved');
    const deps = approvalsDepsOf(app());
    expect(await executeUnfinishedApprovals(deps, (error) => expect.fail(String(error)))).toBe(1);
    expect(await companyStatus()).toBe('approved');
    expect(await executeUnfinishedApprovals(deps, (error) => expect.fail(String(error)))).toBe(0);
    expect((await decisionsOf(caseId)).length).toBe(before + 1);
  });
});
