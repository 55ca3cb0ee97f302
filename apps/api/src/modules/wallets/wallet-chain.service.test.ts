import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import {
  getBurnWithMemoInstructions,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  customErrorCode,
  findHolderTokenAccount,
  getMintTokensInstruction,
  projectMintLayout,
  getTransferTokensInstruction,
  type SendOutcome,
} from '@carbonledger/chain';
import { execute, executeOrThrow, fundedSigner } from '@carbonledger/chain/testing';
import { walletTexts, type CompanyWalletDetail } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { fundPlatformKeysLocally, type PlatformSigners } from '../chain';
import { recordTokenMint } from './token-mints.repository';
import { openMintForApprovedWallets } from './wallet-chain.service';
import { decide, registerNewWallet } from './wallets.testing';

const ACCOUNT_FROZEN = 17;
const frozenError = (outcome: SendOutcome) => customErrorCode(outcome.status === 'failed' ? outcome.err : null);

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let tenantId: string;
let platform: PlatformSigners;
let payer: KeyPairSigner;

/** A real project mint of the tenant: Token-2022, DefaultAccountState=Frozen, the tenant's platform issuer and freeze keys. */
async function createTenantMint(symbol: string): Promise<Address> {
  const mint = await generateKeyPairSigner();
  const metadata = { name: `Project ${symbol}`, symbol, uri: `https://carbonledger.test/${symbol}.json` };
  const mintLamports = await harness.app.chain.getMinimumBalanceForRentExemption(projectMintLayout(metadata).finalSize);
  await executeOrThrow(
    harness.app.chain,
    payer,
    getCreateProjectMintInstructions({ payer, mint, issuer: platform.issuer, freezeAuthority: platform.freeze.address, metadata, mintLamports }),
  );
  await harness.app.db.withTenant(tenantId, (tx) =>
    recordTokenMint(tx, { tenantId, projectReference: `VCS-${symbol}`, mintAddress: mint.address, symbol, name: metadata.name, decimals: 0 }),
  );
  return mint.address;
}

// Amounts differ between calls: an identical transaction in the same block would be the same transaction.
const mintTo = (mint: Address, destination: Address, amount: bigint) =>
  execute(harness.app.chain, payer, [getMintTokensInstruction({ mint, destination, issuer: platform.issuer, amount, decimals: 0 })]);

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  tenantId = companyAdmin.result.tenant.id;
  platform = await harness.app.db.withTenant(tenantId, (tx) => harness.app.platformKeys.signers(tx, tenantId));
  await fundPlatformKeysLocally(harness.app.chainContext, tenantId);
  payer = await fundedSigner(harness.app.chain);
});
afterAll(() => harness.close());

