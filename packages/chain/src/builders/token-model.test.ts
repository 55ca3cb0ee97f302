import { beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { isExtension } from '@solana-program/token-2022';
import { openEmbeddedChain, type EmbeddedChainClient } from '../drivers/embedded';
import { customErrorCode } from '../transaction-error';
import { estimateFees, projectMintFeePlan, certificateFeePlan, signatureCount } from '../fees';
import { execute, executeOrThrow, fundedSigner } from '../testing/helpers';
import { buildTransactionMessage, signTransaction } from './transaction';
import { toWireTransaction } from '../wire';
import {
  getApproveDelegateInstruction,
  getBurnWithMemoInstructions,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  getFreezeTokenAccountInstruction,
  holderAccountSize,
  getMintTokensInstruction,
  projectMintLayout,
  getRevokeDelegateInstruction,
  getThawTokenAccountInstruction,
  getTransferTokensInstruction,
  type TokenMetadataInput,
} from './token';
import { certificateMintLayout, getCreateCertificateInstructionsAsync } from './certificate';

const ACCOUNT_FROZEN = 17;
const INSUFFICIENT_FUNDS = 1;

const projectMetadata: TokenMetadataInput = {
  name: 'Cerrado Reforestation 2023',
  symbol: 'CRF23',
  uri: 'https://carbonledger.test/projects/crf23.json',
  additionalFields: [
    ['projectId', 'VCS-1234'],
    ['registry', 'Verra'],
    ['vintage', '2023'],
  ],
};

const certificateMetadata = (retirementId: string): TokenMetadataInput => ({
  name: 'Retirement certificate',
  symbol: 'CLCERT',
  uri: `https://carbonledger.test/retirements/${retirementId}.json`,
  additionalFields: [
    ['retirementId', retirementId],
    ['tonnes', '10'],
  ],
});

describe('carbon token model on the embedded chain', () => {
  let chain: EmbeddedChainClient;
  let payer: KeyPairSigner;
  let issuer: KeyPairSigner;
  let freezeKey: KeyPairSigner;
  let delegateKey: KeyPairSigner;
  let mint: KeyPairSigner;

  async function holderWithAccount(): Promise<{ holder: KeyPairSigner; account: Awaited<ReturnType<typeof findHolderTokenAccount>> }> {
    const holder = await fundedSigner(chain);
    await executeOrThrow(chain, payer, [await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: mint.address })]);
    return { holder, account: await findHolderTokenAccount(holder.address, mint.address) };
  }

  async function approvedHolderWith(amount: bigint) {
    const holding = await holderWithAccount();
    await executeOrThrow(chain, freezeKey, [getThawTokenAccountInstruction({ account: holding.account, mint: mint.address, freezeAuthority: freezeKey })]);
    await executeOrThrow(chain, payer, [getMintTokensInstruction({ mint: mint.address, destination: holding.account, issuer, amount, decimals: 0 })]);
    return holding;
  }

  beforeAll(async () => {
    chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    payer = await fundedSigner(chain);
    issuer = await fundedSigner(chain);
    freezeKey = await fundedSigner(chain);
    delegateKey = await fundedSigner(chain);
    mint = await generateKeyPairSigner();
    const mintLamports = await chain.getMinimumBalanceForRentExemption(projectMintLayout(projectMetadata).finalSize);
    await executeOrThrow(
      chain,
      payer,
      getCreateProjectMintInstructions({ payer, mint, issuer, freezeAuthority: freezeKey.address, metadata: projectMetadata, mintLamports }),
    );
  });

  it('creates the project mint with its metadata, frozen default state and platform authorities', async () => {
    const created = await chain.getMint(mint.address);
    expect(created).toMatchObject({ decimals: 0, supply: 0n, mintAuthority: issuer.address, freezeAuthority: freezeKey.address });
    const defaultState = created!.extensions.find((extension) => isExtension('DefaultAccountState', extension));
    expect(defaultState).toMatchObject({ state: 2 });
    const pointer = created!.extensions.find((extension) => isExtension('MetadataPointer', extension));
    expect(pointer).toMatchObject({ metadataAddress: { __option: 'Some', value: mint.address } });
    const metadata = created!.extensions.find((extension) => isExtension('TokenMetadata', extension));
    expect(metadata).toMatchObject({ name: projectMetadata.name, symbol: projectMetadata.symbol, uri: projectMetadata.uri });
    expect(metadata && 'additionalMetadata' in metadata ? Object.fromEntries(metadata.additionalMetadata) : null).toEqual({
      projectId: 'VCS-1234',
      registry: 'Verra',
      vintage: '2023',
    });
  });

  it('opens every holder account frozen, so nothing can be minted into it before approval', async () => {
    const { account } = await holderWithAccount();
    expect(await chain.getTokenAccount(account)).toMatchObject({ frozen: true, amount: 0n });
    const outcome = await execute(chain, payer, [getMintTokensInstruction({ mint: mint.address, destination: account, issuer, amount: 5n, decimals: 0 })]);
    expect(outcome.status).toBe('failed');
    expect(customErrorCode(outcome.status === 'failed' ? outcome.err : null)).toBe(ACCOUNT_FROZEN);
  });

  it('creating the holder account twice is harmless (idempotent)', async () => {
    const { holder, account } = await holderWithAccount();
    await executeOrThrow(chain, payer, [await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: mint.address })]);
    expect(await chain.getTokenAccountsByOwner(holder.address)).toEqual([expect.objectContaining({ address: account })]);
  });

  it('blocks transfer and burn on chain until the platform thaws the account, and again once it freezes it', async () => {
    const sender = await approvedHolderWith(100n);
    const receiver = await holderWithAccount();
    // A new block each time, so a retried identical transfer is a new transaction, not a duplicate.
    const transfer = (amount: bigint) => {
      chain.advanceBlocks(1);
      return execute(chain, sender.holder, [
        getTransferTokensInstruction({
          source: sender.account,
          destination: receiver.account,
          mint: mint.address,
          authority: sender.holder,
          amount,
          decimals: 0,
        }),
      ]);
    };

    const intoFrozen = await transfer(10n);
    expect(customErrorCode(intoFrozen.status === 'failed' ? intoFrozen.err : null)).toBe(ACCOUNT_FROZEN);
    await executeOrThrow(chain, freezeKey, [getThawTokenAccountInstruction({ account: receiver.account, mint: mint.address, freezeAuthority: freezeKey })]);
    expect((await transfer(10n)).status).toBe('confirmed');
    expect(await chain.getTokenAccount(receiver.account)).toMatchObject({ amount: 10n, frozen: false });

    await executeOrThrow(chain, freezeKey, [getFreezeTokenAccountInstruction({ account: sender.account, mint: mint.address, freezeAuthority: freezeKey })]);
    const whileSuspended = await transfer(10n);
    expect(customErrorCode(whileSuspended.status === 'failed' ? whileSuspended.err : null)).toBe(ACCOUNT_FROZEN);
    const burnWhileSuspended = await execute(
      chain,
      sender.holder,
      getBurnWithMemoInstructions({
        account: sender.account,
        mint: mint.address,
        authority: sender.holder,
        amount: 5n,
        decimals: 0,
        memo: 'carbonledger:retirement:blocked',
      }),
    );
    expect(customErrorCode(burnWhileSuspended.status === 'failed' ? burnWhileSuspended.err : null)).toBe(ACCOUNT_FROZEN);
    expect(await chain.getTokenAccount(sender.account)).toMatchObject({ amount: 90n, frozen: true });

    await executeOrThrow(chain, freezeKey, [getThawTokenAccountInstruction({ account: sender.account, mint: mint.address, freezeAuthority: freezeKey })]);
    await executeOrThrow(
      chain,
      sender.holder,
      getBurnWithMemoInstructions({
        account: sender.account,
        mint: mint.address,
        authority: sender.holder,
        amount: 5n,
        decimals: 0,
        memo: 'carbonledger:retirement:r-1',
      }),
    );
    expect(await chain.getTokenAccount(sender.account)).toMatchObject({ amount: 85n });
  });

  it('only the platform freeze key can thaw a holder account', async () => {
    const { holder, account } = await holderWithAccount();
    const selfThaw = await execute(chain, holder, [getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: holder })]);
    expect(selfThaw.status).toBe('failed');
    expect(await chain.getTokenAccount(account)).toMatchObject({ frozen: true });
  });

  it('lets the retirement delegate burn up to the approved amount, and nothing after a revoke', async () => {
    const { holder, account } = await approvedHolderWith(50n);
    await executeOrThrow(chain, holder, [
      getApproveDelegateInstruction({ account, mint: mint.address, owner: holder, delegate: delegateKey.address, amount: 20n, decimals: 0 }),
    ]);
    expect(await chain.getTokenAccount(account)).toMatchObject({ delegate: delegateKey.address, delegatedAmount: 20n });
    const burnAsDelegate = (amount: bigint) => {
      chain.advanceBlocks(1);
      return execute(
        chain,
        delegateKey,
        getBurnWithMemoInstructions({ account, mint: mint.address, authority: delegateKey, amount, decimals: 0, memo: 'carbonledger:retirement:scheduled' }),
      );
    };

    expect((await burnAsDelegate(15n)).status).toBe('confirmed');
    const overAllowance = await burnAsDelegate(10n);
    expect(customErrorCode(overAllowance.status === 'failed' ? overAllowance.err : null)).toBe(INSUFFICIENT_FUNDS);

    await executeOrThrow(chain, holder, [getRevokeDelegateInstruction({ account, owner: holder })]);
    expect((await burnAsDelegate(1n)).status).toBe('failed');
    expect(await chain.getTokenAccount(account)).toMatchObject({ amount: 35n, delegate: null });
  });

  it('computes fees from the rent of the exact account sizes plus 5,000 lamports per signature', async () => {
    const newMint = await generateKeyPairSigner();
    const holder = await generateKeyPairSigner();
    const instructions = [
      ...getCreateProjectMintInstructions({
        payer: issuer,
        mint: newMint,
        issuer,
        freezeAuthority: freezeKey.address,
        metadata: projectMetadata,
        mintLamports: await chain.getMinimumBalanceForRentExemption(projectMintLayout(projectMetadata).finalSize),
      }),
      await getCreateHolderTokenAccountInstructionAsync({ payer: issuer, owner: holder.address, mint: newMint.address }),
    ];
    const message = buildTransactionMessage({ feePayer: issuer, lifetime: await chain.getLatestBlockhash(), instructions });
    const fees = await estimateFees(chain, projectMintFeePlan(projectMetadata, { signatures: signatureCount(message), holderAccounts: 1 }));
    expect(fees.transaction).toBe(10_000n);
    expect(fees.total).toBe(fees.tokenCreation + fees.transaction + fees.associatedTokenAccount);

    const before = await chain.getBalance(issuer.address);
    await executeOrThrow(chain, issuer, instructions);
    expect(before - (await chain.getBalance(issuer.address))).toBe(fees.total);
    expect((await chain.getAccountInfo(newMint.address))!.lamports).toBe(fees.tokenCreation);
    const holderAccount = (await chain.getAccountInfo(await findHolderTokenAccount(holder.address, newMint.address)))!;
    expect(holderAccount.lamports).toBe(fees.associatedTokenAccount);
    expect(holderAccount.data.length).toBe(holderAccountSize());
    expect((await chain.getAccountInfo(newMint.address))!.data.length).toBe(projectMintLayout(projectMetadata).finalSize);
  });

  it('prices a certificate from its real mint and account sizes', async () => {
    const holder = await fundedSigner(chain);
    const certificateMint = await generateKeyPairSigner();
    const metadata = certificateMetadata('fees');
    const fees = await estimateFees(chain, certificateFeePlan(metadata, { signatures: 3 }));
    const before = await chain.getBalance(holder.address);
    await executeOrThrow(
      chain,
      holder,
      await getCreateCertificateInstructionsAsync({
        payer: holder,
        certificateMint,
        issuer,
        holder: holder.address,
        metadata,
        mintLamports: fees.tokenCreation,
      }),
    );
    expect(before - (await chain.getBalance(holder.address))).toBe(fees.total);
    expect((await chain.getAccountInfo(certificateMint.address))!.data.length).toBe(certificateMintLayout(metadata).finalSize);
  });

  it('adds the priority fee the compute budget instructions ask for, as the chain charges it', async () => {
    const priorityFee = { computeUnitLimit: 60_000, microLamportsPerComputeUnit: 250_000n };
    const holder = await generateKeyPairSigner();
    const instructions = [await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: mint.address })];
    const message = buildTransactionMessage({ feePayer: payer, lifetime: await chain.getLatestBlockhash(), instructions, priorityFee });
    const fees = await estimateFees(chain, { tokenAccountSizes: [holderAccountSize()], signatures: signatureCount(message), priorityFee });
    expect(fees.transaction).toBe(5_000n + 15_000n);
    const before = await chain.getBalance(payer.address);
    expect(await chain.sendAndConfirm(toWireTransaction(await signTransaction(message)))).toMatchObject({ status: 'confirmed' });
    expect(before - (await chain.getBalance(payer.address))).toBe(fees.total);
  });
});
