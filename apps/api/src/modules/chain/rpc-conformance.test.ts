import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
  type ParsedInstruction,
} from '@solana/web3.js';
import { getAccount, getExtensionTypes, getMetadataPointerState, getMint, getTokenMetadata, ExtensionType, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import {
  address,
  airdropFactory,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { fetchMint, fetchToken } from '@solana-program/token-2022';
import {
  findHolderTokenAccount,
  getBurnWithMemoInstructions,
  getMintTokensInstruction,
  getThawTokenAccountInstruction,
  EMBEDDED_GENESIS_HASH,
  type EmbeddedChainClient,
} from '@carbonledger/chain';
import { createProjectMint, executeOrThrow, fundedSigner } from '@carbonledger/chain/testing';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The local /rpc and its PubSub websocket driven by Solana's official clients (web3.js,
 * spl-token, kit and the Token-2022 program client) against the real app on a real port
 * (docs/chain.md, "Local JSON-RPC endpoint"): what an integrator pointing them at the
 * embedded chain sees.
 */
describe('the local JSON-RPC endpoint with the official Solana clients', () => {
  let harness: TestApp;
  let httpUrl: string;
  let wsUrl: string;
  let connection: Connection;
  let chain: EmbeddedChainClient;
  let issuer: KeyPairSigner;
  let holder: KeyPairSigner;
  let mint: KeyPairSigner;
  let holderAccount: ReturnType<typeof address>;
  const metadata = {
    name: 'Amazon Rainforest 2024',
    symbol: 'CLAMZ',
    uri: 'https://example.test/amz.json',
    additionalFields: [
      ['projectId', 'VCS-1234'],
      ['vintage', '2024'],
    ] as [string, string][],
  };

  beforeAll(async () => {
    harness = await createTestApp();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (harness.app.server.address() as AddressInfo).port;
    httpUrl = `http://127.0.0.1:${port}/rpc`;
    wsUrl = `ws://127.0.0.1:${port}/rpc`;
    connection = new Connection(httpUrl, { commitment: 'confirmed', wsEndpoint: wsUrl });
    chain = harness.app.chain as EmbeddedChainClient;
    issuer = await fundedSigner(chain);
    holder = await fundedSigner(chain);
    const created = await createProjectMint(chain, issuer, metadata, [holder.address]);
    mint = created.mint;
    holderAccount = await findHolderTokenAccount(holder.address, mint.address);
    await executeOrThrow(chain, issuer, [
      getThawTokenAccountInstruction({ account: holderAccount, mint: mint.address, freezeAuthority: created.freeze }),
      getMintTokensInstruction({ mint: mint.address, destination: holderAccount, issuer, amount: 250n, decimals: 0 }),
    ]);
  });
  afterAll(async () => {
    // web3.js keeps its socket open with reconnects; closing the server ends them.
    await harness.close();
  });

  it('confirms a transfer through web3.js sendAndConfirmTransaction over the websocket in well under a second', async () => {
    const payer = Keypair.generate();
    const airdrop = await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature: airdrop, blockhash, lastValidBlockHeight });
    const recipient = Keypair.generate().publicKey;

    const started = performance.now();
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000_000 })),
      [payer],
    );
    expect(performance.now() - started).toBeLessThan(1000);

    expect(await connection.getBalance(recipient)).toBe(1_000_000);
    const status = await connection.getSignatureStatus(signature);
    expect(status.value).toMatchObject({ err: null, confirmationStatus: 'confirmed' });
  });

  it('reads supply, extensions and metadata through spl-token, kit and jsonParsed', async () => {
    const mintKey = new PublicKey(mint.address);
    const splMint = await getMint(connection, mintKey, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(splMint.supply).toBe(250n);
    expect(splMint.decimals).toBe(0);
    expect(getExtensionTypes(splMint.tlvData)).toEqual(
      expect.arrayContaining([ExtensionType.MetadataPointer, ExtensionType.DefaultAccountState, ExtensionType.TokenMetadata]),
    );
    expect(getMetadataPointerState(splMint)?.metadataAddress?.toBase58()).toBe(mint.address);
    const tokenMetadata = await getTokenMetadata(connection, mintKey, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(tokenMetadata).toMatchObject({ name: metadata.name, symbol: metadata.symbol, uri: metadata.uri });
    expect(tokenMetadata?.additionalMetadata).toEqual([
      ['projectId', 'VCS-1234'],
      ['vintage', '2024'],
    ]);
    const splAccount = await getAccount(connection, new PublicKey(holderAccount), 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(splAccount).toMatchObject({ amount: 250n, isFrozen: false });

    const rpc = createSolanaRpc(httpUrl);
    const kitMint = await fetchMint(rpc, mint.address);
    expect(kitMint.data.supply).toBe(250n);
    const kitToken = await fetchToken(rpc, holderAccount);
    expect(kitToken.data.amount).toBe(250n);

    const parsed = await connection.getParsedAccountInfo(mintKey);
    const data = parsed.value?.data as { program: string; parsed: { type: string; info: Record<string, unknown> }; space: number };
    expect(data.program).toBe('spl-token-2022');
    expect(data.parsed.type).toBe('mint');
    expect(data.parsed.info).toMatchObject({ supply: '250', decimals: 0, isInitialized: true, mintAuthority: issuer.address });
    expect(data.parsed.info.extensions).toEqual(
      expect.arrayContaining([
        { extension: 'metadataPointer', state: { authority: issuer.address, metadataAddress: mint.address } },
        { extension: 'defaultAccountState', state: { accountState: 'frozen' } },
        expect.objectContaining({
          extension: 'tokenMetadata',
          state: expect.objectContaining({
            name: metadata.name,
            additionalMetadata: [
              ['projectId', 'VCS-1234'],
              ['vintage', '2024'],
            ],
          }),
        }),
      ]),
    );
    const parsedAccount = await connection.getParsedAccountInfo(new PublicKey(holderAccount));
    expect((parsedAccount.value?.data as { parsed: { type: string; info: Record<string, unknown> } }).parsed).toMatchObject({
      type: 'account',
      info: { mint: mint.address, owner: holder.address, state: 'initialized', tokenAmount: { amount: '250', decimals: 0, uiAmountString: '250' } },
    });

    expect((await connection.getTokenSupply(mintKey)).value).toMatchObject({ amount: '250', decimals: 0 });
    expect((await connection.getTokenAccountBalance(new PublicKey(holderAccount))).value).toMatchObject({ amount: '250', uiAmount: 250 });
    const largest = await connection.getTokenLargestAccounts(mintKey);
    expect(largest.value[0]).toMatchObject({ amount: '250' });
    expect(largest.value[0]!.address.toBase58()).toBe(holderAccount);
  });

  it('finds token accounts by getProgramAccounts with memcmp and dataSize filters', async () => {
    const byMint = await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { filters: [{ memcmp: { offset: 0, bytes: mint.address } }] });
    expect(byMint.map((entry) => entry.pubkey.toBase58())).toEqual([holderAccount]);
    const byOwner = await connection.getParsedProgramAccounts(TOKEN_2022_PROGRAM_ID, {
      filters: [{ memcmp: { offset: 32, bytes: holder.address } }, { dataSize: byMint[0]!.account.data.length }],
    });
    expect(byOwner).toHaveLength(1);
    expect((byOwner[0]!.account.data as { parsed: { info: { tokenAmount: { amount: string } } } }).parsed.info.tokenAmount.amount).toBe('250');
    const none = await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { filters: [{ memcmp: { offset: 0, bytes: mint.address } }, { dataSize: 1 }] });
    expect(none).toEqual([]);
  });

  it("parses a retirement's burn and memo through getParsedTransaction, with logs, balances and the memo in the signature list", async () => {
    const memo = 'carbonledger:retirement:4f7c0a1e-0000-4000-8000-000000000001';
    const { signature } = await executeOrThrow(
      chain,
      holder,
      getBurnWithMemoInstructions({ account: holderAccount, mint: mint.address, authority: holder, amount: 10n, decimals: 0, memo }),
    );

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    const instructions = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(instructions[0]).toMatchObject({
      program: 'spl-token',
      programId: TOKEN_2022_PROGRAM_ID,
      parsed: {
        type: 'burnChecked',
        info: { account: holderAccount, mint: mint.address, authority: holder.address, tokenAmount: { amount: '10', decimals: 0 } },
      },
    });
    expect(instructions[1]).toMatchObject({ program: 'spl-memo', parsed: memo });
    expect(parsed!.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(parsed!.meta!.logMessages!.some((line) => line.includes('Instruction: BurnChecked'))).toBe(true);
    expect(parsed!.meta!.preBalances).toHaveLength(parsed!.transaction.message.accountKeys.length);
    expect(parsed!.meta!.preBalances[0]! - parsed!.meta!.postBalances[0]!).toBe(parsed!.meta!.fee);
    expect(parsed!.meta!.computeUnitsConsumed).toBeGreaterThan(0);
    expect(parsed!.meta!.preTokenBalances![0]!.uiTokenAmount.amount).toBe('250');
    expect(parsed!.meta!.postTokenBalances![0]!.uiTokenAmount.amount).toBe('240');

    const rpc = createSolanaRpc(httpUrl);
    const base64 = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send();
    expect(base64!.transaction[1]).toBe('base64');
    expect(base64!.meta!.logMessages!.length).toBeGreaterThan(0);
    const [listed] = await connection.getSignaturesForAddress(new PublicKey(holderAccount), { limit: 1 });
    expect(listed).toMatchObject({ signature, memo: `[${memo.length}] ${memo}` });
  });

  it('sees an account change through kit subscriptions, and confirms with kit over the websocket', async () => {
    const rpc = createSolanaRpc(httpUrl);
    const rpcSubscriptions = createSolanaRpcSubscriptions(wsUrl);
    const watched = await generateKeyPairSigner();
    const abort = new AbortController();
    try {
      const notifications = await rpcSubscriptions
        .accountNotifications(watched.address, { commitment: 'confirmed', encoding: 'base64' })
        .subscribe({ abortSignal: abort.signal });
      // kit hands a notification only to iterators that exist when it arrives.
      const next = notifications[Symbol.asyncIterator]().next();
      const payer = await generateKeyPairSigner();
      await airdropFactory({ rpc, rpcSubscriptions })({ recipientAddress: payer.address, lamports: lamports(1_000_000_000n), commitment: 'confirmed' });
      const { value: blockhash } = await rpc.getLatestBlockhash().send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (draft) => setTransactionMessageFeePayerSigner(payer, draft),
        (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
        (draft) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: watched.address, amount: 5_000_000n }), draft),
      );
      const signed = await signTransactionMessageWithSigners(message);
      const started = performance.now();
      await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed as Parameters<ReturnType<typeof sendAndConfirmTransactionFactory>>[0], {
        commitment: 'confirmed',
      });
      expect(performance.now() - started).toBeLessThan(1000);

      const { value } = await next;
      expect(value!.value.lamports).toBe(5_000_000n);
      expect(value!.value.owner).toBe('11111111111111111111111111111111');
      expect(getSignatureFromTransaction(signed)).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/);
    } finally {
      abort.abort();
    }
  });

  it('tells logs that mention an address, slots and program account changes to web3.js subscribers', async () => {
    const payer = await fundedSigner(chain);
    const target = Keypair.generate().publicKey;
    const logs = new Promise<string[]>((resolve) => {
      const id = connection.onLogs(target, (entry) => {
        resolve(entry.logs);
        void connection.removeOnLogsListener(id);
      });
    });
    const slot = new Promise<number>((resolve) => {
      const id = connection.onSlotChange((info) => {
        resolve(info.slot);
        void connection.removeSlotChangeListener(id);
      });
    });
    const programChange = new Promise<string>((resolve) => {
      const id = connection.onProgramAccountChange(
        SystemProgram.programId,
        (info) => {
          resolve(info.accountId.toBase58());
          void connection.removeProgramAccountChangeListener(id);
        },
        { commitment: 'confirmed', filters: [{ dataSize: 0 }] },
      );
    });
    // Subscriptions open in the background; give them a moment before the transfer they should see.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await executeOrThrow(chain, payer, [getTransferSolInstruction({ source: payer, destination: address(target.toBase58()), amount: 2_000_000n })]);
    expect((await logs).join('\n')).toContain('Program 11111111111111111111111111111111 success');
    expect(await slot).toBeGreaterThan(0);
    expect([payer.address, target.toBase58()]).toContain(await programChange);
  });

  it('answers the cluster, block and fee methods the clients ask for', async () => {
    expect(await connection.getGenesisHash()).toBe(EMBEDDED_GENESIS_HASH);
    const epoch = await connection.getEpochInfo();
    expect(epoch.absoluteSlot).toBeGreaterThan(0);
    expect(epoch.slotIndex).toBeLessThan(epoch.slotsInEpoch);
    expect((await connection.getVersion())['solana-core']).toBeTypeOf('string');
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBeGreaterThan(0);

    const payer = await fundedSigner(chain);
    const { signature, slot } = (await executeOrThrow(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: issuer.address, amount: 1n }),
    ])) as {
      signature: string;
      slot: bigint;
    };
    const block = await connection.getParsedBlock(Number(slot), { maxSupportedTransactionVersion: 0, transactionDetails: 'full', rewards: false });
    expect(block.transactions.map((entry) => entry.transaction.signatures[0])).toContain(signature);
    expect(await connection.getBlockTime(Number(slot))).toBeGreaterThan(1_700_000_000);
    const fees = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [new PublicKey(payer.address)] });
    expect(fees.find((entry) => entry.slot === Number(slot))).toEqual({ slot: Number(slot), prioritizationFee: 0 });
    await expect(connection.getBlock(Number(slot) + 10_000)).rejects.toThrow(/not available/);
  });
});
