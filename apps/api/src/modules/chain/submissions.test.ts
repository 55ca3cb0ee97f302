import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner, getBase64Encoder, getTransactionDecoder, signBytes, type Address, type KeyPairSigner } from '@solana/kit';
import {
  buildTransactionMessage,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  isEmbeddedChain,
  getMintTokensInstruction,
  certificateMintLayout,
  getRetireWithCertificateInstructionsAsync,
  projectMintLayout,
  signatureOf,
  signTransaction,
  getMemoInstruction,
  getThawTokenAccountInstruction,
  toWireTransaction,
} from '@carbonledger/chain';
import { fundedSigner } from '@carbonledger/chain/testing';
import { getTransferSolInstruction } from '@solana-program/system';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eq } from 'drizzle-orm';
import { chainSubmissions, tenants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  fundPlatformKeysLocally,
  getSubmission,
  prepareTransaction,
  sendPlatformTransaction,
  submitTransaction,
  type ChainContext,
} from './submissions.service';
import { createTenantForTests } from '../tenants/tenants.testing';
import { markSent } from './submissions.repository';
import { requestTrackingPass } from './submissions.jobs';

/** What a browser wallet does: sign the message bytes and put the signature in its slot. */
async function walletSigns(wallet: KeyPairSigner, unsignedTxBase64: string): Promise<string> {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(unsignedTxBase64));
  const signature = await signBytes(wallet.keyPair.privateKey, transaction.messageBytes);
  return toWireTransaction({ ...transaction, signatures: { ...transaction.signatures, [wallet.address]: signature } });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('prepare, sign in the wallet, submit', () => {
  let harness: TestApp;
  let context: ChainContext;
  let tenantId: string;
  let mint: Address;

  /** The approval transaction: the wallet opens its token account and pays; the platform freeze key thaws it. */
  const prepareApproval = (wallet: Address) =>
    prepareTransaction(context, {
      tenantId,
      kind: 'wallet.approve',
      wallet,
      reference: { purpose: 'test' },
      build: async ({ wallet: walletSigner, platform }) => [
        await getCreateHolderTokenAccountInstructionAsync({ payer: walletSigner, owner: wallet, mint }),
        getThawTokenAccountInstruction({ account: await findHolderTokenAccount(wallet, mint), mint, freezeAuthority: platform.freeze }),
      ],
    });

  beforeAll(async () => {
    harness = await createTestApp();
    context = harness.app.chainContext;
    tenantId = (await harness.app.db.asSystem((tx) => tx.select().from(tenants)))[0]!.id;
    await fundPlatformKeysLocally(context, tenantId);
    const mintSigner = await generateKeyPairSigner();
    mint = mintSigner.address;
    const metadata = { name: 'Submission Test Project', symbol: 'SUBT', uri: 'https://carbonledger.test/subt.json' };
    const created = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'project.mint.create',
      feePayer: 'issuer',
      build: async (platform) =>
        getCreateProjectMintInstructions({
          payer: platform.issuer,
          mint: mintSigner,
          issuer: platform.issuer,
          freezeAuthority: platform.freeze.address,
          metadata,
          mintLamports: await context.chain.getMinimumBalanceForRentExemption(projectMintLayout(metadata).finalSize),
        }),
    });
    expect(created.status).toBe('confirmed');
  });
  afterAll(() => harness.close());

  it('records the prepared transaction, then confirms it once the wallet has signed', async () => {
    const wallet = await fundedSigner(context.chain);
    const prepared = await prepareApproval(wallet.address);
    expect(await getSubmission(context, tenantId, prepared.transactionId)).toMatchObject({ status: 'pending' });

    const signedTxBase64 = await walletSigns(wallet, prepared.unsignedTxBase64);
    const result = await submitTransaction(context, { tenantId, transactionId: prepared.transactionId, signedTxBase64 });
    expect(result).toMatchObject({ transactionId: prepared.transactionId, status: 'confirmed', error: null });
    expect(await context.chain.getTokenAccount(await findHolderTokenAccount(wallet.address, mint))).toMatchObject({ owner: wallet.address, frozen: false });
    const [recorded] = await harness.app.db.asSystem((tx) => tx.select().from(chainSubmissions).where(eq(chainSubmissions.id, prepared.transactionId)));
    expect(recorded).toMatchObject({ status: 'confirmed', commitment: 'confirmed' });

    const again = await submitTransaction(context, { tenantId, transactionId: prepared.transactionId, signedTxBase64 });
    expect(again).toEqual(result);
  });

  it('refuses a signed transaction whose message differs from the prepared one, and sends nothing', async () => {
    const wallet = await fundedSigner(context.chain);
    const prepared = await prepareApproval(wallet.address);
    const platformFreeze = (await harness.app.db.withTenant(tenantId, (tx) => context.keyring.signers(tx, tenantId))).freeze;
    const other = await signTransaction(
      buildTransactionMessage({
        feePayer: wallet,
        lifetime: await context.chain.getLatestBlockhash(),
        instructions: [getThawTokenAccountInstruction({ account: await findHolderTokenAccount(wallet.address, mint), mint, freezeAuthority: platformFreeze })],
      }),
    );
    const error = await rejection(submitTransaction(context, { tenantId, transactionId: prepared.transactionId, signedTxBase64: toWireTransaction(other) }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields?.signedTxBase64?.[0]).toMatch(/does not match the prepared transaction/);
    expect(await getSubmission(context, tenantId, prepared.transactionId)).toMatchObject({ status: 'pending' });
    expect(await context.chain.getAccountInfo(await findHolderTokenAccount(wallet.address, mint))).toBeNull();
  });

  it('refuses the prepared bytes without the wallet signature, and bytes that are not a transaction', async () => {
    const wallet = await fundedSigner(context.chain);
    const prepared = await prepareApproval(wallet.address);
    const unsigned = await rejection(
      submitTransaction(context, { tenantId, transactionId: prepared.transactionId, signedTxBase64: prepared.unsignedTxBase64 }),
    );
    expect(unsigned.fields?.signedTxBase64?.[0]).toBe(`The transaction must be signed by wallet ${wallet.address}`);
    const garbage = await rejection(
      submitTransaction(context, { tenantId, transactionId: prepared.transactionId, signedTxBase64: 'bm90IGEgdHJhbnNhY3Rpb24=' }),
    );
    expect(garbage.code).toBe('VALIDATION_ERROR');
  });

  it('refuses and records as expired a transaction signed after its blockhash expired', async () => {
    const wallet = await fundedSigner(context.chain);
    const prepared = await prepareApproval(wallet.address);
    if (!isEmbeddedChain(context.chain)) throw new Error('the test app runs the embedded chain');
    context.chain.advanceBlocks(151);
    const error = await rejection(
      submitTransaction(context, { tenantId, transactionId: prepared.transactionId, signedTxBase64: await walletSigns(wallet, prepared.unsignedTxBase64) }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'The prepared transaction has expired. Please prepare it again.' });
    expect(error).toMatchObject({ reason: 'CHAIN__PREPARED_TRANSACTION_EXPIRED' });
    expect(await getSubmission(context, tenantId, prepared.transactionId)).toMatchObject({ status: 'expired' });
  });

  it('resumes a submission a crash left as sent: the tracker job sends the stored bytes and records the confirmation', async () => {
    const wallet = await fundedSigner(context.chain);
    const prepared = await prepareApproval(wallet.address);
    const signedTxBase64 = await walletSigns(wallet, prepared.unsignedTxBase64);
    const signature = signatureOf(getTransactionDecoder().decode(getBase64Encoder().encode(signedTxBase64)));
    // Exactly what submit records before the bytes leave, without the send the crash prevented.
    await harness.app.db.withTenant(tenantId, (tx) => markSent(tx, prepared.transactionId, { signature, signedTxBase64 }));
    expect(await context.chain.getSignatureStatuses([signature])).toEqual([null]);

    await requestTrackingPass(harness.app);
    const deadline = Date.now() + 20_000;
    let status = (await getSubmission(context, tenantId, prepared.transactionId)).status;
    while (status === 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await getSubmission(context, tenantId, prepared.transactionId)).status;
    }
    expect(status).toBe('confirmed');
    expect(await context.chain.getTokenAccount(await findHolderTokenAccount(wallet.address, mint))).toMatchObject({ frozen: false });
  });

  it('approves a wallet with platform keys alone, then retires from it with a certificate the wallet signs and the issuer co-signs', async () => {
    const holder = await fundedSigner(context.chain);
    const account = await findHolderTokenAccount(holder.address, mint);
    const approval = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'wallet.approve',
      feePayer: 'freeze',
      build: async (platform) => [
        await getCreateHolderTokenAccountInstructionAsync({ payer: platform.freeze, owner: holder.address, mint }),
        getThawTokenAccountInstruction({ account, mint, freezeAuthority: platform.freeze }),
      ],
    });
    expect(approval.status).toBe('confirmed');
    const minted = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'mint',
      feePayer: 'issuer',
      build: (platform) => [getMintTokensInstruction({ mint, destination: account, issuer: platform.issuer, amount: 25n, decimals: 0 })],
    });
    expect(minted.status).toBe('confirmed');

    const certificateMint = await generateKeyPairSigner();
    const metadata = {
      name: 'Retirement certificate',
      symbol: 'CLCERT',
      uri: 'https://carbonledger.test/retirements/r-42.json',
      additionalFields: [['retirementId', 'r-42']] as [string, string][],
    };
    const prepared = await prepareTransaction(context, {
      tenantId,
      kind: 'retirement',
      wallet: holder.address,
      build: async ({ wallet, platform }) =>
        getRetireWithCertificateInstructionsAsync({
          account,
          projectMint: mint,
          decimals: 0,
          burnAuthority: wallet,
          amount: 10n,
          memo: 'carbonledger:retirement:r-42',
          certificate: {
            payer: wallet,
            certificateMint,
            issuer: platform.issuer,
            holder: holder.address,
            metadata,
            mintLamports: await context.chain.getMinimumBalanceForRentExemption(certificateMintLayout(metadata).finalSize),
          },
        }),
    });
    const result = await submitTransaction(context, {
      tenantId,
      transactionId: prepared.transactionId,
      signedTxBase64: await walletSigns(holder, prepared.unsignedTxBase64),
    });
    expect(result.status).toBe('confirmed');
    expect(await context.chain.getTokenAccount(account)).toMatchObject({ amount: 15n });
    expect(await context.chain.getMint(certificateMint.address)).toMatchObject({ supply: 1n, mintAuthority: null });
  });

  it("keeps one tenant's submissions out of another's reach", async () => {
    const wallet = await fundedSigner(context.chain);
    const prepared = await prepareApproval(wallet.address);
    const otherTenantId = (await createTenantForTests(harness.app.db, 'other-chain')).tenantId;
    const error = await rejection(getSubmission(context, otherTenantId, prepared.transactionId));
    expect(error.code).toBe('NOT_FOUND');
    const submit = await rejection(
      submitTransaction(context, {
        tenantId: otherTenantId,
        transactionId: prepared.transactionId,
        signedTxBase64: await walletSigns(wallet, prepared.unsignedTxBase64),
      }),
    );
    expect(submit.code).toBe('NOT_FOUND');
  });

  it('funds a platform fee payer from the local faucet when the chain is embedded', async () => {
    const { freeze } = await harness.app.db.withTenant(tenantId, (tx) => context.keyring.signers(tx, tenantId));
    const balance = await context.chain.getBalance(freeze.address);
    const drain = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'test.drain',
      feePayer: 'freeze',
      build: (platform) => [getTransferSolInstruction({ source: platform.freeze, destination: platform.issuer.address, amount: balance - 1_000_000n })],
    });
    expect(drain.status).toBe('confirmed');
    expect(await context.chain.getBalance(freeze.address)).toBeLessThan(1_000_000n);
    const next = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'test.after-drain',
      feePayer: 'freeze',
      build: (platform) => [getTransferSolInstruction({ source: platform.freeze, destination: platform.issuer.address, amount: 1_000_000n })],
    });
    expect(next.status).toBe('confirmed');
  });

  it('records and sends nothing when mayRecord answers false, in the transaction that would record it', async () => {
    const reference = { purpose: `may-record-${Date.now()}` };
    const { issuer } = await harness.app.db.withTenant(tenantId, (tx) => context.keyring.signers(tx, tenantId));
    const lamportsBefore = await context.chain.getBalance(issuer.address);
    const result = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'test.may-record',
      feePayer: 'issuer',
      reference,
      build: () => [getMemoInstruction('carbonledger:test:may-record')],
      mayRecord: async (tx) => (await tx.select().from(chainSubmissions).where(eq(chainSubmissions.kind, 'test.may-record'))).length > 0,
    });
    expect(result).toBeNull();
    const recorded = await harness.app.db.withTenant(tenantId, (tx) => tx.select().from(chainSubmissions).where(eq(chainSubmissions.kind, 'test.may-record')));
    expect(recorded).toEqual([]);
    expect(await context.chain.getBalance(issuer.address)).toBe(lamportsBefore);
  });

  it('commits what onConfirmed writes with the confirmation, and leaves the submission sent when it fails', async () => {
    const written: string[] = [];
    const confirmed = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'test.on-confirmed',
      feePayer: 'issuer',
      build: () => [getMemoInstruction(`carbonledger:test:on-confirmed:${Date.now()}`)],
      onConfirmed: async (tx, result) => {
        const [row] = await tx.select().from(chainSubmissions).where(eq(chainSubmissions.id, result.transactionId));
        written.push(row!.status);
      },
    });
    expect(confirmed.status).toBe('confirmed');
    // It ran in the transaction that marked the submission confirmed.
    expect(written).toEqual(['confirmed']);

    await expect(
      sendPlatformTransaction(context, {
        tenantId,
        kind: 'test.on-confirmed',
        feePayer: 'issuer',
        build: () => [getMemoInstruction(`carbonledger:test:on-confirmed-crash:${Date.now()}`)],
        onConfirmed: () => Promise.reject(new Error('killed while recording')),
      }),
    ).rejects.toThrow('killed while recording');
    const statuses = (
      await harness.app.db.withTenant(tenantId, (tx) => tx.select().from(chainSubmissions).where(eq(chainSubmissions.kind, 'test.on-confirmed')))
    ).map((row) => row.status);
    expect(statuses.sort()).toEqual(['confirmed', 'sent']);
  });

  it('records a platform transaction the chain refuses as failed, with the reason', async () => {
    const stranger = await generateKeyPairSigner();
    const result = await sendPlatformTransaction(context, {
      tenantId,
      kind: 'wallet.thaw',
      feePayer: 'freeze',
      build: async (platform) => [
        getThawTokenAccountInstruction({ account: await findHolderTokenAccount(stranger.address, mint), mint, freezeAuthority: platform.freeze }),
      ],
    });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/instruction 0 failed/);
    expect(await getSubmission(context, tenantId, result.transactionId)).toMatchObject({ status: 'failed', signature: result.signature });
  });
});
