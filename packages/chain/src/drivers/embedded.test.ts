import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { openEmbeddedChain, type EmbeddedChainClient } from './embedded';
import { describeChainClient } from '../testing/client-behaviour';
import { createProjectMint, execute, fundedSigner, signedWire } from '../testing/helpers';
import { findHolderTokenAccount, getMintTokensInstruction, getThawTokenAccountInstruction } from '../builders/token';
import type { Address, Base64EncodedWireTransaction, Signature } from '@solana/kit';

describeChainClient('embedded', async () => {
  let chain: EmbeddedChainClient;
  return {
    async open() {
      chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
      return chain;
    },
    advanceBlocks: (count) => chain.advanceBlocks(count),
    async close() {},
  };
});

describe('embedded chain history of failed transactions', () => {
  // A cluster's preflight refuses such a transaction before it lands, so the rpc driver never sees one in history.
  it('keeps a transaction that failed while executing, with its error and unchanged token balances', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    const payer = await fundedSigner(chain);
    const holder = await generateKeyPairSigner();
    const { mint } = await createProjectMint(chain, payer, { name: 'Frozen Project', symbol: 'FRZ', uri: '' }, [holder.address]);
    const account = await findHolderTokenAccount(holder.address, mint.address);
    // The account is frozen (DefaultAccountState), so the mint-to fails on chain.
    const outcome = await execute(chain, payer, [
      getMintTokensInstruction({ mint: mint.address, destination: account, issuer: payer, amount: 10n, decimals: 0 }),
    ]);
    expect(outcome.status).toBe('failed');
    const [latest] = await chain.getSignaturesForAddress(account);
    expect(latest).toMatchObject({ signature: outcome.signature, err: { InstructionError: [0, { Custom: 17 }] } });
    const failed = await chain.getTransaction(outcome.signature);
    expect(failed).toMatchObject({ err: { InstructionError: [0, { Custom: 17 }] }, fee: 5_000n });
    expect(failed!.postTokenBalances.find((entry) => entry.owner === holder.address)).toMatchObject({ amount: 0n });
  });
});

describe('embedded chain balances recorded around each transaction', () => {
  // Landing keeps the accounts a transaction wrote, to skip reading them before the next one;
  // a change that does not come from a landed transaction must not be missed.
  it('records the balances each account really had, after the faucet and other transactions changed it', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    const payer = await fundedSigner(chain);
    const receiver = await generateKeyPairSigner();
    const transfer = (lamports: bigint) =>
      execute(chain, payer, [getTransferSolInstruction({ source: payer, destination: receiver.address, amount: lamports })]);
    const balancesAround = async (signature: Signature) => {
      const [transaction, meta] = await Promise.all([chain.getTransaction(signature), chain.getTransactionMeta(signature)]);
      const at = (address: Address) => transaction!.accountKeys.indexOf(address);
      return {
        payer: [meta!.preBalances[at(payer.address)], meta!.postBalances[at(payer.address)]],
        receiver: [meta!.preBalances[at(receiver.address)], meta!.postBalances[at(receiver.address)]],
      };
    };

    const first = await transfer(1_000_000n);
    await chain.airdrop(payer.address, 5_000_000n);
    const payerBefore = await chain.getBalance(payer.address);
    const second = await transfer(2_000_000n);
    expect(await balancesAround(second.signature)).toEqual({
      payer: [payerBefore, payerBefore - 2_000_000n - 5_000n],
      receiver: [1_000_000n, 3_000_000n],
    });
    expect((await balancesAround(first.signature)).receiver).toEqual([0n, 1_000_000n]);

    const other = await fundedSigner(chain);
    await execute(chain, other, [getTransferSolInstruction({ source: other, destination: receiver.address, amount: 4_000_000n })]);
    chain.advanceBlocks(1);
    const third = await transfer(1n);
    expect((await balancesAround(third.signature)).receiver).toEqual([7_000_000n, 7_000_001n]);
  });

  it('records token balances before and after each mint-to', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    const payer = await fundedSigner(chain);
    const holder = await generateKeyPairSigner();
    const { mint, freeze } = await createProjectMint(chain, payer, { name: 'Balances', symbol: 'BAL', uri: '' }, [holder.address]);
    const account = await findHolderTokenAccount(holder.address, mint.address);
    await execute(chain, payer, [getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: freeze })]);
    const mintTo = (amount: bigint) =>
      execute(chain, payer, [getMintTokensInstruction({ mint: mint.address, destination: account, issuer: payer, amount, decimals: 0 })]);
    await mintTo(3n);
    const second = await mintTo(4n);
    const transaction = await chain.getTransaction(second.signature);
    const expected = { mint: mint.address, owner: holder.address, decimals: 0 };
    expect(transaction!.preTokenBalances).toEqual([{ accountIndex: transaction!.accountKeys.indexOf(account), ...expected, amount: 3n }]);
    expect(transaction!.postTokenBalances).toEqual([{ accountIndex: transaction!.accountKeys.indexOf(account), ...expected, amount: 7n }]);
  });
});

