import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { address, generateKeyPairSigner } from '@solana/kit';
import { isExtension } from '@solana-program/token-2022';
import { and, eq } from 'drizzle-orm';
import { getCreateHolderTokenAccountInstructionAsync, customErrorCode, findHolderTokenAccount, getTransferTokensInstruction } from '@carbonledger/chain';
import { execute } from '@carbonledger/chain/testing';
import {
  RETIREMENT_SCHEDULE_MAX_DAYS,
  retirementActionResultSchema,
  retirementListSchema,
  retirementSchema,
  retirementTexts,
  type CompanySummary,
  type Portfolio,
  type Retirement,
  type RetirementList,
  type RetirementStats,
  type Vcu,
} from '@carbonledger/contracts';
import { certificates, chainSubmissions, companies, retirements } from '../../db/schema';
import { CERTIFICATE_FIELDS } from '../../lib/certificate-facts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approveCompanyKyc, withdrawCompanyKyc } from '../kyc/kyc.testing';
import { supplyOf, vcusOf } from '../minting/minting.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { registerNewWallet } from '../wallets/wallets.testing';
import { createRetirement, get, post, retireBody, retirementFixture, signAndSubmit, signPrepared, type RetirementFixture } from './retirements.testing';

// Token-2022 "account is frozen": the certificate account is frozen for good, which also stops a burn (NonTransferable alone would not).
const ACCOUNT_FROZEN = 17;

