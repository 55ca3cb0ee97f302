import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { parseVerraSerial, portfolioSchema, type ExecuteMintResult, type MintPreview } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { approvedWallet, freeSubranges, importSerials } from '../minting/minting.testing';

const SOLAR_PROJECT = '2250';

describe('GET /api/v1/portfolio', () => {
  let harness: TestApp;
  let companyAdmin: SignedIn;
  let viewer: SignedIn;
  let walletAddress: string;
  let mintAddress: string;

  const get = (who: SignedIn | null) =>
    harness.app.inject({ method: 'GET', url: '/api/v1/portfolio', headers: who ? { authorization: who.headers.authorization! } : {} });

  beforeAll(async () => {
    harness = await createTestApp();
    companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
    viewer = await signInAs(harness.app, 'viewer@demo.test');
    const admin = await signInAs(harness.app, 'admin@demo.test');
    const { wallet } = await approvedWallet(harness.app, companyAdmin, admin);
    walletAddress = wallet.address;
    const actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id };
    const serials = await freeSubranges(harness.app, companyAdmin, SOLAR_PROJECT, 1, 120n);
    await importSerials(harness.app, actor, serials);
    const parsed = parseVerraSerial(serials[0]!);
    if (!parsed.ok) throw new Error('bad sandbox serial');
    const vintage = Number(parsed.serial.vintageStart.slice(0, 4));
    const preview = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/preview',
      headers: companyAdmin.headers,
      payload: { projectId: SOLAR_PROJECT, vintage, quantity: '120', tokenName: 'Bahia Solar', symbol: 'BSOL', walletId: wallet.id },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const executed = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/minting/execute',
      headers: { ...companyAdmin.headers, 'idempotency-key': randomUUID() },
      payload: { previewId: (preview.json().data as MintPreview).previewId },
    });
    expect(executed.statusCode, executed.body).toBe(200);
    mintAddress = (executed.json().data as ExecuteMintResult).operation.mintAddress!;
  });
  afterAll(() => harness.close());

  it("answers the company's holding with a link to its wallet on the chain's explorer", async () => {
    const response = await get(companyAdmin);
    expect(response.statusCode, response.body).toBe(200);
    const portfolio = portfolioSchema.parse(response.json().data);
    const holding = portfolio.holdings.find((item) => item.mint === mintAddress);
    expect(holding).toMatchObject({ projectId: SOLAR_PROJECT, projectType: 'renewable', walletAddress, heldAmount: '120', symbol: 'BSOL', frozen: false });
    // The test app runs the embedded chain, so the explorer reads this server's /rpc.
    expect(holding!.walletExplorerUrl).toMatch(new RegExp(`^https://explorer\\.solana\\.com/address/${walletAddress}\\?cluster=custom&customUrl=http`));
    expect(portfolio.totalHeld).toBe('120');
  });

  it('leaves out the empty token accounts an approval opens for every mint', async () => {
    const admin = await signInAs(harness.app, 'admin@demo.test');
    const { wallet: second } = await approvedWallet(harness.app, companyAdmin, admin, 'Second treasury');
    const portfolio = portfolioSchema.parse((await get(companyAdmin)).json().data);
    expect(portfolio.holdings.filter((item) => item.walletAddress === second.address)).toEqual([]);
    expect(portfolio.holdings.filter((item) => item.mint === mintAddress)).toHaveLength(1);
  });

  it('shows a viewer of the same company the same holdings, and refuses a signed-out caller', async () => {
    const response = await get(viewer);
    expect(response.statusCode).toBe(200);
    expect(portfolioSchema.parse(response.json().data).holdings.map((item) => item.mint)).toContain(mintAddress);
    expect((await get(null)).statusCode).toBe(401);
  });
});