describe('embedded chain persistence and blocks', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });
  const snapshotPath = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-'));
    directories.push(directory);
    return path.join(directory, 'chain.bin');
  };

  it('keeps balances, transaction statuses and usable blockhashes across close and reopen', async () => {
    const file = snapshotPath();
    const first = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    const payer = await fundedSigner(first);
    const recipient = await generateKeyPairSigner();
    const outcome = await first.sendAndConfirm(
      await signedWire(first, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]),
    );
    expect(outcome.status).toBe('confirmed');
    const pending = await signedWire(first, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 2_000_000n })]);
    const slotBefore = await first.getSlot();
    await first.close();
    expect(fs.existsSync(`${file}.json`)).toBe(true);

    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    expect(await reopened.getBalance(recipient.address)).toBe(1_000_000n);
    expect(await reopened.getSlot()).toBe(slotBefore);
    const [status] = await reopened.getSignatureStatuses([outcome.signature]);
    expect(status?.err).toBeNull();
    expect((await reopened.sendAndConfirm(pending)).status).toBe('confirmed');
    expect(await reopened.getBalance(recipient.address)).toBe(3_000_000n);
    await reopened.close();
  });

  it('keeps the transaction history across close and reopen, bounded to the newest transactions', async () => {
    const file = snapshotPath();
    const first = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null, maxHistoryTransactions: 3 });
    const payer = await fundedSigner(first);
    const recipient = await generateKeyPairSigner();
    const signatures = [];
    for (const amount of [1n, 2n, 3n, 4n]) {
      const outcome = await first.sendAndConfirm(
        await signedWire(first, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n + amount })]),
      );
      signatures.push(outcome.signature);
    }
    // Only the 3 newest are kept; the oldest is forgotten, as by a pruned node.
    expect((await first.getSignaturesForAddress(recipient.address)).map((entry) => entry.signature)).toEqual(signatures.slice(1).reverse());
    expect(await first.getTransaction(signatures[0]!)).toBeNull();
    const before = await first.getTransaction(signatures[3]!);
    await first.close();

    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null, maxHistoryTransactions: 3 });
    expect((await reopened.getSignaturesForAddress(recipient.address)).map((entry) => entry.signature)).toEqual(signatures.slice(1).reverse());
    expect(await reopened.getTransaction(signatures[3]!)).toEqual(before);
    expect(await reopened.getTransactionWire(signatures[3]!)).toEqual(expect.any(String));
    await reopened.close();
  });

  /** Rewrites a closed chain's files into the layout before the journal: `chain.bin` and a sidecar without commit fields. */
  const downgradeToUnjournaledLayout = (file: string, version: 1 | 2) => {
    const sidecar = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Record<string, unknown>;
    fs.renameSync(path.join(path.dirname(file), String(sidecar.snapshot)), file);
    const legacy =
      version === 1
        ? { recentBlockhashes: sidecar.recentBlockhashes, statuses: sidecar.statuses }
        : { recentBlockhashes: sidecar.recentBlockhashes, statuses: sidecar.statuses, transactions: sidecar.transactions };
    fs.writeFileSync(`${file}.json`, JSON.stringify({ version, ...legacy }));
  };

  it('opens a snapshot written before the history existed (sidecar version 1)', async () => {
    const file = snapshotPath();
    const first = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    const payer = await fundedSigner(first);
    const outcome = await first.sendAndConfirm(
      await signedWire(first, payer, [getTransferSolInstruction({ source: payer, destination: payer.address, amount: 1n })]),
    );
    await first.close();
    downgradeToUnjournaledLayout(file, 1);

    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    const [status] = await reopened.getSignatureStatuses([outcome.signature]);
    expect(status?.err).toBeNull();
    expect(await reopened.getSignaturesForAddress(payer.address)).toEqual([]);
    await reopened.close();
  });

  it('opens a chain.bin written before the journal existed (sidecar version 2) and moves it to the journaled layout', async () => {
    const file = snapshotPath();
    const first = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    const wallet = await generateKeyPairSigner();
    await first.airdrop(wallet.address, 7_000_000n);
    await first.close();
    downgradeToUnjournaledLayout(file, 2);

    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    expect(await reopened.getBalance(wallet.address)).toBe(7_000_000n);
    await reopened.close();
    expect(fs.existsSync(file)).toBe(false);
    const again = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    expect(await again.getBalance(wallet.address)).toBe(7_000_000n);
    await again.close();
  });

  it('saves the snapshot on its interval, without waiting for close', async () => {
    const file = snapshotPath();
    const chain = openEmbeddedChain({ snapshotPath: file, snapshotIntervalMs: 20, blockIntervalMs: null });
    const wallet = await generateKeyPairSigner();
    await chain.airdrop(wallet.address, 5_000_000n);
    const deadline = Date.now() + 5_000;
    while (!fs.existsSync(`${file}.json`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fs.statSync(`${file}.journal`).size).toBe(0);
    const copy = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    expect(await copy.getBalance(wallet.address)).toBe(5_000_000n);
    await copy.close();
    await chain.close();
  });

  it('produces blocks on its own timer so that blockhashes advance', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: 10 });
    const before = await chain.getLatestBlockhash();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const after = await chain.getLatestBlockhash();
    expect(after.blockhash).not.toBe(before.blockhash);
    expect(after.lastValidBlockHeight).toBeGreaterThan(before.lastValidBlockHeight);
    expect(await chain.isBlockhashValid(before.blockhash)).toBe(true);
    await chain.close();
  });

  it('refuses a transaction whose signature does not match its message', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    const payer = await fundedSigner(chain);
    const wire = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: payer.address, amount: 1n })]);
    const bytes = Buffer.from(wire, 'base64');
    // Byte 0 counts the signatures; byte 1 is the first byte of the fee payer's signature.
    bytes[1] = bytes[1]! ^ 0xff;
    const outcome = await chain.sendAndConfirm(bytes.toString('base64') as typeof wire);
    expect(outcome).toMatchObject({ status: 'failed', err: 'SignatureFailure' });
    await chain.close();
  });
});