describe('approval is enforced on chain', () => {
  it("a pending wallet's account cannot receive, transfer or burn; after approval it can; after suspension it cannot again", async () => {
    const mint = await createTenantMint('CRF23');
    const holder = await registerNewWallet(harness.app, companyAdmin, 'Holder');
    const counterparty = await registerNewWallet(harness.app, companyAdmin, 'Counterparty');
    expect((await decide(harness.app, admin, counterparty.wallet.id, 'approve')).json().data.status).toBe('active');
    const holderAccount = await findHolderTokenAccount(holder.key.address, mint);
    const counterpartyAccount = await findHolderTokenAccount(counterparty.key.address, mint);
    await harness.app.chain.airdrop(holder.key.address, 1_000_000_000n);

    // Pending: anyone can open the account, but it is born frozen and nothing moves.
    await executeOrThrow(harness.app.chain, payer, [await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.key.address, mint })]);
    expect(await harness.app.chain.getTokenAccount(holderAccount)).toMatchObject({ frozen: true });
    expect(frozenError(await mintTo(mint, holderAccount, 99n))).toBe(ACCOUNT_FROZEN);
    const transfer = (amount: bigint) =>
      execute(harness.app.chain, holder.key, [
        getTransferTokensInstruction({ source: holderAccount, destination: counterpartyAccount, mint, authority: holder.key, amount, decimals: 0 }),
      ]);
    const burn = (amount: bigint, memo: string) =>
      execute(harness.app.chain, holder.key, getBurnWithMemoInstructions({ account: holderAccount, mint, authority: holder.key, amount, decimals: 0, memo }));
    expect(frozenError(await transfer(1n))).toBe(ACCOUNT_FROZEN);
    expect(frozenError(await burn(1n, 'carbonledger:retirement:pending'))).toBe(ACCOUNT_FROZEN);

    // Approved by an administrator: the platform freeze key thawed it.
    const approved = await decide(harness.app, admin, holder.wallet.id, 'approve');
    expect(approved.json().data.status).toBe('active');
    expect(await harness.app.chain.getTokenAccount(holderAccount)).toMatchObject({ frozen: false });
    expect((await mintTo(mint, holderAccount, 100n)).status).toBe('confirmed');
    expect((await transfer(10n)).status).toBe('confirmed');
    expect((await burn(5n, 'carbonledger:retirement:approved')).status).toBe('confirmed');
    expect(await harness.app.chain.getTokenAccount(holderAccount)).toMatchObject({ amount: 85n });
    expect(await harness.app.chain.getTokenAccount(counterpartyAccount)).toMatchObject({ amount: 10n, frozen: false });

    // Suspended: frozen again, on chain.
    expect((await decide(harness.app, admin, holder.wallet.id, 'suspend', 'Compliance review')).json().data.status).toBe('suspended');
    expect(await harness.app.chain.getTokenAccount(holderAccount)).toMatchObject({ frozen: true });
    expect(frozenError(await transfer(2n))).toBe(ACCOUNT_FROZEN);
    expect(frozenError(await burn(3n, 'carbonledger:retirement:suspended'))).toBe(ACCOUNT_FROZEN);
    expect(frozenError(await mintTo(mint, holderAccount, 7n))).toBe(ACCOUNT_FROZEN);

    // The detail reads it all from the chain; removal is refused while tokens are held.
    const detail = (await harness.app.inject({ url: `/api/v1/wallets/${holder.wallet.id}`, headers: companyAdmin.headers })).json().data as CompanyWalletDetail;
    expect(detail.balances).toEqual([{ mint, account: holderAccount, symbol: 'CRF23', tokenName: 'Project CRF23', amount: '85', decimals: 0, frozen: true }]);
    expect(detail.allowedMints).toContainEqual({ mint, symbol: 'CRF23', tokenName: 'Project CRF23' });
    const remove = await harness.app.inject({ method: 'DELETE', url: `/api/v1/wallets/${holder.wallet.id}`, headers: companyAdmin.headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(walletTexts.stillHoldsTokens);
    expect(remove.json().error.reason).toBe('WALLET__STILL_HOLDS_TOKENS');

    // Reactivated: thawed again.
    expect((await decide(harness.app, admin, holder.wallet.id, 'reactivate')).json().data.status).toBe('active');
    expect((await transfer(4n)).status).toBe('confirmed');
  });

  it('a new mint is opened for every approved wallet of the tenant, and only for them', async () => {
    const approved = await registerNewWallet(harness.app, companyAdmin, 'Approved');
    const pending = await registerNewWallet(harness.app, companyAdmin, 'Pending');
    await decide(harness.app, admin, approved.wallet.id, 'approve');
    const mint = await createTenantMint('NEW24');
    const submissions = await openMintForApprovedWallets(harness.app.chainContext, tenantId, mint);
    expect(submissions.every((submission) => submission.status === 'confirmed')).toBe(true);
    expect(await harness.app.chain.getTokenAccount(await findHolderTokenAccount(approved.key.address, mint))).toMatchObject({ frozen: false });
    expect(await harness.app.chain.getTokenAccount(await findHolderTokenAccount(pending.key.address, mint))).toBeNull();
    expect(await openMintForApprovedWallets(harness.app.chainContext, tenantId, mint)).toEqual([]);
  });
});
