import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner, type Signature } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { TransactionRejectedError, type ChainClient, type ChainTokenBalance } from '../client';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../drivers/embedded';
import {
  getBurnWithMemoInstructions,
  getCreateHolderTokenAccountInstructionAsync,
  findHolderTokenAccount,
  getMemoInstruction,
  getMintTokensInstruction,
  getThawTokenAccountInstruction,
  getTransferTokensInstruction,
} from '../builders/token';
import { getPriorityFeeInstructions } from '../builders/transaction';
import { createProjectMint, execute, executeOrThrow, fundedSigner, LAMPORTS_PER_SOL, signedWire } from './helpers';

/** A well-formed signature no transaction has. */
const signatureOfNothing = '1111111111111111111111111111111111111111111111111111111111111111' as Signature;

export interface ChainClientHarness {
  open(): Promise<ChainClient>;
  /** Produces blocks on the chain behind the client, so that blockhashes age. */
  advanceBlocks(count: number): Promise<void> | void;
  close(): Promise<void>;
}

/** One behavioural contract for every ChainClient driver: the same tests run against each. */
export function describeChainClient(name: string, makeHarness: () => Promise<ChainClientHarness>) {
  describe(`ChainClient behaviour: ${name}`, () => {
    let harness: ChainClientHarness;
    let chain: ChainClient;
    beforeAll(async () => {
      harness = await makeHarness();
      chain = await harness.open();
    });
    afterAll(async () => {
      await chain.close();
      await harness.close();
    });

    it('reports its health with the current slot and blockhash', async () => {
      const health = await chain.health();
      expect(health.driver).toBe(chain.driver);
      expect(health.slot).toBeGreaterThan(0n);
      expect(health.blockhash).toBe((await chain.getLatestBlockhash()).blockhash);
    });

    it('airdrops local SOL and reads the balance', async () => {
      const wallet = await generateKeyPairSigner();
      expect(await chain.getBalance(wallet.address)).toBe(0n);
      await chain.airdrop(wallet.address, 2n * LAMPORTS_PER_SOL);
      expect(await chain.getBalance(wallet.address)).toBe(2n * LAMPORTS_PER_SOL);
      const account = await chain.getAccountInfo(wallet.address);
      expect(account?.lamports).toBe(2n * LAMPORTS_PER_SOL);
      expect(await chain.getAccountInfo((await generateKeyPairSigner()).address)).toBeNull();
    });

    it('airdrops the same amount to the same wallet twice in a row, and both land', async () => {
      const wallet = await generateKeyPairSigner();
      await chain.airdrop(wallet.address, LAMPORTS_PER_SOL);
      await chain.airdrop(wallet.address, LAMPORTS_PER_SOL);
      expect(await chain.getBalance(wallet.address)).toBe(2n * LAMPORTS_PER_SOL);
    });

    it('confirms a transfer once, even when the same signed bytes are sent again', async () => {
      const payer = await fundedSigner(chain);
      const recipient = await generateKeyPairSigner();
      const wire = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]);
      const outcome = await chain.sendAndConfirm(wire);
      expect(outcome.status).toBe('confirmed');
      const again = await chain.sendAndConfirm(wire);
      expect(again).toMatchObject({ signature: outcome.signature, status: 'confirmed' });
      expect(await chain.getBalance(recipient.address)).toBe(1_000_000n);
      const [status] = await chain.getSignatureStatuses([outcome.signature]);
      expect(status).toMatchObject({ err: null });
      expect(['confirmed', 'finalized']).toContain(status?.confirmationStatus);
    });

    it('reports a failing transaction as failed with the chain reason', async () => {
      const payer = await fundedSigner(chain, LAMPORTS_PER_SOL);
      const recipient = await generateKeyPairSigner();
      const outcome = await execute(chain, payer, [
        getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 5n * LAMPORTS_PER_SOL }),
      ]);
      expect(outcome.status).toBe('failed');
      expect(outcome.status === 'failed' && outcome.err).toMatchObject({ InstructionError: [0, { Custom: 1 }] });
      expect(await chain.getBalance(recipient.address)).toBe(0n);
    });

    it('simulates without changing state', async () => {
      const payer = await fundedSigner(chain);
      const recipient = await generateKeyPairSigner();
      const wire = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 7_000_000n })]);
      const simulation = await chain.simulateTransaction(wire);
      expect(simulation.err).toBeNull();
      expect(simulation.logs.length).toBeGreaterThan(0);
      expect(await chain.getBalance(recipient.address)).toBe(0n);
    });

    it('accepts a blockhash a few blocks old and refuses one past its last valid block height', async () => {
      const payer = await fundedSigner(chain);
      const recipient = await generateKeyPairSigner();
      const fresh = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]);
      const lifetime = await chain.getLatestBlockhash();
      await harness.advanceBlocks(3);
      expect((await chain.sendAndConfirm(fresh)).status).toBe('confirmed');

      const stale = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 2_000_000n })]);
      expect(await chain.isBlockhashValid(lifetime.blockhash)).toBe(true);
      await harness.advanceBlocks(BLOCKHASH_VALIDITY_BLOCKS + 1);
      expect(await chain.isBlockhashValid(lifetime.blockhash)).toBe(false);
      expect((await chain.sendAndConfirm(stale)).status).toBe('expired');
      await expect(chain.sendTransaction(stale)).rejects.toBeInstanceOf(TransactionRejectedError);
      await expect(chain.sendTransaction(stale)).rejects.toMatchObject({ err: 'BlockhashNotFound' });
      expect(await chain.getBalance(recipient.address)).toBe(1_000_000n);
    });

    it('reads mints and token accounts by owner', async () => {
      const payer = await fundedSigner(chain);
      const holder = await generateKeyPairSigner();
      const metadata = { name: 'Behaviour Project', symbol: 'BHV', uri: 'https://example.test/bhv.json' };
      const { mint, freeze } = await createProjectMint(chain, payer, metadata, [holder.address]);
      expect(await chain.getMint(mint.address)).toMatchObject({ supply: 0n, decimals: 0, mintAuthority: payer.address, freezeAuthority: freeze.address });
      const accounts = await chain.getTokenAccountsByOwner(holder.address);
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({
        address: await findHolderTokenAccount(holder.address, mint.address),
        mint: mint.address,
        owner: holder.address,
        amount: 0n,
        frozen: true,
      });
      expect(await chain.getTokenAccountsByOwner(holder.address, { mint: mint.address })).toHaveLength(1);
      expect(await chain.getTokenAccountsByOwner(holder.address, { mint: payer.address })).toHaveLength(0);
      expect(await chain.getMint(holder.address)).toBeNull();
      expect(await chain.getTokenAccount(accounts[0]!.address)).toMatchObject({ frozen: true });
    });

    it('lists the transactions that touched an address with fee, memos and token balances before and after', async () => {
      const payer = await fundedSigner(chain);
      const alice = await generateKeyPairSigner();
      const bob = await generateKeyPairSigner();
      const { mint, freeze } = await createProjectMint(chain, payer, { name: 'History Project', symbol: 'HIST', uri: '' });
      const aliceAccount = await findHolderTokenAccount(alice.address, mint.address);
      const bobAccount = await findHolderTokenAccount(bob.address, mint.address);
      await executeOrThrow(chain, payer, [
        await getCreateHolderTokenAccountInstructionAsync({ payer, owner: alice.address, mint: mint.address }),
        await getCreateHolderTokenAccountInstructionAsync({ payer, owner: bob.address, mint: mint.address }),
        getThawTokenAccountInstruction({ account: aliceAccount, mint: mint.address, freezeAuthority: freeze }),
        getThawTokenAccountInstruction({ account: bobAccount, mint: mint.address, freezeAuthority: freeze }),
      ]);
      const minted = await executeOrThrow(chain, payer, [
        getMintTokensInstruction({ mint: mint.address, destination: aliceAccount, issuer: payer, amount: 100n, decimals: 0 }),
        getMemoInstruction('carbonledger:mint:history'),
      ]);
      // Alice signs the transfer, the payer pays the fee of both signatures plus a priority fee.
      const sent = await executeOrThrow(chain, payer, [
        ...getPriorityFeeInstructions({ computeUnitLimit: 100_000, microLamportsPerComputeUnit: 25n }),
        getTransferTokensInstruction({ source: aliceAccount, destination: bobAccount, mint: mint.address, authority: alice, amount: 30n, decimals: 0 }),
      ]);
      const burnt = await executeOrThrow(
        chain,
        payer,
        getBurnWithMemoInstructions({
          account: bobAccount,
          mint: mint.address,
          authority: bob,
          amount: 5n,
          decimals: 0,
          memo: 'carbonledger:retirement:history',
        }),
      );

      const aliceHistory = await chain.getSignaturesForAddress(aliceAccount);
      expect(aliceHistory.map((entry) => entry.signature)).toEqual([sent.signature, minted.signature, expect.any(String)]);
      expect(aliceHistory[0]).toMatchObject({ err: null });
      expect(aliceHistory[0]!.slot).toBeGreaterThan(0n);
      expect((await chain.getSignaturesForAddress(bobAccount)).map((entry) => entry.signature).slice(0, 2)).toEqual([burnt.signature, sent.signature]);
      // The signer of a transfer lists it under its own address too; the receiver only under its token account.
      expect((await chain.getSignaturesForAddress(alice.address)).map((entry) => entry.signature)).toEqual([sent.signature, expect.any(String)]);
      expect((await chain.getSignaturesForAddress(bob.address)).map((entry) => entry.signature)).not.toContain(sent.signature);
      expect(await chain.getSignaturesForAddress((await generateKeyPairSigner()).address)).toEqual([]);
      // Paging back in time.
      expect((await chain.getSignaturesForAddress(aliceAccount, { limit: 1 })).map((entry) => entry.signature)).toEqual([sent.signature]);
      expect((await chain.getSignaturesForAddress(aliceAccount, { limit: 1, before: sent.signature })).map((entry) => entry.signature)).toEqual([
        minted.signature,
      ]);

      const transfer = await chain.getTransaction(sent.signature);
      expect(transfer).not.toBeNull();
      expect(transfer!.fee).toBe(2n * 5_000n + 3n);
      expect(transfer!.err).toBeNull();
      expect(transfer!.accountKeys[0]).toBe(payer.address);
      const balance = (list: ChainTokenBalance[], owner: string) => list.find((entry) => entry.owner === owner);
      expect(balance(transfer!.preTokenBalances, alice.address)).toMatchObject({ mint: mint.address, amount: 100n, decimals: 0 });
      expect(balance(transfer!.postTokenBalances, alice.address)).toMatchObject({ mint: mint.address, amount: 70n });
      expect(balance(transfer!.preTokenBalances, bob.address)).toMatchObject({ amount: 0n });
      expect(balance(transfer!.postTokenBalances, bob.address)).toMatchObject({ amount: 30n });
      expect(transfer!.accountKeys[balance(transfer!.postTokenBalances, bob.address)!.accountIndex]).toBe(bobAccount);
      if (transfer!.blockTime !== null) expect(Math.abs(transfer!.blockTime - Date.now() / 1000)).toBeLessThan(600);

      const mintTo = await chain.getTransaction(minted.signature);
      expect(mintTo!.memos).toEqual(['carbonledger:mint:history']);
      expect(mintTo!.fee).toBe(5_000n);
      expect(balance(mintTo!.postTokenBalances, alice.address)).toMatchObject({ amount: 100n });
      const burn = await chain.getTransaction(burnt.signature);
      expect(burn!.memos).toEqual(['carbonledger:retirement:history']);
      expect(balance(burn!.postTokenBalances, bob.address)).toMatchObject({ amount: 25n });
      expect(await chain.getTransaction(signatureOfNothing)).toBeNull();
    });

    it('answers rent for a size from the chain', async () => {
      const small = await chain.getMinimumBalanceForRentExemption(0);
      const large = await chain.getMinimumBalanceForRentExemption(165);
      expect(small).toBeGreaterThan(0n);
      expect(large).toBeGreaterThan(small);
    });
  });
}
