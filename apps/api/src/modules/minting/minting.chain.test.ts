import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs } from '../auth/auth.testing';
import { ensureProjectMint, mintToOnce } from './minting.chain';
import { approvedWallet, supplyOf } from './minting.testing';

describe('minting on chain', () => {
  let harness: TestApp;
  let tenantId: string;
  let owner: string;

  beforeAll(async () => {
    harness = await createTestApp();
    const member = await signInAs(harness.app, 'companyadmin@demo.test');
    const admin = await signInAs(harness.app, 'admin@demo.test');
    tenantId = member.result.tenant.id;
    owner = (await approvedWallet(harness.app, member, admin)).wallet.address;
  });
  afterAll(() => harness.close());

  it('creates one mint per project and vintage, and mints once per reference even for identical amounts in the same block', async () => {
    const spec = {
      tenantId,
      registry: 'sandbox' as const,
      projectId: '2250',
      vintage: 2022,
      name: 'Bahia Solar 2022',
      symbol: 'BAS22',
      decimals: 0,
      metadataFor: () => ({ name: 'Bahia Solar 2022', symbol: 'BAS22', uri: '', additionalFields: [['projectId', '2250']] as const }),
      createdBy: null,
    };
    const [first, second] = await Promise.all(
      [ensureProjectMint(harness.app.chainContext, spec), ensureProjectMint(harness.app.chainContext, spec)].map((p) => p.catch((error: Error) => error)),
    );
    const created = [first, second].find((result) => !(result instanceof Error));
    expect(created).toBeDefined();
    const mint = (created as { mintAddress: string }).mintAddress;
    expect((await ensureProjectMint(harness.app.chainContext, spec)).mintAddress).toBe(mint);

    const request = { tenantId, mint, owner, amount: 100n, decimals: 0, createdBy: null };
    const [a, b] = await Promise.all([
      mintToOnce(harness.app.chainContext, { ...request, mintReference: 'ref-a' }),
      mintToOnce(harness.app.chainContext, { ...request, mintReference: 'ref-b' }),
    ]);
    expect(a.signature).not.toBe(b.signature);
    expect(await supplyOf(harness.app, mint)).toBe(200n);

    const again = await mintToOnce(harness.app.chainContext, { ...request, mintReference: 'ref-a' });
    expect(again.signature).toBe(a.signature);
    expect(await supplyOf(harness.app, mint)).toBe(200n);
  });
});
