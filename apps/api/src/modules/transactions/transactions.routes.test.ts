import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { address } from '@solana/kit';
import { findHolderTokenAccount, getTransferTokensInstruction } from '@carbonledger/chain';
import { executeOrThrow, LAMPORTS_PER_SOL } from '@carbonledger/chain/testing';
import {
  transactionListSchema,
  transactionTexts,
  transactionViewSchema,
  type ExecuteMintResult,
  type MintPreview,
  type TransactionView,
} from '@carbonledger/contracts';
import { certificates, retirements } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { approveCompanyKyc } from '../kyc/kyc.testing';
import { approvedWallet, freeSubranges, importSerials } from '../minting/minting.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { transactionsDepsOf } from './transactions.deps';
import { companyTransactionPages } from './transactions.history';

const WIND_PROJECT = '3107';

describe('transactions API: mints from the database, transfers from the chain, per company', () => {
  let harness: TestApp;
  let verdeAdmin: SignedIn;
  let otherCompanyAdmin: SignedIn;
  let platformAdmin: SignedIn;
  let otherTenant: SignedIn;
  let verdeWallet: Awaited<ReturnType<typeof approvedWallet>>;
  let otherWallet: Awaited<ReturnType<typeof approvedWallet>>;
  let otherCompanyId: string;
  let minted: ExecuteMintResult['operation'];
  let transferSignature: string;

  const get = (url: string, who: SignedIn) => harness.app.inject({ method: 'GET', url, headers: { authorization: who.headers.authorization! } });
  const list = async (who: SignedIn, query = '') => {
    const response = await get(`/api/v1/transactions${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return transactionListSchema.parse(response.json().data);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    verdeAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    platformAdmin = await signInAs(harness.app, 'admin@demo.test');
    const other = await onboardCompanyForTests(harness.app, platformAdmin, 'Azul Logistica Ltda');
    otherCompanyId = other.companyId;
    otherCompanyAdmin = other.companyAdmin;
    // Its token accounts are thawed only once its KYC is approved (docs/product.md §5).
    await approveCompanyKyc(harness.app, otherCompanyAdmin, platformAdmin);
    const beta = await createRegistryTenant(harness.app.db, 'txbeta');
    otherTenant = await signInAs(harness.app, beta.email);

    // A mint through the minting service into Verde's approved wallet.
    verdeWallet = await approvedWallet(harness.app, verdeAdmin, platformAdmin, 'Verde treasury');
    const actor = { tenantId: verdeAdmin.result.tenant.id, companyId: verdeAdmin.result.company.id, userId: verdeAdmin.result.user.id };
    await importSerials(harness.app, actor, await freeSubranges(harness.app, verdeAdmin, WIND_PROJECT, 1, 100n));
    const previewResponse = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/preview',
      headers: verdeAdmin.headers,
      payload: { projectId: WIND_PROJECT, vintage: 2023, quantity: '100', tokenName: 'Texas Wind 2023', symbol: 'TXW23', walletId: verdeWallet.wallet.id },
    });
    expect(previewResponse.statusCode, previewResponse.body).toBe(200);
    const preview = previewResponse.json().data as MintPreview;
    const execution = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/execute',
      headers: { ...verdeAdmin.headers, 'idempotency-key': randomUUID() },
      payload: { previewId: preview.previewId },
    });
    expect(execution.statusCode, execution.body).toBe(200);
    minted = (execution.json().data as ExecuteMintResult).operation;

    // The other company's wallet is approved after the mint exists, so its token account is opened and thawed.
    otherWallet = await approvedWallet(harness.app, otherCompanyAdmin, platformAdmin, 'Azul treasury');

    // Verde's wallet sends 30 tokens to the other company's wallet, signed by its own key on chain.
    const mint = address(minted.mintAddress!);
    await harness.app.chain.airdrop(verdeWallet.key.address, LAMPORTS_PER_SOL);
    const outcome = await executeOrThrow(harness.app.chain, verdeWallet.key, [
      getTransferTokensInstruction({
        source: await findHolderTokenAccount(verdeWallet.key.address, mint),
        destination: await findHolderTokenAccount(otherWallet.key.address, mint),
        mint,
        authority: verdeWallet.key,
        amount: 30n,
        decimals: 0,
      }),
    ]);
    transferSignature = outcome.signature;
  });
  afterAll(() => harness.close());

  it('shows a mint done through the minting service as a completed mint with its fee from the chain', async () => {
    const { items, chainAvailable } = await list(verdeAdmin);
    expect(chainAvailable).toBe(true);
    const mint = items.find((item) => item.id === `mint-${minted.id}`);
    expect(mint).toMatchObject({
      type: 'mint',
      status: 'completed',
      project: minted.projectName,
      tokenSymbol: 'TXW23',
      tokenMint: minted.mintAddress,
      amount: '100',
      hash: minted.signature,
      to: verdeWallet.wallet.address,
      walletAddress: verdeWallet.wallet.address,
      certificateId: null,
    });
    expect(mint!.explorerUrl).toContain(minted.signature!);
    expect(BigInt(mint!.feeLamports!)).toBeGreaterThanOrEqual(5_000n);
    expect(mint!.feeSol).toBe(`0.${mint!.feeLamports!.padStart(9, '0').replace(/0+$/, '')}`);
    // The mint-to on chain is the database's mint, not a second "received" entry.
    expect(items.filter((item) => item.hash === minted.signature)).toHaveLength(1);
  });

  it('shows a transfer between two approved wallets as sent for one company and received for the other', async () => {
    const sent = (await list(verdeAdmin)).items.find((item) => item.hash === transferSignature);
    expect(sent).toMatchObject({
      type: 'sent',
      status: 'completed',
      amount: '30',
      tokenSymbol: 'TXW23',
      // The same token reads under the same project name as its mint row, not under the token's name.
      project: minted.projectName,
      from: verdeWallet.wallet.address,
      to: otherWallet.wallet.address,
      feeLamports: '5000',
      feeSol: '0.000005',
      walletAddress: verdeWallet.wallet.address,
    });
    expect(sent!.description).toContain(`Sent 30 TXW23 to ${otherWallet.wallet.address}`);

    const received = await list(otherCompanyAdmin);
    expect(received.items).toHaveLength(1);
    expect(received.items[0]).toMatchObject({
      type: 'received',
      amount: '30',
      from: verdeWallet.wallet.address,
      to: otherWallet.wallet.address,
      hash: transferSignature,
    });

    const detail = await get(`/api/v1/transactions/${encodeURIComponent(received.items[0]!.id)}`, otherCompanyAdmin);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(transactionViewSchema.parse(detail.json().data)).toEqual(received.items[0]);
  });

  it('filters by type and status, searches, and pages', async () => {
    expect((await list(verdeAdmin, '?type=mint')).items.map((item) => item.type)).toEqual(['mint']);
    expect((await list(verdeAdmin, '?type=sent')).items.map((item) => item.hash)).toEqual([transferSignature]);
    expect((await list(verdeAdmin, '?type=received')).total).toBe(0);
    expect((await list(verdeAdmin, '?status=failed')).total).toBe(0);
    expect((await list(verdeAdmin, '?status=completed')).items.map((item) => item.type).sort()).toEqual(['mint', 'sent']);
    expect((await list(verdeAdmin, `?search=${otherWallet.wallet.address.slice(0, 10)}`)).items.map((item) => item.type)).toEqual(['sent']);
    expect((await list(verdeAdmin, `?search=${minted.signature!.slice(0, 12).toLowerCase()}`)).items.map((item) => item.type)).toEqual(['mint']);
    expect((await list(verdeAdmin, '?search=nothing-like-this')).total).toBe(0);
    expect((await list(verdeAdmin, `?wallet=${verdeWallet.wallet.id}`)).total).toBe(2);
    expect((await list(verdeAdmin, `?wallet=${otherWallet.wallet.address}`)).total).toBe(0);
    const firstPage = await list(verdeAdmin, '?pageSize=1');
    const secondPage = await list(verdeAdmin, '?pageSize=1&page=2');
    expect(firstPage).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect([firstPage.items[0]!.id, secondPage.items[0]!.id].sort()).toEqual([`mint-${minted.id}`, (await list(verdeAdmin, '?type=sent')).items[0]!.id].sort());
  });

  it('reads no chain history for a list of mints or burns, nor for the detail of a mint', async () => {
    const historyReads = vi.spyOn(harness.app.chain, 'getSignaturesForAddress');
    try {
      expect((await list(verdeAdmin, '?type=mint')).items.map((item) => item.id)).toEqual([`mint-${minted.id}`]);
      expect((await list(verdeAdmin, '?status=failed')).total).toBe(0);
      expect((await get(`/api/v1/transactions/mint-${minted.id}`, verdeAdmin)).statusCode).toBe(200);
      expect(historyReads).not.toHaveBeenCalled();
      expect((await list(verdeAdmin, '?type=sent')).total).toBe(1);
      expect(historyReads).toHaveBeenCalled();
    } finally {
      historyReads.mockRestore();
    }
  });

  it('keeps companies and tenants apart; a platform administrator may choose the company', async () => {
    const verdeIds = (await list(verdeAdmin)).items.map((item) => item.id);
    const otherIds = (await list(otherCompanyAdmin)).items.map((item) => item.id);
    expect(otherIds.some((id) => verdeIds.includes(id))).toBe(false);
    expect((await list(otherTenant)).total).toBe(0);
    expect((await get(`/api/v1/transactions/mint-${minted.id}`, otherTenant)).statusCode).toBe(404);
    const hidden = await get(`/api/v1/transactions/mint-${minted.id}`, otherCompanyAdmin);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ success: false, message: transactionTexts.notFound });

    const forbidden = await get(`/api/v1/transactions?companyId=${verdeAdmin.result.company.id}`, otherCompanyAdmin);
    expect(forbidden.statusCode).toBe(403);
    expect((await list(platformAdmin, `?companyId=${otherCompanyId}`)).items.map((item) => item.id)).toEqual(otherIds);
    expect((await get(`/api/v1/transactions/mint-${minted.id}`, platformAdmin)).json().data).toMatchObject({ id: `mint-${minted.id}`, type: 'mint' });
    expect((await get(`/api/v1/transactions/received-${transferSignature}`, platformAdmin)).json().data).toMatchObject({
      type: 'received',
      walletAddress: otherWallet.wallet.address,
    });
    expect((await get(`/api/v1/transactions/received-${transferSignature}`, verdeAdmin)).statusCode).toBe(404);

    const viewer = await signInAs(harness.app, 'viewer@demo.test');
    expect((await list(viewer)).items.map((item: TransactionView) => item.id).sort()).toEqual([...verdeIds].sort());
    expect((await harness.app.inject({ method: 'GET', url: '/api/v1/transactions' })).statusCode).toBe(401);
  });

  it('lists a retirement as a burn linked to its certificate; a cancelled one never reached the chain and is left out', async () => {
    const tenantId = verdeAdmin.result.tenant.id;
    const companyId = verdeAdmin.result.company.id;
    const burnSignature = '4'.repeat(87);
    const common = {
      tenantId,
      companyId,
      walletId: verdeWallet.wallet.id,
      walletAddress: verdeWallet.wallet.address,
      walletType: 'external' as const,
      tokenMint: minted.mintAddress!,
      tokenSymbol: 'TXW23',
      projectId: WIND_PROJECT,
      projectName: minted.projectName,
      registry: 'sandbox' as const,
      vintage: 2023,
      decimals: 0,
      reason: 'voluntary_offset' as const,
      country: 'BR',
      beneficiaryName: 'Verde Energia S.A.',
      beneficiaryHash: 'f'.repeat(64),
    };
    const { retirementId, certificateId } = await harness.app.db.asSystem(async (tx) => {
      const [retirement] = await tx
        .insert(retirements)
        .values({ ...common, amount: 5n, status: 'completed', certificateNumber: 'CL-2026-000001', signature: burnSignature, completedAt: new Date() })
        .returning();
      await tx.insert(retirements).values({ ...common, amount: 7n, status: 'cancelled', certificateNumber: 'CL-2026-000002', cancelledAt: new Date() });
      const [certificate] = await tx
        .insert(certificates)
        .values({
          ...common,
          retirementId: retirement!.id,
          number: 'CL-2026-000001',
          mintAddress: otherWallet.wallet.address,
          holderAddress: verdeWallet.wallet.address,
          amount: 5n,
          developer: 'Lone Star Renewables LLC',
          projectLocation: 'Texas, United States',
          methodology: 'ACM0002',
          standard: 'VCS',
          burnSignature,
          certificateSignature: burnSignature,
          metadataHash: '0'.repeat(64),
          issuedAt: new Date(),
        })
        .returning();
      return { retirementId: retirement!.id, certificateId: certificate!.id };
    });

    const burns = await list(verdeAdmin, '?type=burn');
    expect(burns.items).toHaveLength(1);
    expect(burns.items[0]).toMatchObject({
      id: `burn-${retirementId}`,
      type: 'burn',
      status: 'completed',
      amount: '5',
      tokenSymbol: 'TXW23',
      hash: burnSignature,
      from: verdeWallet.wallet.address,
      to: null,
      certificateId,
    });
    expect(burns.items[0]!.description).toContain('certificate CL-2026-000001');
    expect((await list(verdeAdmin, '?search=CL-2026-000001')).items.map((item) => item.id)).toEqual([`burn-${retirementId}`]);
    expect((await list(otherCompanyAdmin, '?type=burn')).total).toBe(0);
  });

  it('lists each chunk of a batch minting job as a mint once the job minted it', async () => {
    const actor = { tenantId: verdeAdmin.result.tenant.id, companyId: verdeAdmin.result.company.id, userId: verdeAdmin.result.user.id };
    const blockIds = await importSerials(harness.app, actor, await freeSubranges(harness.app, verdeAdmin, '2250', 2, 3n, 1));
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/batches',
      headers: { ...verdeAdmin.headers, 'idempotency-key': randomUUID() },
      payload: { vcuBlockIds: blockIds, walletId: verdeWallet.wallet.id },
    });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = (created.json().data as { id: string }).id;
    const deadline = Date.now() + 30_000;
    let chunk: TransactionView | undefined;
    while (chunk?.status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      chunk = (await list(verdeAdmin, '?type=mint')).items.find((item) => item.id === `batch-${jobId}-0`);
    }
    const projectName = ((await get('/api/v1/projects/2250', verdeAdmin)).json().data as { name: string }).name;
    expect(chunk).toMatchObject({ type: 'mint', status: 'completed', amount: '6', projectId: '2250', project: projectName, to: verdeWallet.wallet.address });
    expect(chunk!.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(BigInt(chunk!.feeLamports!)).toBeGreaterThanOrEqual(5_000n);
    expect(chunk!.description).toContain('2 VCU blocks');
  });

  it('reads a company’s whole history in chunks as its list shows it: records, chain transfers, fees (the data export)', async () => {
    const deps = transactionsDepsOf(harness.app);
    const read = async (who: SignedIn, companyId: string) => {
      const reader = { tenantId: who.result.tenant.id, companyId: who.result.company.id, userId: who.result.user.id, role: who.result.user.role };
      const entries: TransactionView[] = [];
      for await (const chunk of companyTransactionPages(deps, reader, companyId)) entries.push(...chunk);
      return entries.sort((a, b) => a.id.localeCompare(b.id));
    };
    const byId = (items: readonly TransactionView[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    const verde = await read(verdeAdmin, verdeAdmin.result.company.id);
    // A mint, a batch chunk, a burn and a transfer sent; the mint-to and the batch's own chain transactions are the records', not transfers.
    expect(verde.map((entry) => entry.type).sort()).toEqual(['burn', 'mint', 'mint', 'sent']);
    expect(verde).toEqual(byId((await list(verdeAdmin)).items));
    expect(await read(otherCompanyAdmin, otherCompanyId)).toEqual(byId((await list(otherCompanyAdmin)).items));
    expect(await read(platformAdmin, otherCompanyId)).toEqual(byId((await list(otherCompanyAdmin)).items));
    await expect(read(otherCompanyAdmin, verdeAdmin.result.company.id)).rejects.toMatchObject({ code: 'ACCESS_DENIED' });
  });

  it.each([
    ['?type=swap', 'type'],
    ['?status=done', 'status'],
    ['?pageSize=1000', 'pageSize'],
    ['?page=0', 'page'],
    ['?companyId=not-a-uuid', 'companyId'],
  ])('answers 400 in the envelope for %s', async (query, field) => {
    const response = await get(`/api/v1/transactions${query}`, verdeAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await get('/api/v1/transactions/not%20an%20id', verdeAdmin)).statusCode).toBe(400);
    expect((await get(`/api/v1/transactions/mint-${randomUUID()}`, verdeAdmin)).statusCode).toBe(404);
  });
});