describe('retirements API: retire now, certificates, registry, guards, idempotency', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let otherTenant: SignedIn;
  let fixture: RetirementFixture;

  const app = () => harness.app;
  const confirmedBurns = (retirementId: string) =>
    app().db.asSystem(async (tx) =>
      (
        await tx
          .select()
          .from(chainSubmissions)
          .where(and(eq(chainSubmissions.kind, 'retirement.burn'), eq(chainSubmissions.status, 'confirmed')))
      ).filter((row) => row.reference.retirementId === retirementId),
    );

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    otherTenant = await signInAs(harness.app, (await createRegistryTenant(harness.app.db, 'retirebeta')).email);
    fixture = await retirementFixture(harness.app, companyAdmin, admin, { externalTokens: 200, managedTokens: 100 });
  });
  afterAll(() => harness.close());

  it('retires now with an external wallet: burn and soulbound certificate in one transaction the wallet signs', async () => {
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const created = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 25 }));
    expect(retirementActionResultSchema.safeParse(created).success).toBe(true);
    expect(created.retirement).toMatchObject({
      status: 'pending',
      amount: '25',
      walletType: 'external',
      country: 'BR',
      subdivision: 'BR-SP',
      certificateNumber: null,
    });
    expect(created.transaction).toMatchObject({ requiredSigner: fixture.external.wallet.address, transactionId: created.retirement.transactionId });

    const retired = await signAndSubmit(app(), companyAdmin, fixture.external.key, created);
    expect(retirementSchema.safeParse(retired).success).toBe(true);
    expect(retired).toMatchObject({ status: 'completed', error: null, transactionId: null });
    expect(retired.certificateNumber).toMatch(/^CLC-\d{4}-[A-Z2-9]{8}$/);
    expect(retired.signature).toBeTruthy();
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 25n);

    // The certificate on chain: NonTransferable, supply 1 in the holder's frozen account, no mint, freeze or metadata authority, facts hash in the metadata.
    const certificateMint = address(retired.certificateMint!);
    const mint = (await app().chain.getMint(certificateMint))!;
    expect(mint.supply).toBe(1n);
    expect(mint.mintAuthority).toBeNull();
    expect(mint.freezeAuthority).toBeNull();
    expect(mint.extensions.some((extension) => isExtension('NonTransferable', extension))).toBe(true);
    const metadata = mint.extensions.find((extension) => isExtension('TokenMetadata', extension));
    const fields = metadata && 'additionalMetadata' in metadata ? Object.fromEntries(metadata.additionalMetadata) : {};
    const [certificate] = await app().db.withTenant(companyAdmin.result.tenant.id, (tx) =>
      tx.select().from(certificates).where(eq(certificates.retirementId, retired.id)),
    );
    expect(certificate).toMatchObject({
      number: retired.certificateNumber,
      mintAddress: certificateMint,
      holderAddress: fixture.external.wallet.address,
      amount: 25n,
      burnSignature: retired.signature,
      developer: expect.any(String),
    });
    expect(metadata).toMatchObject({ name: retired.certificateNumber, updateAuthority: { __option: 'None' } });
    expect(fields).toEqual({ [CERTIFICATE_FIELDS.tonnes]: '25', [CERTIFICATE_FIELDS.facts]: certificate!.metadataHash });
    expect(JSON.stringify(fields)).not.toContain('Verde Energia S.A. employees');
    const holderAccount = await findHolderTokenAccount(address(fixture.external.wallet.address), certificateMint);
    expect(await app().chain.getTokenAccount(holderAccount)).toMatchObject({ amount: 1n, frozen: true });

    const thief = await generateKeyPairSigner();
    const transfer = await execute(app().chain, fixture.external.key, [
      await getCreateHolderTokenAccountInstructionAsync({ payer: fixture.external.key, owner: thief.address, mint: certificateMint }),
      getTransferTokensInstruction({
        source: holderAccount,
        destination: await findHolderTokenAccount(thief.address, certificateMint),
        mint: certificateMint,
        authority: fixture.external.key,
        amount: 1n,
        decimals: 0,
      }),
    ]);
    expect(transfer.status).toBe('failed');
    expect(customErrorCode(transfer.status === 'failed' ? transfer.err : null)).toBe(ACCOUNT_FROZEN);

    // The registry retired the company's tokenised serials of the mint, lowest first, and its reference is returned.
    expect(retired.registryReference).toMatch(/^SBX-RET-/);
    expect(retired.serialNumbers).toHaveLength(1);
    const vcus = await vcusOf(app(), companyAdmin);
    const retiredVcu = vcus.find((vcu: Vcu) => vcu.serialNumber === retired.serialNumbers[0]);
    expect(retiredVcu).toMatchObject({ status: 'retired', amount: '25' });
  });

  it('retires now with a platform-managed wallet in one call, signed on the server', async () => {
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const created = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, amount: 15 }));
    expect(created.transaction).toBeNull();
    expect(created.retirement).toMatchObject({ status: 'completed', walletType: 'platform_managed', amount: '15' });
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 15n);
    expect((await app().chain.getMint(address(created.retirement.certificateMint!)))?.supply).toBe(1n);

    const portfolio = (await get(app(), companyAdmin, '/api/v1/portfolio')).json().data as Portfolio;
    const managedHolding = portfolio.holdings.find((holding) => holding.walletAddress === fixture.managed.address);
    expect(managedHolding?.retiredAmount).toBe('15');
    const onBehalf = (await get(app(), admin, `/api/v1/portfolio?companyId=${companyAdmin.result.company.id}`)).json().data as Portfolio;
    expect(onBehalf.holdings.map((holding) => holding.walletAddress)).toContain(fixture.managed.address);
    const ownOnly = (await get(app(), otherTenant, `/api/v1/portfolio?companyId=${companyAdmin.result.company.id}`)).json().data as Portfolio;
    expect(ownOnly.holdings).toEqual([]);
  });

  it('answers the stored response for the same Idempotency-Key and never burns twice for a retried submission', async () => {
    const key = randomUUID();
    const body = retireBody(fixture, companyAdmin, { amount: 3 });
    const first = await post(app(), companyAdmin, '/api/v1/retirements', body, key);
    const again = await post(app(), companyAdmin, '/api/v1/retirements', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const created = first.json().data as { retirement: Retirement; transaction: { unsignedTxBase64: string } };
    expect((again.json().data as { retirement: Retirement }).retirement.id).toBe(created.retirement.id);

    const signedTxBase64 = await signPrepared(fixture.external.key, created.transaction.unsignedTxBase64);
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const submitted = await post(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}/submit`, { signedTxBase64 });
    const otherKey = await post(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}/submit`, { signedTxBase64 });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(otherKey.statusCode, otherKey.body).toBe(200);
    expect((otherKey.json().data as Retirement).status).toBe('completed');
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 3n);
    expect(await confirmedBurns(created.retirement.id)).toHaveLength(1);
  });

  it('creates one retirement for concurrent requests with one key, and burns once for concurrent submissions with different keys', async () => {
    const key = randomUUID();
    const body = retireBody(fixture, companyAdmin, { amount: 2, memo: 'concurrent' });
    const responses = await Promise.all([0, 1, 2].map(() => post(app(), companyAdmin, '/api/v1/retirements', body, key)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const rows = await app().db.asSystem((tx) => tx.select().from(retirements).where(eq(retirements.memo, 'concurrent')));
    expect(rows).toHaveLength(1);

    const created = responses.find((response) => response.statusCode === 201)!.json().data as {
      retirement: Retirement;
      transaction: { unsignedTxBase64: string };
    };
    const signedTxBase64 = await signPrepared(fixture.external.key, created.transaction.unsignedTxBase64);
    const supplyBefore = await supplyOf(app(), fixture.tokenMint);
    const submits = await Promise.all([0, 1].map(() => post(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}/submit`, { signedTxBase64 })));
    expect(submits.map((response) => response.statusCode).every((status) => status === 200 || status === 409)).toBe(true);
    expect(submits.some((response) => response.statusCode === 200)).toBe(true);
    expect(await supplyOf(app(), fixture.tokenMint)).toBe(supplyBefore - 2n);
    expect(await confirmedBurns(created.retirement.id)).toHaveLength(1);
  });

  it('requires the Idempotency-Key on retirement endpoints', async () => {
    const response = await post(app(), companyAdmin, '/api/v1/retirements', retireBody(fixture, companyAdmin), null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['idempotency-key']).toBeDefined();
  });

  it('refuses without KYC/AML approval of the selected company; the KYC review decides it (no status switch any more)', async () => {
    const cso = await signInAs(app(), 'cso@demo.test');
    const companyId = companyAdmin.result.company.id;
    const stopgap = await app().inject({
      method: 'PUT',
      url: `/api/v1/companies/${companyId}/kyc-status`,
      headers: admin.headers,
      payload: { status: 'pending' },
    });
    expect(stopgap.statusCode).toBe(404);
    await withdrawCompanyKyc(app(), companyAdmin, cso);
    const pending = await app().db.asSystem((tx) => tx.select().from(companies).where(eq(companies.id, companyId)));
    expect(pending[0]?.kycStatus).toBe('pending');
    try {
      const refused = await post(app(), companyAdmin, '/api/v1/retirements', retireBody(fixture, companyAdmin));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: retirementTexts.kycRequired, error: { code: 'KYC_REQUIRED' } });
    } finally {
      await approveCompanyKyc(app(), companyAdmin, cso);
    }
    const audited = await app().db.asSystem((tx) => tx.select().from(companies).where(eq(companies.id, companyAdmin.result.company.id)));
    expect(audited[0]?.kycStatus).toBe('approved');
  });

  it('lists the companies a user may act for', async () => {
    const own = (await get(app(), companyAdmin, '/api/v1/companies')).json().data as CompanySummary[];
    expect(own.map((company) => company.name)).toEqual(['Verde Energia S.A.']);
    expect(own[0]?.kycStatus).toBe('approved');
    const all = (await get(app(), admin, '/api/v1/companies')).json().data as CompanySummary[];
    expect(all.map((company) => company.name)).toEqual(['Verde Energia S.A.', 'Carbonledger Platform']);
  });

  it('refuses a wallet that is not an approved wallet of the company, a balance too small and a schedule in the past', async () => {
    const { wallet } = await registerNewWallet(app(), companyAdmin, 'Pending one');
    const unapproved = await post(app(), companyAdmin, '/api/v1/retirements', retireBody(fixture, companyAdmin, { walletAddress: wallet.address }));
    expect(unapproved.statusCode).toBe(400);
    expect(unapproved.json()).toMatchObject({
      message: retirementTexts.walletRequired,
      error: { code: 'VALIDATION_ERROR', fields: { walletAddress: [retirementTexts.walletRequired] } },
    });

    const tooMuch = await post(app(), companyAdmin, '/api/v1/retirements', retireBody(fixture, companyAdmin, { amount: 100_000 }));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      message: retirementTexts.insufficientTokens,
      error: { fields: { amount: [expect.stringContaining('tCO2e available')] } },
    });

    const past = await post(
      app(),
      companyAdmin,
      '/api/v1/retirements',
      retireBody(fixture, companyAdmin, { scheduledFor: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: retirementTexts.scheduleInPast, error: { fields: { scheduledFor: [retirementTexts.scheduleInPast] } } });

    const badLocation = await post(
      app(),
      companyAdmin,
      '/api/v1/retirements',
      retireBody(fixture, companyAdmin, { location: { country: 'BR', subdivision: 'US-TX' } }),
    );
    expect(badLocation.statusCode).toBe(400);
  });

  it(`refuses a schedule more than ${RETIREMENT_SCHEDULE_MAX_DAYS} days ahead, which would keep the tokens reserved for as long`, async () => {
    for (const scheduledFor of ['9999-12-31T00:00:00Z', new Date(Date.now() + (RETIREMENT_SCHEDULE_MAX_DAYS + 1) * 86_400_000).toISOString()]) {
      const response = await post(
        app(),
        companyAdmin,
        '/api/v1/retirements',
        retireBody(fixture, companyAdmin, { walletAddress: fixture.managed.address, scheduledFor }),
      );
      expect(response.statusCode, scheduledFor).toBe(400);
      expect(response.json().error.fields.scheduledFor).toEqual([retirementTexts.scheduleTooFar]);
    }
  });

  it('cancels a pending retirement so its prepared transaction can no longer be submitted; a completed one cannot be cancelled', async () => {
    const created = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 1 }));
    const cancelled = await post(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json().data as { retirement: Retirement }).retirement).toMatchObject({ status: 'cancelled', transactionId: null });
    const signedTxBase64 = await signPrepared(fixture.external.key, created.transaction!.unsignedTxBase64);
    const viaSignTool = await post(app(), companyAdmin, `/api/v1/signing/transactions/${created.transaction!.transactionId}/submit`, { signedTxBase64 });
    expect(viaSignTool.statusCode).toBe(409);

    const list = (await get(app(), companyAdmin, '/api/v1/retirements?status=completed')).json().data as RetirementList;
    const completed = list.items[0]!;
    const refused = await post(app(), companyAdmin, `/api/v1/retirements/${completed.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: retirementTexts.cancelNotAllowed, error: { code: 'CONFLICT' } });
  });

  it('completes a retirement whose transaction was prepared here and submitted through the sign tool', async () => {
    const created = await createRetirement(app(), companyAdmin, retireBody(fixture, companyAdmin, { amount: 4 }));
    const prepared = await post(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}/prepare`);
    expect(prepared.statusCode, prepared.body).toBe(200);
    const fresh = (prepared.json().data as { transaction: { transactionId: string; unsignedTxBase64: string } }).transaction;
    expect(fresh.transactionId).not.toBe(created.transaction!.transactionId);
    const stale = await post(app(), companyAdmin, `/api/v1/signing/transactions/${created.transaction!.transactionId}/submit`, {
      signedTxBase64: await signPrepared(fixture.external.key, created.transaction!.unsignedTxBase64),
    });
    expect(stale.statusCode).toBe(409);
    const submitted = await post(app(), companyAdmin, `/api/v1/signing/transactions/${fresh.transactionId}/submit`, {
      signedTxBase64: await signPrepared(fixture.external.key, fresh.unsignedTxBase64),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const detail = (await get(app(), companyAdmin, `/api/v1/retirements/${created.retirement.id}`)).json().data as Retirement;
    expect(detail).toMatchObject({ status: 'completed', certificateNumber: expect.stringMatching(/^CLC-/) });
    expect(await confirmedBurns(created.retirement.id)).toHaveLength(1);
  });

  it('lists the history and the stats of the company; another tenant sees none of it', async () => {
    const listed = await get(app(), companyAdmin, '/api/v1/retirements?pageSize=50');
    expect(listed.statusCode).toBe(200);
    const list = listed.json().data as RetirementList;
    expect(retirementListSchema.safeParse(list).success).toBe(true);
    const completed = list.items.filter((item) => item.status === 'completed');
    expect(completed.every((item) => item.companyName === 'Verde Energia S.A.' && item.registryReference && item.completedAt && item.signature)).toBe(true);
    const stats = (await get(app(), companyAdmin, '/api/v1/retirements/stats')).json().data as RetirementStats;
    expect(stats.totalRetired).toBe(completed.reduce((total, item) => total + BigInt(item.amount), 0n).toString());
    expect(stats.certificates).toBe(completed.length);
    expect(stats.transactions).toBe(completed.length);

    const foreign = (await get(app(), otherTenant, '/api/v1/retirements')).json().data as RetirementList;
    expect(foreign.items).toEqual([]);
    expect((await get(app(), otherTenant, `/api/v1/retirements/${completed[0]!.id}`)).statusCode).toBe(404);
    expect(((await get(app(), otherTenant, '/api/v1/retirements/stats')).json().data as RetirementStats).totalRetired).toBe('0');
    const foreignCertificates = await app().db.withTenant(otherTenant.result.tenant.id, (tx) => tx.select().from(certificates));
    expect(foreignCertificates).toEqual([]);
    const foreignCompany = await post(
      app(),
      otherTenant,
      '/api/v1/retirements',
      retireBody(fixture, otherTenant, { companyId: companyAdmin.result.company.id }),
    );
    expect(foreignCompany.statusCode).toBe(404);
  });
});