interface CrashChildLine {
  ready?: true;
  mint: Address;
  recipient: Address;
  account: Address;
  signedBeforeCrash: Base64EncodedWireTransaction;
  step?: number;
  signature: Signature;
  lamports: string;
  tokens: string;
}

/** Runs embedded-crash.testing.ts on `file` and SIGKILLs it once it has reported `steps` transactions. */
function killAfter(file: string, steps: number): Promise<CrashChildLine[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'embedded-crash.testing.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: CrashChildLine[] = [];
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) {
        lines.push(JSON.parse(line) as CrashChildLine);
        if ((lines.at(-1)!.step ?? 0) >= steps) child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(lines) : reject(new Error(`crash child exited with ${code ?? signal}`))));
  });
}

describe('embedded chain across a kill -9', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });
  const chainFile = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-crash-'));
    directories.push(directory);
    return path.join(directory, 'chain.bin');
  };

  it('keeps every transaction a caller was told of, with a snapshot in between, and the blockhashes it handed out', async () => {
    const file = chainFile();
    // 120 steps: two snapshots (at 50 and 100) and 20 steps only in the journal.
    const lines = await killAfter(file, 120);
    const ready = lines[0]!;
    const last = lines.at(-1)!;
    expect(last.step).toBeGreaterThanOrEqual(120);

    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null, onWarning: (message) => expect.fail(message) });
    expect(await reopened.getBalance(ready.recipient)).toBeGreaterThanOrEqual(BigInt(last.lamports));
    expect((await reopened.getMint(ready.mint))!.supply).toBeGreaterThanOrEqual(BigInt(last.tokens));
    const told = lines.slice(1).map((line) => line.signature);
    const statuses = await reopened.getSignatureStatuses(told);
    expect(statuses.filter((status) => status === null || status.err !== null)).toEqual([]);
    expect(await reopened.getTransaction(last.signature)).toMatchObject({ signature: last.signature, err: null });
    expect((await reopened.sendAndConfirm(ready.signedBeforeCrash)).status).toBe('confirmed');
    await reopened.close();
  }, 60_000);

  it('replays a journal cut in the middle of a line up to its last whole entry', async () => {
    const file = chainFile();
    const lines = await killAfter(file, 10);
    fs.appendFileSync(`${file}.journal`, '{"seq":999999,"type":"tx","wi');
    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null, onWarning: (message) => expect.fail(message) });
    const last = lines.at(-1)!;
    expect(await reopened.getBalance(lines[0]!.recipient)).toBeGreaterThanOrEqual(BigInt(last.lamports));
    const wallet = await generateKeyPairSigner();
    await reopened.airdrop(wallet.address, 3_000_000n);
    await reopened.close();
    const again = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    expect(await again.getBalance(wallet.address)).toBe(3_000_000n);
    await again.close();
  }, 60_000);
});
