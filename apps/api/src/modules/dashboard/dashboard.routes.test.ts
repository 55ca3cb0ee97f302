import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { companies } from '../../db/schema';
import { signInAs } from '../auth/auth.testing';
import { recordAudit } from '../audit';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

async function summaryFor(email: string) {
  const who = await signInAs(harness.app, email);
  const response = await harness.app.inject({ url: '/api/v1/dashboard/summary', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return {
    who,
    data: response.json().data as { pendingActions: Array<{ kind: string; link: string }>; recentActivity: Array<{ action: string; actor: string | null }> },
  };
}

describe('GET /api/v1/dashboard/summary', () => {
  it('asks a company admin to finish KYC and to turn on two-factor authentication', async () => {
    const { who } = await summaryFor('companyadmin@demo.test');
    // The demo company is seeded KYC-approved so retirements work in the demo; start this case from an unreviewed company.
    await harness.app.db.withTenant(who.result.tenant.id, (tx) =>
      tx.update(companies).set({ kycStatus: 'not_started' }).where(eq(companies.id, who.result.company.id)),
    );
    const { data } = await summaryFor('companyadmin@demo.test');
    expect(data.pendingActions.map((action) => [action.kind, action.link])).toEqual([
      ['kyc', '/kyc'],
      ['mfa_setup', '/settings?tab=security'],
    ]);
  });

  it('drops the KYC action once the company is approved', async () => {
    const { who } = await summaryFor('companyadmin@demo.test');
    await harness.app.db.withTenant(who.result.tenant.id, (tx) =>
      tx.update(companies).set({ kycStatus: 'approved' }).where(eq(companies.id, who.result.company.id)),
    );
    const { data } = await summaryFor('companyadmin@demo.test');
    expect(data.pendingActions.map((action) => action.kind)).toEqual(['mfa_setup']);
  });

  it('shows a viewer only their own activity, and an administrator the whole tenant', async () => {
    const viewer = await signInAs(harness.app, 'viewer@demo.test');
    const admin = await signInAs(harness.app, 'admin@demo.test');
    const tenantId = admin.result.tenant.id;
    await harness.app.db.withTenant(tenantId, async (tx) => {
      await recordAudit(tx, { tenantId, actorUserId: admin.result.user.id, action: 'wallet.approved', resourceType: 'wallet' });
      await recordAudit(tx, { tenantId, actorUserId: viewer.result.user.id, action: 'dashboard_layout.reset', resourceType: 'user' });
    });
    const viewerActivity = (await summaryFor('viewer@demo.test')).data.recentActivity;
    expect(viewerActivity.every((entry) => entry.actor === 'Vera Nunes')).toBe(true);
    expect(viewerActivity.map((entry) => entry.action)).toContain('dashboard_layout.reset');
    expect(viewerActivity.map((entry) => entry.action)).not.toContain('wallet.approved');
    const adminActivity = (await summaryFor('admin@demo.test')).data.recentActivity.map((entry) => entry.action);
    expect(adminActivity).toEqual(expect.arrayContaining(['wallet.approved', 'dashboard_layout.reset']));
  });

  it('answers 401 without a session', async () => {
    expect((await harness.app.inject({ url: '/api/v1/dashboard/summary' })).statusCode).toBe(401);
  });
});
