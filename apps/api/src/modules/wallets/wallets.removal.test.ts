import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { approvalTexts } from '@carbonledger/contracts';
import { approvalRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { registerNewWallet } from './wallets.testing';

// docs/approvals.md "Wallet registration": removing a wallet still waiting for approval closes its workflow.

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let otherTenant: SignedIn;
const app = () => harness.app;
const remove = (who: SignedIn, id: string) => app().inject({ method: 'DELETE', url: `/api/v1/wallets/${id}`, headers: who.headers });
const workflowOf = async (walletId: string) =>
  (
    await app().db.asSystem((tx) =>
      tx
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.type, 'wallet_registration'), eq(approvalRequests.subjectId, walletId))),
    )
  )[0]!;
const pendingCount = async () =>
  (await app().inject({ url: '/api/v1/approvals/count', headers: { authorization: admin.headers.authorization! } })).json().data.pendingCount as number;

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'walletremovalbeta', 'ADMIN')).email);
});
afterAll(() => harness.close());

describe('removing a wallet that waits for approval', () => {
  it('closes its registration workflow, so no approver decides a wallet that is gone', async () => {
    const { wallet } = await registerNewWallet(app(), companyAdmin, 'Removed before approval');
    const opened = await workflowOf(wallet.id);
    expect(opened.status).toBe('pending');
    const before = await pendingCount();

    expect((await remove(otherTenant, wallet.id)).statusCode).toBe(404);
    expect((await workflowOf(wallet.id)).status).toBe('pending');

    const removed = await remove(companyAdmin, wallet.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await workflowOf(wallet.id)).toMatchObject({ status: 'rejected', reason: approvalTexts.walletRemoved, decidedBy: companyAdmin.result.user.id });
    expect(await pendingCount()).toBe(before - 1);
    const approve = await app().inject({
      method: 'POST',
      url: `/api/v1/approvals/${opened.id}/approve`,
      headers: { ...admin.headers, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.reason).toBe('APPROVALS__NOT_PENDING');
  });
});
