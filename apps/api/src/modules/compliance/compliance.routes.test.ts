import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { address } from '@solana/kit';
import { eq } from 'drizzle-orm';
import { findHolderTokenAccount } from '@carbonledger/chain';
import { ROLES, canAccess, canOpenRoute, complianceProfileSchema, complianceTexts, type ComplianceProfile, type MintPreview } from '@carbonledger/contracts';
import { companies } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approveCompanyKyc, withdrawCompanyKyc } from '../kyc/kyc.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { get, post, retireBody, retirementFixture, waitFor, WIND_PROJECT, type RetirementFixture } from '../retirements/retirements.testing';
import { freeSubranges, importSerials } from '../minting/minting.testing';
import { decide, registerNewWallet } from '../wallets/wallets.testing';
import { complianceDepsOf, sweepKycTokenAccounts } from './index';

describe('compliance API: profile, limits enforced on mint and retire, token-level KYC', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let cso: SignedIn;
  let fixture: RetirementFixture;
  const app = () => harness.app;

  const profileOf = async (who: SignedIn, companyId?: string) => {
    const response = await get(app(), who, `/api/v1/compliance/profile${companyId ? `?companyId=${companyId}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ComplianceProfile;
  };
  const setLimits = (who: SignedIn, body: Record<string, unknown>, companyId = companyAdmin.result.company.id) =>
    app().inject({ method: 'PUT', url: `/api/v1/compliance/profiles/${companyId}`, headers: who.headers, payload: body });
  const retireManaged = (amount: number) =>
    post(app(), companyAdmin, '/api/v1/retirements', retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount }));
  const frozenAt = async (owner: string) =>
    (await app().chain.getTokenAccount(await findHolderTokenAccount(address(owner), address(fixture.tokenMint))))?.frozen;

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    cso = await signInAs(harness.app, 'cso@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 200, managedTokens: 100 });
  });
  afterAll(() => harness.close());

  it("shows the company's tier, limits and today's volume to any member", async () => {
    const viewer = await signInAs(app(), 'viewer@demo.test');
    const profile = await profileOf(viewer);
    expect(complianceProfileSchema.safeParse(profile).success).toBe(true);
    expect(profile).toMatchObject({
      companyId: companyAdmin.result.company.id,
      kycStatus: 'approved',
      kycTier: 'standard',
      dailyLimit: '100000',
      monthlyLimit: '1000000',
      daily: { minted: '300', retired: '0', limit: '100000', mintRemaining: '99700', retireRemaining: '100000' },
      monthly: { minted: '300', mintRemaining: '999700' },
      tokenAccounts: 'open',
      canEdit: false,
    });
    expect((await profileOf(cso)).canEdit).toBe(true);
  });

  it('answers another company 404 to its members and shows it to platform administrators', async () => {
    const platformCompany = admin.result.company.id;
    expect((await get(app(), companyAdmin, `/api/v1/compliance/profile?companyId=${platformCompany}`)).statusCode).toBe(404);
    expect((await profileOf(admin, companyAdmin.result.company.id)).companyName).toBe(companyAdmin.result.company.name);
    const stranger = await signInAs(app(), (await createRegistryTenant(app().db, 'compliancebeta')).email);
    expect((await get(app(), stranger, `/api/v1/compliance/profile?companyId=${companyAdmin.result.company.id}`)).statusCode).toBe(404);
  });

  it('keeps limits within the tier bounds and the daily limit under the monthly one', async () => {
    const overBound = await setLimits(cso, { kycTier: 'basic', dailyLimit: 20_000, monthlyLimit: 100_000 });
    expect(overBound.statusCode).toBe(400);
    expect(overBound.json().error.fields.dailyLimit).toEqual([complianceTexts.overTierBound]);
    const inverted = await setLimits(cso, { kycTier: 'standard', dailyLimit: 5_000, monthlyLimit: 1_000 });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.fields.dailyLimit).toEqual([complianceTexts.dailyOverMonthly]);
  });

  it('role matrix: every role reads its profile; officers of /compliance with kyc:review change the limits', async () => {
    for (const user of DEMO_USERS) {
      const who = user.email === 'cso@demo.test' ? cso : await signInAs(app(), user.email);
      expect((await get(app(), who, '/api/v1/compliance/profile')).statusCode, user.role).toBe(200);
      const officer = canOpenRoute(user.role, '/compliance') && canAccess(user.role, who.result.session.permissions, 'kyc', 'review');
      const changed = await setLimits(who, { kycTier: 'enhanced', dailyLimit: 100_000, monthlyLimit: 1_000_000 }, who.result.company.id);
      expect(changed.statusCode, `${user.role}: ${changed.body}`).toBe(officer ? 200 : 403);
    }
    expect(ROLES.filter((role) => !DEMO_USERS.some((user) => user.role === role))).toEqual([]);
  });

  it('counts retirements apart from tokenisation: a company that tokenised a lot retires the same day, up to the limit, naming what remains', async () => {
    const saved = await setLimits(cso, { kycTier: 'basic', dailyLimit: 250, monthlyLimit: 1_000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: complianceTexts.saved, data: { kycTier: 'basic', dailyLimit: '250', updatedBy: 'Carlos Souza' } });

    // 300 tCO2e were tokenised today, over the daily limit: retiring is not held back by it.
    const afterMinting = await retireManaged(60);
    expect(afterMinting.statusCode, afterMinting.body).toBe(201);

    expect((await setLimits(cso, { kycTier: 'basic', dailyLimit: 70, monthlyLimit: 1_000 })).statusCode).toBe(200);
    const refused = await retireManaged(20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', reason: 'COMPLIANCE__DAILY_LIMIT_EXCEEDED' });
    expect(refused.json().message).toContain('Requested 20 tCO2e; limit 70 tCO2e; 10 tCO2e remaining today.');

    const within = await retireManaged(10);
    expect(within.statusCode, within.body).toBe(201);
    expect((await profileOf(companyAdmin)).daily).toMatchObject({ minted: '300', retired: '70', limit: '70', mintRemaining: '0', retireRemaining: '0' });
  });

  it('refuses a mint over the limits and one over the monthly limit with its own reason', async () => {
    const preview = await post(
      app(),
      companyAdmin,
      '/api/v1/minting/preview',
      { projectId: WIND_PROJECT, quantity: 5, tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId: fixture.managed.id },
      null,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const execute = () => post(app(), companyAdmin, '/api/v1/minting/execute', { previewId: (preview.json().data as MintPreview).previewId }, randomUUID());
    const refused = await execute();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('COMPLIANCE__DAILY_LIMIT_EXCEEDED');
    expect(refused.json().message).toContain('Requested 5 tCO2e; limit 70 tCO2e; 0 tCO2e remaining today.');

    expect((await setLimits(cso, { kycTier: 'basic', dailyLimit: 80, monthlyLimit: 80 })).statusCode).toBe(200);
    const monthly = await retireManaged(20);
    expect(monthly.statusCode).toBe(409);
    expect(monthly.json().error.reason).toBe('COMPLIANCE__MONTHLY_LIMIT_EXCEEDED');
    expect(monthly.json().message).toContain('10 tCO2e remaining this month.');
    expect((await setLimits(cso, { kycTier: 'standard', dailyLimit: 100_000, monthlyLimit: 1_000_000 })).statusCode).toBe(200);
    expect((await execute()).statusCode).toBe(200);
  });

  it('checks a batch VCU job at submission against the tokenisation limits and counts it', async () => {
    const actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id };
    const blockIds = await importSerials(app(), actor, await freeSubranges(app(), companyAdmin, '2250', 2, 20n, 3));
    const batch = () => post(app(), companyAdmin, '/api/v1/minting/batches', { vcuBlockIds: blockIds, walletId: fixture.managed.id }, randomUUID());
    const before = (await profileOf(companyAdmin)).daily;
    const left = Number(before.mintRemaining);

    expect((await setLimits(cso, { kycTier: 'basic', dailyLimit: Number(before.minted) + 30, monthlyLimit: 100_000 })).statusCode).toBe(200);
    const refused = await batch();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('COMPLIANCE__DAILY_LIMIT_EXCEEDED');
    expect(refused.json().message).toContain('Requested 40 tCO2e');
    expect(refused.json().message).toContain('30 tCO2e remaining today.');

    expect((await setLimits(cso, { kycTier: 'standard', dailyLimit: 100_000, monthlyLimit: 1_000_000 })).statusCode).toBe(200);
    const accepted = await batch();
    expect(accepted.statusCode, accepted.body).toBe(202);
    // The job mints in the background; it finishes before the next test freezes the company's accounts.
    const jobId = (accepted.json().data as { id: string }).id;
    const finished = await waitFor(
      async () => (await get(app(), companyAdmin, `/api/v1/minting/batches/${jobId}`)).json().data as { status: string },
      (job) => job.status === 'completed' || job.status === 'failed',
    );
    expect(finished.status).toBe('completed');
    const after = (await profileOf(companyAdmin)).daily;
    expect(Number(after.minted)).toBe(Number(before.minted) + 40);
    expect(Number(after.mintRemaining)).toBe(left - 40);
    expect(after.retired).toBe(before.retired);
  });

  it("KYC suspended: the company's token accounts are frozen on chain, no wallet is thawed, approval opens them again", async () => {
    expect(await frozenAt(fixture.external.wallet.address)).toBe(false);
    const caseId = await withdrawCompanyKyc(app(), companyAdmin, admin);
    expect(await frozenAt(fixture.external.wallet.address)).toBe(true);
    expect(await frozenAt(fixture.managed.address)).toBe(true);
    expect(await profileOf(companyAdmin)).toMatchObject({ kycStatus: 'pending', tokenAccounts: 'frozen' });

    const refused = await retireManaged(1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('KYC_REQUIRED');

    const { key, wallet } = await registerNewWallet(app(), companyAdmin, 'Late wallet');
    const approved = await decide(app(), admin, wallet.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    const lateAccount = () => findHolderTokenAccount(key.address, address(fixture.tokenMint));
    expect((await app().chain.getTokenAccount(await lateAccount()))?.frozen ?? true).toBe(true);

    await approveCompanyKyc(app(), companyAdmin, admin);
    expect(caseId).toBeTruthy();
    expect(await frozenAt(fixture.external.wallet.address)).toBe(false);
    expect(await frozenAt(fixture.managed.address)).toBe(false);
    expect((await app().chain.getTokenAccount(await lateAccount()))?.frozen).toBe(false);
    expect(await profileOf(companyAdmin)).toMatchObject({ kycStatus: 'approved', tokenAccounts: 'open' });
  });

  it('the sweep freezes the accounts of a company whose status changed without its chain step (a crash in between)', async () => {
    const setStatus = (kycStatus: 'rejected' | 'approved') =>
      app().db.asSystem((tx) => tx.update(companies).set({ kycStatus }).where(eq(companies.id, companyAdmin.result.company.id)));
    await setStatus('rejected');
    expect(await frozenAt(fixture.external.wallet.address)).toBe(false);
    expect(await sweepKycTokenAccounts(complianceDepsOf(app()))).toBe(1);
    expect(await frozenAt(fixture.external.wallet.address)).toBe(true);
    expect(await sweepKycTokenAccounts(complianceDepsOf(app()))).toBe(0);
    await setStatus('approved');
    expect(await sweepKycTokenAccounts(complianceDepsOf(app()))).toBe(1);
    expect(await frozenAt(fixture.external.wallet.address)).toBe(false);
  });
});
