import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address } from '@solana/kit';
import { findHolderTokenAccount, getRevokeDelegateInstruction } from '@carbonledger/chain';
import { executeOrThrow } from '@carbonledger/chain/testing';
import { eq } from 'drizzle-orm';
import { retirementTexts, type NotificationList, type Retirement, type RetirementActionResult } from '@carbonledger/contracts';
import { auditLog, certificates, chainSubmissions, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { platformKeyAddresses } from '../chain';
import { approveCompanyKyc, withdrawCompanyKyc } from '../kyc/kyc.testing';
import { supplyOf } from '../minting/minting.testing';
import { decide } from '../wallets/wallets.testing';
import { retirementDeps } from './retirements.routes';
import { executeScheduledRetirement, sweepRetirements } from './retirements.execution';
import {
  allowanceOf,
  createRetirement,
  get,
  post,
  retireBody,
  retirementFixture,
  signAndSubmit,
  signPrepared,
  waitFor,
  type RetirementFixture,
} from './retirements.testing';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const quietLog = { warn: () => undefined };

describe('scheduled retirements: delegate allowance, job at the time, cancel, missed schedules', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let fixture: RetirementFixture;
  let delegate: string;

  const app = () => harness.app;
  const detail = async (id: string) => (await get(app(), companyAdmin, `/api/v1/retirements/${id}`)).json().data as Retirement;
  const external = () => allowanceOf(app(), fixture.external.wallet.address, fixture.tokenMint);
  const managed = () => allowanceOf(app(), fixture.managed.address, fixture.tokenMint);
  const cancel = async (id: string) => {
    const response = await post(app(), companyAdmin, `/api/v1/retirements/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as RetirementActionResult;
  };
  const burnsOf = (retirementId: string) =>
    app().db.asSystem(async (tx) =>
      (await tx.select().from(chainSubmissions).where(eq(chainSubmissions.kind, 'retirement.burn'))).filter(
        (row) => row.reference.retirementId === retirementId,
      ),
    );

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 200, managedTokens: 200 });
    delegate = (
      await harness.app.db.withTenant(companyAdmin.result.tenant.id, (tx) => platformKeyAddresses(harness.app.platformKeys, tx, companyAdmin.result.tenant.id))
    ).retirement_delegate;
  });
  afterAll(() => harness.close());

  it('approves the delegate when the holder signs, then the job burns with the certificate at the scheduled time', async () => {
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const created = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 20, scheduledFor: inSeconds(3) }));
    expect(created.retirement).toMatchObject({ status: 'awaiting_signature', transactionId: created.transaction!.transactionId });
    const scheduled = await signAndSubmit(app(), companyAdmin, fixture.external.key, created);
    expect(scheduled.status).toBe('scheduled');
    expect(await external()).toMatchObject({ delegate, amount: 20n });
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore);

    const done = await waitFor(
      () => detail(created.retirement.id),
      (retirement) => retirement.status === 'completed',
    );
    expect(done).toMatchObject({
      status: 'completed',
      certificateNumber: expect.stringMatching(/^CLC-/),
      registryReference: expect.stringMatching(/^SBX-RET-/),
    });
    expect(new Date(done.completedAt!).getTime()).toBeGreaterThanOrEqual(new Date(done.scheduledFor!).getTime());
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 20n);
    expect((await external()).amount).toBe(0n);
    expect((await app().chain.getMint(address(done.certificateMint!)))?.supply).toBe(1n);
  });

  it('keeps the allowance at the sum of the open schedules of a token account, and cancelling one leaves exactly the other', async () => {
    const first = await createRetirement(
      app(),
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 30, scheduledFor: inSeconds(3600) }),
    );
    expect(first.retirement.status).toBe('scheduled');
    expect(first.transaction).toBeNull();
    expect(await managed()).toMatchObject({ delegate, amount: 30n });
    const second = await createRetirement(
      app(),
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 12, scheduledFor: inSeconds(7200) }),
    );
    expect(await managed()).toMatchObject({ delegate, amount: 42n });

    const cancelled = await cancel(first.retirement.id);
    expect(cancelled).toMatchObject({ retirement: { status: 'cancelled' }, transaction: null });
    expect(await managed()).toMatchObject({ delegate, amount: 12n });
    await cancel(second.retirement.id);
    expect(await managed()).toMatchObject({ delegate: null, amount: 0n });
    expect((await post(app(), companyAdmin, `/api/v1/retirements/${first.retirement.id}/cancel`)).json()).toMatchObject({
      message: retirementTexts.cancelNotAllowed,
    });
  });

  it('refuses an approval signed for an outdated sum, prepares the whole sum again, and reduces it when the holder signs a cancellation', async () => {
    const a = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 5, scheduledFor: inSeconds(3600) }));
    const b = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 7, scheduledFor: inSeconds(3600) }));
    await signAndSubmit(app(), companyAdmin, fixture.external.key, a);
    expect((await external()).amount).toBe(5n);

    const stale = await post(app(), companyAdmin, `/api/v1/retirements/${b.retirement.id}/submit`, {
      signedTxBase64: await signPrepared(fixture.external.key, b.transaction!.unsignedTxBase64),
    });
    expect(stale.statusCode).toBe(409);
    expect((await external()).amount).toBe(5n);
    expect((await detail(b.retirement.id)).status).toBe('awaiting_signature');
    const prepared = await post(app(), companyAdmin, `/api/v1/retirements/${b.retirement.id}/prepare`);
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect((await signAndSubmit(app(), companyAdmin, fixture.external.key, prepared.json().data as RetirementActionResult)).status).toBe('scheduled');
    expect(await external()).toMatchObject({ delegate, amount: 12n });

    const cancelled = await cancel(a.retirement.id);
    expect(cancelled.retirement.status).toBe('cancelled');
    expect(cancelled.transaction?.requiredSigner).toBe(fixture.external.wallet.address);
    expect((await external()).amount).toBe(12n);
    const reduced = await signAndSubmit(app(), companyAdmin, fixture.external.key, cancelled);
    expect(reduced.status).toBe('cancelled');
    expect(await external()).toMatchObject({ delegate, amount: 7n });
    await signAndSubmit(app(), companyAdmin, fixture.external.key, await cancel(b.retirement.id));
    expect(await external()).toMatchObject({ delegate: null, amount: 0n });
  });

  it('prepares a scheduled retirement: after the holder revoked the allowance in the wallet, signing the prepared approval restores it and the job burns', async () => {
    const created = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 6, scheduledFor: inSeconds(3600) }));
    expect((await signAndSubmit(app(), companyAdmin, fixture.external.key, created)).status).toBe('scheduled');
    expect(await external()).toMatchObject({ delegate, amount: 6n });
    const account = await findHolderTokenAccount(address(fixture.external.wallet.address), address(fixture.tokenMint));
    await executeOrThrow(app().chain, fixture.external.key, [getRevokeDelegateInstruction({ account, owner: fixture.external.key })]);
    expect(await external()).toMatchObject({ delegate: null, amount: 0n });

    const prepared = await post(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}/prepare`);
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { retirement, transaction } = prepared.json().data as RetirementActionResult;
    expect(retirement.status).toBe('scheduled');
    expect(transaction?.requiredSigner).toBe(fixture.external.wallet.address);
    const signed = await app().inject({
      method: 'POST',
      url: `/api/v1/signing/transactions/${transaction!.transactionId}/submit`,
      headers: companyAdmin.headers,
      payload: { signedTxBase64: await signPrepared(fixture.external.key, transaction!.unsignedTxBase64) },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await waitFor(external, (allowance) => allowance.amount === 6n);
    expect(await external()).toMatchObject({ delegate, amount: 6n });
    expect((await detail(created.retirement.id)).status).toBe('scheduled');

    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    await app().db.asSystem((tx) =>
      tx
        .update(retirements)
        .set({ scheduledFor: new Date(Date.now() - 1_000) })
        .where(eq(retirements.id, created.retirement.id)),
    );
    await executeScheduledRetirement(retirementDeps(app()), companyAdmin.result.tenant.id, created.retirement.id);
    expect((await detail(created.retirement.id)).status).toBe('completed');
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 6n);
    expect((await external()).amount).toBe(0n);
  });

  it('runs a schedule missed while the server was down once when it comes back', async () => {
    const created = await createRetirement(
      app(),
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 9, scheduledFor: inSeconds(3600) }),
    );
    expect(created.retirement.status).toBe('scheduled');
    // The time passes while nothing runs: the job is still an hour away, the row is due.
    await app().db.asSystem((tx) =>
      tx
        .update(retirements)
        .set({ scheduledFor: new Date(Date.now() - 60_000) })
        .where(eq(retirements.id, created.retirement.id)),
    );
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const deps = retirementDeps(app());
    const tenantId = companyAdmin.result.tenant.id;
    await Promise.all([sweepRetirements(deps, quietLog), sweepRetirements(deps, quietLog), executeScheduledRetirement(deps, tenantId, created.retirement.id)]);
    await sweepRetirements(deps, quietLog);

    const done = await detail(created.retirement.id);
    expect(done.status).toBe('completed');
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 9n);
    const burns = await burnsOf(created.retirement.id);
    expect(burns.map((burn) => burn.status)).toEqual(['confirmed']);
    const issued = await app().db.asSystem((tx) => tx.select().from(certificates).where(eq(certificates.retirementId, created.retirement.id)));
    expect(issued).toHaveLength(1);
    expect((await managed()).amount).toBe(0n);
  });

  it('fails a scheduled retirement without a burn when the company’s KYC/AML approval was withdrawn before its time', async () => {
    const created = await createRetirement(
      app(),
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 3, scheduledFor: inSeconds(3600) }),
    );
    expect(created.retirement.status).toBe('scheduled');
    await withdrawCompanyKyc(app(), companyAdmin, admin);
    try {
      await app().db.asSystem((tx) =>
        tx
          .update(retirements)
          .set({ scheduledFor: new Date(Date.now() - 1_000) })
          .where(eq(retirements.id, created.retirement.id)),
      );
      const supplyBefore = await supplyOf(app(), fixture.tokenMint);
      await executeScheduledRetirement(retirementDeps(app()), companyAdmin.result.tenant.id, created.retirement.id);
      await executeScheduledRetirement(retirementDeps(app()), companyAdmin.result.tenant.id, created.retirement.id);

      const failed = await detail(created.retirement.id);
      expect(failed).toMatchObject({ status: 'failed', error: retirementTexts.kycRequired, certificateNumber: null });
      expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore);
      expect(await burnsOf(created.retirement.id)).toEqual([]);
      const notifications = (await get(app(), companyAdmin, '/api/v1/notifications?limit=100')).json().data as NotificationList;
      expect(notifications.items.filter((item) => item.message === retirementTexts.kycRequired)).toHaveLength(1);
    } finally {
      await approveCompanyKyc(app(), companyAdmin, admin);
    }
  });

  it('fails a scheduled retirement the chain refuses (the wallet was suspended meanwhile), tells its creator and audits it', async () => {
    const created = await createRetirement(
      app(),
      companyAdmin,
      retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 4, scheduledFor: inSeconds(3600) }),
    );
    expect((await decide(app(), admin, fixture.managed.id, 'suspend', 'Key rotation')).statusCode).toBe(200);
    await app().db.asSystem((tx) =>
      tx
        .update(retirements)
        .set({ scheduledFor: new Date(Date.now() - 1_000) })
        .where(eq(retirements.id, created.retirement.id)),
    );
    await executeScheduledRetirement(retirementDeps(app()), companyAdmin.result.tenant.id, created.retirement.id);

    const failed = await detail(created.retirement.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/frozen/i);
    expect(failed.certificateNumber).toBeNull();
    const notifications = (await get(app(), companyAdmin, '/api/v1/notifications?limit=100')).json().data as NotificationList;
    expect(notifications.items.map((item) => item.title)).toContain(retirementTexts.failedTitle);
    expect(notifications.items.map((item) => item.title)).toContain(retirementTexts.completedTitle);
    const audited = await app().db.asSystem((tx) => tx.select().from(auditLog).where(eq(auditLog.resourceId, created.retirement.id)));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['retirement.schedule_requested', 'retirement.execution_started', 'retirement.failed']),
    );
  });
});
