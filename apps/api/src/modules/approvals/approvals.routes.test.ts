import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PERMISSIONS,
  ROLES,
  approvalTexts,
  canOpenRoute,
  type ApprovalWorkflow,
  type CompanyWallet,
  type DelegationMatrixEntry,
  type ExecuteMintResult,
  type MintPreview,
  type NotificationList,
  type Role,
} from '@carbonledger/contracts';
import { approvalRequests, auditLog, mintOperations, vcuBlocks } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approvedWallet, freeSubranges, importSerials, supplyOf } from '../minting/minting.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { decide as decideWallet, registerNewWallet } from '../wallets/wallets.testing';
import { approvalsDepsOf } from './approvals.deps';
import { escalateOverdueApprovals } from './approvals.escalation';

const WIND_PROJECT = '3107';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('approval engine API (/approvals)', () => {
  let harness: TestApp;
  const signedIn = new Map<Role, SignedIn>();
  let otherTenant: SignedIn;
  let walletId: string;
  const app = () => harness.app;
  const who = (role: Role) => signedIn.get(role)!;
  const get = (user: SignedIn, url: string) => app().inject({ url, headers: { authorization: user.headers.authorization! } });
  const post = (user: SignedIn, url: string, payload?: unknown, key: string | null = randomUUID()) =>
    app().inject({
      method: 'POST',
      url,
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const decide = (user: SignedIn, id: string, action: 'approve' | 'reject' | 'delegate', payload?: unknown) =>
    post(user, `/api/v1/approvals/${id}/${action}`, payload);
  const setMatrix = async (operationType: string, levels: unknown[]) => {
    const response = await app().inject({
      method: 'PUT',
      url: `/api/v1/approvals/matrix/${operationType}`,
      headers: who('ADMIN').headers,
      payload: { levels },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as DelegationMatrixEntry;
  };
  const workflow = async (user: SignedIn, id: string) => {
    const response = await get(user, `/api/v1/approvals/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ApprovalWorkflow;
  };
  /** A mint of `quantity` by `requester` that waits for approval: its preview, operation and workflow. */
  const mintAwaiting = async (quantity: number, requester = who('COMPANY_ADMIN')) => {
    const previewResponse = await post(requester, '/api/v1/minting/preview', {
      projectId: WIND_PROJECT,
      vintage: 2023,
      quantity: String(quantity),
      tokenName: 'Texas Wind 2023',
      symbol: 'TXW23',
      walletId,
    });
    expect(previewResponse.statusCode, previewResponse.body).toBe(200);
    const preview = previewResponse.json().data as MintPreview;
    const executed = await post(requester, '/api/v1/minting/execute', { previewId: preview.previewId });
    expect(executed.statusCode, executed.body).toBe(202);
    const result = executed.json().data as ExecuteMintResult;
    return { preview, operationId: result.operation.id, approvalId: result.approval!.id };
  };
  const reservedUnits = async (operationId: string) => {
    const rows = await app().db.asSystem((tx) =>
      tx
        .select({ units: sql<string>`coalesce(sum(${vcuBlocks.blockEnd} - ${vcuBlocks.blockStart} + 1), 0)::text` })
        .from(vcuBlocks)
        .where(and(eq(vcuBlocks.mintReference, operationId), eq(vcuBlocks.status, 'reserved'))),
    );
    return BigInt(rows[0]!.units);
  };
  const mintOf = (mint: string | null) => (mint ? supplyOf(app(), mint) : Promise.resolve(0n));

  beforeAll(async () => {
    harness = await createTestApp();
    for (const user of DEMO_USERS) signedIn.set(user.role, await signInAs(harness.app, user.email));
    otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'approvalsbeta')).email);
    const companyAdmin = who('COMPANY_ADMIN');
    ({
      wallet: { id: walletId },
    } = await approvedWallet(harness.app, companyAdmin, who('ADMIN')));
    const actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id };
    await importSerials(harness.app, actor, await freeSubranges(harness.app, companyAdmin, WIND_PROJECT, 4, 250n));
  });
  afterAll(() => harness.close());

  it('a 3-level approval with one delegation and one timeout escalation executes the mint exactly once', async () => {
    await setMatrix('mint', [
      { limitTco2e: 100, approverRole: 'CSO', timeoutHours: 24 },
      { limitTco2e: 120, approverRole: 'ADMIN', timeoutHours: 24 },
      { limitTco2e: 140, approverRole: 'HEAD_OF_DIGITAL_ASSETS', timeoutHours: 1 },
    ]);
    const { preview, operationId, approvalId } = await mintAwaiting(150);
    const mint = preview.token.existingMint;
    const supplyBefore = await mintOf(mint);
    expect(await reservedUnits(operationId)).toBe(150n);
    let current = await workflow(who('CSO'), approvalId);
    expect(current).toMatchObject({
      type: 'mint',
      status: 'pending',
      level: 1,
      totalLevels: 3,
      approverRole: 'CSO',
      priority: 'medium',
      credits: '150',
      canDecide: true,
    });
    expect((await workflow(who('ADMIN'), approvalId)).canDecide).toBe(false);

    // Level 1: the CSO of the company. The operation does not run before the last level.
    const first = await decide(who('CSO'), approvalId, 'approve', { comment: 'Checked the project' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: approvalTexts.approved,
      data: { operation: null, approval: { status: 'pending', level: 2, approverRole: 'ADMIN' } },
    });
    expect((await decide(who('CSO'), approvalId, 'approve')).json().error.reason).toBe('APPROVALS__NOT_APPROVER');

    // Level 2: the administrator delegates to the super administrator, who alone decides it then.
    expect((await decide(who('ADMIN'), approvalId, 'delegate', { delegateTo: who('COMPANY_ADMIN').result.user.id })).json().error.reason).toBe(
      'APPROVALS__DELEGATE_NOT_ELIGIBLE',
    );
    const delegates = (await get(who('ADMIN'), `/api/v1/approvals/${approvalId}/delegates`)).json().data as { id: string }[];
    expect(delegates.map((delegate) => delegate.id)).toEqual([who('SUPER_ADMIN').result.user.id]);
    const delegated = await decide(who('ADMIN'), approvalId, 'delegate', { delegateTo: who('SUPER_ADMIN').result.user.id, reason: 'On leave' });
    expect(delegated.statusCode, delegated.body).toBe(200);
    expect(delegated.json().data.approval).toMatchObject({ status: 'delegated', assignedTo: who('SUPER_ADMIN').result.user.id, level: 2 });
    expect((await decide(who('ADMIN'), approvalId, 'approve')).json().error.reason).toBe('APPROVALS__NOT_DELEGATE');
    const second = await decide(who('SUPER_ADMIN'), approvalId, 'approve');
    expect(second.json().data.approval).toMatchObject({ status: 'pending', level: 3, approverRole: 'HEAD_OF_DIGITAL_ASSETS', assignedTo: null });
    expect(await mintOf(mint)).toBe(supplyBefore);

    // Level 3 times out: the sweep escalates it to the administrators and tells them.
    await app().db.asSystem((tx) =>
      tx
        .update(approvalRequests)
        .set({ timeoutAt: new Date(Date.now() - 1000) })
        .where(eq(approvalRequests.id, approvalId)),
    );
    expect(await escalateOverdueApprovals(approvalsDepsOf(app()))).toBe(1);
    expect(await escalateOverdueApprovals(approvalsDepsOf(app()))).toBe(0);
    current = await workflow(who('ADMIN'), approvalId);
    expect(current).toMatchObject({ status: 'pending', level: 3, approverRole: 'ADMIN', escalations: 1, canDecide: true });
    expect(new Date(current.timeoutAt).getTime()).toBeGreaterThan(Date.now());
    const inbox = (await get(who('ADMIN'), '/api/v1/notifications?limit=100')).json().data as NotificationList;
    expect(inbox.items.some((notification) => notification.title === 'Approval escalated' && notification.type === 'APPROVAL')).toBe(true);

    // The administrator and the level's own role click at once: one approval, one mint.
    const [a, b] = await Promise.all([decide(who('ADMIN'), approvalId, 'approve'), decide(who('HEAD_OF_DIGITAL_ASSETS'), approvalId, 'approve')]);
    const answers = [a, b].map((response) => response.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json();
    expect(winner).toMatchObject({
      message: approvalTexts.executed,
      data: { approval: { status: 'approved' }, operation: { id: operationId, status: 'completed', quantity: '150' } },
    });
    expect((a.statusCode === 409 ? a : b).json().error.reason).toBe('MINTING__APPROVAL_NOT_PENDING');
    const minted = (await app().db.asSystem((tx) => tx.select().from(mintOperations).where(eq(mintOperations.id, operationId))))[0]!;
    expect(await supplyOf(app(), minted.mintAddress!)).toBe(supplyBefore + 150n);
    expect(await reservedUnits(operationId)).toBe(0n);

    const history = (await workflow(who('ADMIN'), approvalId)).decisions.map((decision) => [decision.level, decision.decision]);
    expect(history).toEqual([
      [0, 'requested'],
      [1, 'approved'],
      [2, 'delegated'],
      [2, 'approved'],
      [3, 'escalated'],
      [3, 'approved'],
    ]);
    const audited = await app().db.asSystem((tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.resourceId, approvalId)).orderBy(auditLog.id),
    );
    expect(audited.map((row) => row.action)).toEqual([
      'approval.requested',
      'approval.level_approved',
      'approval.delegated',
      'approval.level_approved',
      'approval.escalated',
      'approval.approved',
    ]);
  });

  it('a rejected approval releases the reservation and the mint never runs', async () => {
    await setMatrix('mint', [{ limitTco2e: 100, approverRole: 'ADMIN', timeoutHours: 48 }]);
    const { operationId, approvalId } = await mintAwaiting(130);
    expect(await reservedUnits(operationId)).toBe(130n);
    expect((await decide(who('ADMIN'), approvalId, 'reject', { reason: '' })).statusCode).toBe(400);
    const rejected = await decide(who('ADMIN'), approvalId, 'reject', { reason: 'Vintage under review' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ message: approvalTexts.rejected, data: { approval: { status: 'rejected', reason: 'Vintage under review' } } });
    expect(await reservedUnits(operationId)).toBe(0n);
    const operation = (await get(who('COMPANY_ADMIN'), `/api/v1/minting/operations/${operationId}`)).json().data as { status: string; error: string };
    expect(operation.status).toBe('failed');
    expect(operation.error).toContain('Vintage under review');
    expect((await decide(who('SUPER_ADMIN'), approvalId, 'approve')).json().error.reason).toBe('MINTING__APPROVAL_NOT_PENDING');
    const inbox = (await get(who('COMPANY_ADMIN'), '/api/v1/notifications?limit=100')).json().data as NotificationList;
    expect(inbox.items.some((notification) => notification.title === 'Request rejected')).toBe(true);
  });

  it('four-eyes: whoever requested an operation cannot decide it', async () => {
    await setMatrix('mint', [{ limitTco2e: 100, approverRole: 'HEAD_OF_DIGITAL_ASSETS', timeoutHours: 48 }]);
    const { approvalId } = await mintAwaiting(110, who('HEAD_OF_DIGITAL_ASSETS'));
    const own = await decide(who('HEAD_OF_DIGITAL_ASSETS'), approvalId, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.reason).toBe('MINTING__SELF_APPROVAL');
    expect((await workflow(who('HEAD_OF_DIGITAL_ASSETS'), approvalId)).canDecide).toBe(false);
    expect((await decide(who('ADMIN'), approvalId, 'reject', { reason: 'Not my level' })).json().error.reason).toBe('APPROVALS__NOT_APPROVER');
    expect((await decide(who('SUPER_ADMIN'), approvalId, 'reject', { reason: 'Not this quarter' })).statusCode).toBe(200);
  });

  it('a decision retried with its Idempotency-Key answers the first decision; without a key it is refused', async () => {
    await setMatrix('mint', [{ limitTco2e: 100, approverRole: 'ADMIN', timeoutHours: 48 }]);
    const { approvalId } = await mintAwaiting(105);
    expect((await post(who('ADMIN'), `/api/v1/approvals/${approvalId}/reject`, { reason: 'No' }, null)).statusCode).toBe(400);
    const key = randomUUID();
    const first = await post(who('ADMIN'), `/api/v1/approvals/${approvalId}/reject`, { reason: 'Duplicate request' }, key);
    const again = await post(who('ADMIN'), `/api/v1/approvals/${approvalId}/reject`, { reason: 'Duplicate request' }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.approval.status).toBe('rejected');
  });

  it('wallet registration is a workflow in /approvals: deciding it there approves the wallet; the Wallet Approvals screen closes its workflow', async () => {
    const { wallet } = await registerNewWallet(app(), who('COMPANY_ADMIN'), 'Approvals desk');
    const pending = (await get(who('ADMIN'), '/api/v1/approvals?view=pending&type=wallet_registration')).json().data as ApprovalWorkflow[];
    const open = pending.find((item) => item.subjectId === wallet.id)!;
    expect(open).toMatchObject({
      type: 'wallet_registration',
      status: 'pending',
      approverRole: 'ADMIN',
      credits: null,
      requestorId: who('COMPANY_ADMIN').result.user.id,
    });
    const approved = await decide(who('ADMIN'), open.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.operation).toMatchObject({ id: wallet.id, status: 'active' });
    const walletNow = (await get(who('COMPANY_ADMIN'), `/api/v1/wallets/${wallet.id}`)).json().data as CompanyWallet;
    expect(walletNow.status).toBe('active');

    const { wallet: other } = await registerNewWallet(app(), who('COMPANY_ADMIN'), 'Legacy screen');
    expect((await decideWallet(app(), who('ADMIN'), other.id, 'reject', 'Unknown provider')).statusCode).toBe(200);
    const all = (await get(who('ADMIN'), '/api/v1/approvals?view=all&type=wallet_registration')).json().data as ApprovalWorkflow[];
    expect(all.find((item) => item.subjectId === other.id)).toMatchObject({ status: 'rejected', reason: 'Unknown provider' });
  });

  it('the delegation matrix is versioned and audited, editable only by ADMIN and SUPER_ADMIN, limits ascending', async () => {
    const before = ((await get(who('CSO'), '/api/v1/approvals/matrix')).json().data as DelegationMatrixEntry[]).find(
      (entry) => entry.operationType === 'transfer',
    )!;
    expect(before).toMatchObject({ version: 0, levels: [{ level: 1, limitTco2e: '10000', approverRole: 'ADMIN', timeoutHours: 48 }] });
    const saved = await setMatrix('transfer', [
      { limitTco2e: 500, approverRole: 'MANAGER', timeoutHours: 12 },
      { limitTco2e: '5000', approverRole: 'ADMIN', timeoutHours: 24 },
    ]);
    expect(saved).toMatchObject({
      operationType: 'transfer',
      version: 1,
      updatedBy: who('ADMIN').result.user.id,
      levels: [{ level: 1 }, { level: 2, limitTco2e: '5000' }],
    });
    expect((await setMatrix('transfer', [{ limitTco2e: 1000, approverRole: 'ADMIN', timeoutHours: 24 }])).version).toBe(2);
    const put = (user: SignedIn, levels: unknown) =>
      app().inject({ method: 'PUT', url: '/api/v1/approvals/matrix/transfer', headers: user.headers, payload: { levels } });
    expect((await put(who('CSO'), [])).statusCode).toBe(403);
    expect((await put(who('COMPANY_ADMIN'), [])).statusCode).toBe(403);
    const descending = await put(who('SUPER_ADMIN'), [
      { limitTco2e: 500, approverRole: 'ADMIN', timeoutHours: 12 },
      { limitTco2e: 100, approverRole: 'ADMIN', timeoutHours: 12 },
    ]);
    expect(descending.statusCode).toBe(400);
    expect(JSON.stringify(descending.json().error.fields)).toContain(approvalTexts.levelsNotAscending);
    expect((await put(who('SUPER_ADMIN'), [{ limitTco2e: 1, approverRole: 'VIEWER', timeoutHours: 1 }])).statusCode).toBe(400);
    expect((await put(who('SUPER_ADMIN'), [{ limitTco2e: 1, approverRole: 'ADMIN', timeoutHours: 721 }])).statusCode).toBe(400);
    const audited = await app().db.asSystem((tx) =>
      tx.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, 'approvals.matrix_updated')),
    );
    expect(audited.some((row) => (row.details as { version?: number }).version === 2)).toBe(true);
    // The minting settings' approval limit is where the mint matrix starts.
    await app().inject({ method: 'PUT', url: '/api/v1/minting/settings', headers: who('ADMIN').headers, payload: { approvalLimit: 2000 } });
    const mintEntry = ((await get(who('ADMIN'), '/api/v1/approvals/matrix')).json().data as DelegationMatrixEntry[]).find(
      (entry) => entry.operationType === 'mint',
    )!;
    expect(mintEntry.levels[0]).toMatchObject({ limitTco2e: '2000' });
  });

  it('lists Pending and 30 days of All Workflows with filters, counts the badge, and keeps other companies and tenants out', async () => {
    await setMatrix('mint', [{ limitTco2e: 100, approverRole: 'ADMIN', timeoutHours: 48 }]);
    const { approvalId } = await mintAwaiting(101);
    const count = async (user: SignedIn) => ((await get(user, '/api/v1/approvals/count')).json().data as { pendingCount: number }).pendingCount;
    const pendingForAdmin = (await get(who('ADMIN'), '/api/v1/approvals')).json().data as ApprovalWorkflow[];
    expect(pendingForAdmin.map((item) => item.id)).toContain(approvalId);
    expect(pendingForAdmin.every((item) => item.status === 'pending' || item.status === 'delegated')).toBe(true);
    expect(await count(who('ADMIN'))).toBe(pendingForAdmin.length);
    expect(await count(who('COMPANY_ADMIN'))).toBeGreaterThanOrEqual(1);
    const mine = (await get(who('COMPANY_ADMIN'), '/api/v1/approvals')).json().data as ApprovalWorkflow[];
    expect(mine.find((item) => item.id === approvalId)).toMatchObject({ canDecide: false, requestorName: 'Camila Rocha' });

    const rejectedOnly = (await get(who('ADMIN'), '/api/v1/approvals?view=all&status=rejected&type=mint')).json().data as ApprovalWorkflow[];
    expect(rejectedOnly.length).toBeGreaterThan(0);
    expect(rejectedOnly.every((item) => item.status === 'rejected' && item.type === 'mint')).toBe(true);
    const searched = (await get(who('ADMIN'), '/api/v1/approvals?view=all&search=101%20tCO2e')).json().data as ApprovalWorkflow[];
    expect(searched.map((item) => item.id)).toEqual([approvalId]);
    expect((await get(who('ADMIN'), `/api/v1/approvals?search=${encodeURIComponent('a\u0000b')}`)).statusCode).toBe(400);

    expect((await get(otherTenant, `/api/v1/approvals/${approvalId}`)).statusCode).toBe(404);
    expect((await get(otherTenant, '/api/v1/approvals?view=all')).json().data).toEqual([]);
    expect(await count(otherTenant)).toBe(0);
    expect([403, 404]).toContain((await decide(otherTenant, approvalId, 'approve')).statusCode);
  });

  describe('role matrix', () => {
    const reads = ROLES.map((role) => ({ role, allowed: canOpenRoute(role, '/approvals') }));
    it.each(reads)('$role on GET /approvals, /approvals/count, /approvals/matrix → allowed: $allowed', async ({ role, allowed }) => {
      for (const url of ['/api/v1/approvals', '/api/v1/approvals?view=all', '/api/v1/approvals/count', '/api/v1/approvals/matrix']) {
        expect((await get(who(role), url)).statusCode, url).toBe(allowed ? 200 : 403);
      }
      expect((await get(who(role), `/api/v1/approvals/${MISSING}`)).statusCode).toBe(allowed ? 404 : 403);
    });

    const decides = ROLES.map((role) => ({ role, allowed: DEFAULT_PERMISSIONS[role].includes('approvals:decide') }));
    it.each(decides)('$role on POST /approvals/:id/approve | reject | delegate, GET …/delegates → allowed: $allowed', async ({ role, allowed }) => {
      // An unknown workflow: the guard answers 403 before the service, an allowed approver gets 404.
      expect((await decide(who(role), MISSING, 'approve')).statusCode).toBe(allowed ? 404 : 403);
      expect((await decide(who(role), MISSING, 'reject', { reason: 'x' })).statusCode).toBe(allowed ? 404 : 403);
      expect((await decide(who(role), MISSING, 'delegate', { delegateTo: MISSING })).statusCode).toBe(allowed ? 404 : 403);
      expect((await get(who(role), `/api/v1/approvals/${MISSING}/delegates`)).statusCode).toBe(allowed ? 404 : 403);
    });

    const edits = ROLES.map((role) => ({ role, allowed: role === 'ADMIN' || role === 'SUPER_ADMIN' }));
    it.each(edits)('$role on PUT /approvals/matrix/:type → allowed: $allowed', async ({ role, allowed }) => {
      const response = await app().inject({
        method: 'PUT',
        url: '/api/v1/approvals/matrix/offset_request',
        headers: who(role).headers,
        payload: { levels: [{ limitTco2e: 0, approverRole: 'ADMIN', timeoutHours: 48 }] },
      });
      expect(response.statusCode).toBe(allowed ? 200 : 403);
    });

    it('answers 401 without a session', async () => {
      expect((await app().inject({ url: '/api/v1/approvals' })).statusCode).toBe(401);
    });
  });
});
