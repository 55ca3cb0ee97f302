import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { address } from '@solana/kit';
import {
  insufficientBalanceText,
  mintingTexts,
  mintOperationSchema,
  mintPreviewSchema,
  portfolioSchema,
  registryTexts,
  tokenMetadataDocumentSchema,
  type ExecuteMintResult,
  type MintPreview,
  type Vcu,
} from '@carbonledger/contracts';
import { mintOperations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { registerNewWallet } from '../wallets/wallets.testing';
import { approvedWallet, freeSubranges, importSerials, supplyOf, vcusOf } from './minting.testing';

const WIND_PROJECT = '3107';

describe('minting API: preview, execute, approval hook, history and portfolio', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let admin: SignedIn;
  let otherTenant: SignedIn;
  let walletId: string;
  let walletAddress: string;
  let importedSerials: string[];
  /** Units of the wind project's 2023 vintage that the registry still has free (nobody imported them). */
  let freeInRegistry: bigint;

  const post = (url: string, who: SignedIn, payload: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, headers: { ...who.headers, ...headers }, payload: payload as Record<string, unknown> });
  const get = (url: string, who: SignedIn) => harness.app.inject({ method: 'GET', url, headers: { authorization: who.headers.authorization! } });
  const previewBody = (overrides: Record<string, unknown> = {}) => ({
    projectId: WIND_PROJECT,
    vintage: 2023,
    quantity: '300',
    tokenName: 'Texas Wind 2023',
    symbol: 'TXW23',
    walletId,
    ...overrides,
  });
  const previewOf = async (overrides: Record<string, unknown> = {}) => {
    const response = await post('/api/v1/minting/preview', companyAdmin, previewBody(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as MintPreview;
  };
  const execute = (previewId: string, key: string | null = randomUUID()) =>
    post('/api/v1/minting/execute', companyAdmin, { previewId }, key ? { 'idempotency-key': key } : {});

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    admin = await signInAs(harness.app, 'admin@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'mintbeta');
    otherTenant = await signInAs(harness.app, beta.email);
    const { wallet } = await approvedWallet(harness.app, companyAdmin, admin);
    walletId = wallet.id;
    walletAddress = wallet.address;
    const actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id };
    importedSerials = await freeSubranges(harness.app, companyAdmin, WIND_PROJECT, 4, 250n);
    await importSerials(harness.app, actor, importedSerials);
    const registryBlocks = (await get(`/api/v1/projects/${WIND_PROJECT}/vcus`, companyAdmin)).json().data as Vcu[];
    freeInRegistry = registryBlocks.filter((vcu) => vcu.status === 'not_imported' && vcu.vintage === '2023').reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n);
  });
  afterAll(() => harness.close());

  describe('POST /api/v1/minting/preview', () => {
    it('checks project, quantity, token, wallet and answers fees read from the chain', async () => {
      const preview = await previewOf();
      expect(mintPreviewSchema.safeParse(preview).success).toBe(true);
      expect(preview).toMatchObject({
        valid: true,
        vintage: 2023,
        quantity: '300',
        availableQuantity: (1000n + freeInRegistry).toString(),
        project: { id: WIND_PROJECT, registry: 'sandbox' },
        token: { existingMint: null, willCreateMint: true, decimals: 0, method: 'non-custodial' },
        wallet: { id: walletId, address: walletAddress, approved: true },
        payer: { role: 'platform_issuer', sufficient: true },
        requiresApproval: false,
        approvalLimit: '10000',
      });
      const fees = preview.fees;
      expect(BigInt(fees.tokenCreation)).toBeGreaterThan(0n);
      expect(BigInt(fees.associatedTokenAccount)).toBe(await harness.app.chain.getMinimumBalanceForRentExemption(170));
      expect(fees.transaction).toBe('20000');
      expect(BigInt(fees.total)).toBe(BigInt(fees.tokenCreation) + BigInt(fees.transaction) + BigInt(fees.associatedTokenAccount));
      expect(BigInt(preview.payer.balance)).toBeGreaterThanOrEqual(BigInt(fees.total));
    });

    it('refuses an unknown project with the registry text', async () => {
      const response = await post('/api/v1/minting/preview', companyAdmin, previewBody({ projectId: '999999' }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: registryTexts.projectNotFound, error: { code: 'NOT_FOUND' } });
    });

    it('caps the quantity at the credits of the project and vintage: imported by the company plus free in the registry', async () => {
      const available = 1000n + freeInRegistry;
      const response = await post('/api/v1/minting/preview', companyAdmin, previewBody({ quantity: (available + 1n).toString() }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(mintingTexts.quantityUnavailable);
      expect(response.json().error.fields.quantity[0]).toContain(`At most ${available} tCO2e`);
    });

    it('refuses a wallet that is not approved for minting', async () => {
      const { wallet } = await registerNewWallet(harness.app, companyAdmin, 'Pending');
      const response = await post('/api/v1/minting/preview', companyAdmin, previewBody({ walletId: wallet.id }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: mintingTexts.walletNotApproved, error: { fields: { walletId: [mintingTexts.walletNotApproved] } } });
    });

    it.each([
      [{ tokenName: '' }, 'tokenName'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: '12.5' }, 'quantity'],
      [{ symbol: 'no spaces!' }, 'symbol'],
      [{ decimals: 12 }, 'decimals'],
    ])('answers a field error for %j', async (overrides, field) => {
      const response = await post('/api/v1/minting/preview', companyAdmin, previewBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    });

    it('checks the balance of the key that pays the fees, not of the receiving wallet: an external wallet without SOL still receives', async () => {
      const { wallet } = await approvedWallet(harness.app, companyAdmin, admin, 'Unfunded', { funded: false });
      const preview = await previewOf({ walletId: wallet.id });
      expect(preview.wallet.balance).toBe('0');
      expect(preview.payer.sufficient).toBe(true);
      expect(preview.valid).toBe(true);
      expect(preview.checks.balance.ok).toBe(true);
      expect(preview.checks.balance.message).toContain('available to the platform fee payer');
      expect(preview.checks.balance.message).not.toContain('Insufficient');
    });

    it('refuses when the fee payer cannot cover the fees, naming it, and execution is refused', async () => {
      const issuer = (await previewOf()).payer.address;
      const chain = harness.app.chain;
      const realBalance = chain.getBalance.bind(chain);
      const drained = vi.spyOn(chain, 'getBalance').mockImplementation(async (owner) => (owner === issuer ? 0n : realBalance(owner)));
      try {
        const preview = await previewOf();
        expect(preview.valid).toBe(false);
        expect(preview.payer).toMatchObject({ balance: '0', sufficient: false });
        expect(preview.checks.balance).toEqual({ ok: false, message: `Platform fee payer: ${insufficientBalanceText(BigInt(preview.fees.total), 0n)}` });
        const refused = await execute(preview.previewId);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.reason).toBe('MINTING__INSUFFICIENT_BALANCE');
      } finally {
        drained.mockRestore();
      }
    });

    it('needs tokens:mint', async () => {
      const viewer = await signInAs(harness.app, 'viewer@demo.test');
      expect((await post('/api/v1/minting/preview', viewer, previewBody())).statusCode).toBe(403);
    });
  });

  describe('POST /api/v1/minting/execute', () => {
    let completed: ExecuteMintResult;
    let key: string;

    it('requires an Idempotency-Key and a reviewed preview', async () => {
      const preview = await previewOf();
      expect((await execute(preview.previewId, null)).statusCode).toBe(400);
      const unknown = await execute(randomUUID());
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json().message).toBe(mintingTexts.cannotExecute);
      expect(unknown.json().error).toMatchObject({ code: 'CONFLICT', reason: 'MINTING__PREVIEW_NOT_EXECUTABLE' });
    });

    it('creates the project mint, mints to the approved wallet and records everything once: chain supply = operation = tokenised VCUs', async () => {
      const preview = await previewOf();
      key = randomUUID();
      const response = await execute(preview.previewId, key);
      expect(response.statusCode, response.body).toBe(200);
      completed = response.json().data as ExecuteMintResult;
      expect(mintOperationSchema.safeParse(completed.operation).success).toBe(true);
      expect(completed.operation).toMatchObject({ status: 'completed', quantity: '300', walletAddress, approvalRequestId: null });
      expect(completed.operation.explorerUrl).toContain(completed.operation.signature!);
      expect(completed.operation.serialNumbers).toEqual([
        importedSerials[0],
        importedSerials[1]!.replace(/-(\d+)-(\d+)-VCS/, (_m, start: string) => `-${start}-${BigInt(start) + 49n}-VCS`),
      ]);

      const mint = completed.operation.mintAddress!;
      expect(await supplyOf(harness.app, mint)).toBe(300n);
      const tokenised = (await vcusOf(harness.app, companyAdmin, '?status=tokenised')).filter((vcu) => vcu.mintAddress === mint);
      expect(tokenised.reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n)).toBe(300n);
      const available = await vcusOf(harness.app, companyAdmin, '?status=available');
      expect(available.filter((vcu) => vcu.projectId === WIND_PROJECT).reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n)).toBe(700n);

      const history = await get('/api/v1/minting/operations', companyAdmin);
      expect(history.json().data.map((operation: { id: string }) => operation.id)).toContain(completed.operation.id);
      const one = await get(`/api/v1/minting/operations/${completed.operation.id}`, companyAdmin);
      expect(one.json().data).toEqual(completed.operation);
    });

    it('the on-chain metadata uri serves the registry facts and the serial ranges behind the supply, without sign-in', async () => {
      const mint = completed.operation.mintAddress!;
      const onChain = await harness.app.chain.getMint(address(mint));
      const metadata = onChain!.extensions.find((extension) => extension.__kind === 'TokenMetadata');
      expect(metadata && 'uri' in metadata ? metadata.uri : null).toBe(
        `http://localhost:${harness.app.config.port}/api/v1/public/tokens/${mint}/metadata.json`,
      );

      const response = await harness.app.inject({ method: 'GET', url: `/api/v1/public/tokens/${mint}/metadata.json` });
      expect(response.statusCode, response.body).toBe(200);
      const document = tokenMetadataDocumentSchema.parse(response.json());
      expect(document).toMatchObject({ name: 'Texas Wind 2023', symbol: 'TXW23', properties: { registry: 'sandbox', projectId: WIND_PROJECT, vintage: 2023 } });
      expect(document.properties.serialRanges.map((range) => range.serialNumber)).toEqual(completed.operation.serialNumbers);
      expect(document.properties.serialRanges.reduce((sum, range) => sum + BigInt(range.units), 0n)).toBe(await supplyOf(harness.app, mint));

      expect((await harness.app.inject({ method: 'GET', url: `/api/v1/public/tokens/${walletAddress}/metadata.json` })).statusCode).toBe(404);
      expect((await harness.app.inject({ method: 'GET', url: '/api/v1/public/tokens/not-an-address/metadata.json' })).statusCode).toBe(400);
    });

    it('a replay with the same key answers the same result without minting again', async () => {
      const replay = await execute(await previewIdOf(completed.operation.id), key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().data).toEqual(completed);
      expect(await supplyOf(harness.app, completed.operation.mintAddress!)).toBe(300n);
    });

    it('executing the same preview again with another key answers the finished operation, no second mint', async () => {
      const again = await execute(await previewIdOf(completed.operation.id));
      expect(again.statusCode).toBe(200);
      expect(again.json().data.operation).toMatchObject({ id: completed.operation.id, status: 'completed' });
      expect(await supplyOf(harness.app, completed.operation.mintAddress!)).toBe(300n);
    });

    it('a second preview finds the existing mint and adds to it', async () => {
      const preview = await previewOf({ quantity: 100 });
      expect(preview.token).toMatchObject({ existingMint: completed.operation.mintAddress, willCreateMint: false });
      expect(preview.fees.tokenCreation).toBe('0');
      const response = await execute(preview.previewId);
      expect(response.json().data.operation).toMatchObject({ status: 'completed', mintAddress: completed.operation.mintAddress });
      expect(await supplyOf(harness.app, completed.operation.mintAddress!)).toBe(400n);
    });

    it('the same serials cannot be imported (and so tokenised) again', async () => {
      const response = await post('/api/v1/vcus/import', companyAdmin, { serialNumber: importedSerials[0] });
      expect(response.statusCode).toBe(409);
      const otherTenantTry = await post('/api/v1/vcus/import', otherTenant, { serialNumber: importedSerials[0] });
      expect(otherTenantTry.statusCode).toBe(409);
      expect(otherTenantTry.json().error.reason).toBe('REGISTRY__SERIAL_OVERLAP');
    });

    it('the portfolio reads the holding from the chain with project, vintage and value', async () => {
      const response = await get('/api/v1/portfolio', companyAdmin);
      expect(response.statusCode).toBe(200);
      const portfolio = portfolioSchema.parse(response.json().data);
      const holding = portfolio.holdings.find((item) => item.mint === completed.operation.mintAddress);
      expect(holding).toMatchObject({
        projectId: WIND_PROJECT,
        projectType: 'wind',
        vintage: 2023,
        walletAddress,
        heldAmount: '400',
        retiredAmount: '0',
        priceUsdCents: 300,
        valueUsdCents: '120000',
      });
    });
  });

  describe('minting beyond the imported VCUs', () => {
    it('imports the rest from the registry, lowest free serials first, and mints it exactly once', async () => {
      const importedLeft = (await vcusOf(harness.app, companyAdmin, `?status=available&projectId=${WIND_PROJECT}`)).reduce(
        (sum, vcu) => sum + BigInt(vcu.amount),
        0n,
      );
      expect(importedLeft).toBe(600n);
      const preview = await previewOf({ quantity: (importedLeft + 50n).toString() });
      const response = await execute(preview.previewId);
      expect(response.statusCode, response.body).toBe(200);
      const operation = (response.json().data as ExecuteMintResult).operation;
      expect(operation).toMatchObject({ status: 'completed', quantity: '650' });
      expect(await supplyOf(harness.app, operation.mintAddress!)).toBe(1050n);

      const tokenised = (await vcusOf(harness.app, companyAdmin, '?status=tokenised')).filter((vcu) => operation.serialNumbers.includes(vcu.serialNumber));
      expect(tokenised.reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n)).toBe(650n);
      const registryBlocks = (await get(`/api/v1/projects/${WIND_PROJECT}/vcus`, companyAdmin)).json().data as Vcu[];
      const stillFree = registryBlocks
        .filter((vcu) => vcu.status === 'not_imported' && vcu.vintage === '2023')
        .reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n);
      expect(stillFree).toBe(freeInRegistry - 50n);
    });
  });

  async function previewIdOf(operationId: string): Promise<string> {
    const [row] = await harness.app.db.withTenant(companyAdmin.result.tenant.id, (tx) =>
      tx.select().from(mintOperations).where(eq(mintOperations.id, operationId)),
    );
    return row!.previewId!;
  }

  describe('approval hook', () => {
    it('a mint above the limit waits for an administrator, who executes it exactly once', async () => {
      const settings = await harness.app.inject({ method: 'PUT', url: '/api/v1/minting/settings', headers: admin.headers, payload: { approvalLimit: 100 } });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(
        (await harness.app.inject({ method: 'PUT', url: '/api/v1/minting/settings', headers: companyAdmin.headers, payload: { approvalLimit: 1 } })).statusCode,
      ).toBe(403);

      const preview = await previewOf({ quantity: 150 });
      expect(preview.requiresApproval).toBe(true);
      const supplyBefore = await supplyOf(harness.app, preview.token.existingMint!);
      const response = await execute(preview.previewId);
      expect(response.statusCode, response.body).toBe(202);
      const pending = response.json().data as ExecuteMintResult;
      expect(response.json().message).toBe(mintingTexts.awaitingApproval);
      expect(pending.operation.status).toBe('pending');
      expect(pending.approval).toMatchObject({
        type: 'mint',
        status: 'pending',
        credits: '150',
        projectId: WIND_PROJECT,
        level: 1,
        approverRole: 'ADMIN',
        priority: 'medium',
      });
      expect(await supplyOf(harness.app, preview.token.existingMint!)).toBe(supplyBefore);

      const approvalId = pending.approval!.id;
      expect((await post(`/api/v1/approvals/${approvalId}/approve`, companyAdmin, undefined, { 'idempotency-key': randomUUID() })).statusCode).toBe(403);
      const approved = await post(`/api/v1/approvals/${approvalId}/approve`, admin, undefined, { 'idempotency-key': randomUUID() });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.operation).toMatchObject({ status: 'completed', quantity: '150' });
      expect(approved.json().data.approval.status).toBe('approved');
      expect(await supplyOf(harness.app, preview.token.existingMint!)).toBe(supplyBefore + 150n);

      const twice = await post(`/api/v1/approvals/${approvalId}/approve`, admin, undefined, { 'idempotency-key': randomUUID() });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(mintingTexts.approvalNotPending);
      expect(twice.json().error.reason).toBe('MINTING__APPROVAL_NOT_PENDING');
      expect(await supplyOf(harness.app, preview.token.existingMint!)).toBe(supplyBefore + 150n);
    });
  });

  describe('tenant isolation', () => {
    it("another tenant sees none of this tenant's operations and cannot mint to its wallet", async () => {
      const [operation] = (await get('/api/v1/minting/operations', companyAdmin)).json().data as { id: string }[];
      expect((await get(`/api/v1/minting/operations/${operation!.id}`, otherTenant)).statusCode).toBe(404);
      expect((await get('/api/v1/minting/operations', otherTenant)).json().data).toEqual([]);
      expect((await get('/api/v1/portfolio', otherTenant)).json().data.holdings).toEqual([]);
      const betaActor = { tenantId: otherTenant.result.tenant.id, companyId: otherTenant.result.company.id, userId: otherTenant.result.user.id };
      await importSerials(harness.app, betaActor, await freeSubranges(harness.app, otherTenant, WIND_PROJECT, 1, 100n, 3));
      const response = await post('/api/v1/minting/preview', otherTenant, previewBody({ quantity: 50 }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(mintingTexts.walletNotApproved);
    });
  });

  describe('token logo', () => {
    const CID = `bafkrei${'a'.repeat(52)}`;

    it('refuses a logo address that is neither https nor a file of the product store, naming the field', async () => {
      for (const logoUrl of [
        'javascript:alert(1)',
        'http://logos.example/wind.png',
        'data:image/png;base64,AAAA',
        'https://user:secret@logos.example/wind.png',
      ]) {
        const response = await post('/api/v1/minting/preview', companyAdmin, previewBody({ quantity: 1, logoUrl }));
        expect(response.statusCode, logoUrl).toBe(400);
        expect(response.json().error.fields.logoUrl, logoUrl).toEqual([mintingTexts.logoUrlInvalid]);
      }
      expect((await post('/api/v1/minting/preview', companyAdmin, previewBody({ quantity: 1, logoUrl: 'https://logos.example/wind.png' }))).statusCode).toBe(
        200,
      );
    });

    it("publishes an uploaded logo under this deployment's own origin, whatever origin the address came with", async () => {
      const preview = await previewOf({ quantity: 1, logoUrl: `http://attacker.example/api/v1/files/${CID}` });
      const executed = await execute(preview.previewId);
      expect(executed.statusCode, executed.body).toBe(200);
      const response = await harness.app.inject({ method: 'GET', url: `/api/v1/public/tokens/${preview.token.existingMint}/metadata.json` });
      expect(tokenMetadataDocumentSchema.parse(response.json()).image).toBe(`http://localhost:${harness.app.config.port}/api/v1/files/${CID}`);
    });
  });
});
