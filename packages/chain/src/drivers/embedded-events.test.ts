import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LiteSVM } from 'litesvm';
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { openEmbeddedChain } from './embedded';
import { EMBEDDED_GENESIS_HASH, FINALIZED_AFTER_BLOCKS, type EmbeddedChainEvent } from './embedded-blocks';
import { fundedSigner, signedWire } from '../testing/helpers';

/** What the local /rpc and its PubSub websocket read from the embedded chain beyond the ChainClient (docs/chain.md, "History"). */
describe('embedded chain metadata, blocks and events', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });
  const snapshotPath = () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-events-'));
    directories.push(directory);
    return path.join(directory, 'chain.bin');
  };

  it("has LiteSVM's first blockhash as its genesis hash", () => {
    expect(new LiteSVM().latestBlockhash()).toBe(EMBEDDED_GENESIS_HASH);
  });

  it('tells listeners of each landed transaction with the accounts it wrote, and of each block', async () => {
    const chain = openEmbeddedChain({ snapshotPath: null, blockIntervalMs: null });
    const payer = await fundedSigner(chain);
    const recipient = await generateKeyPairSigner();
    const events: EmbeddedChainEvent[] = [];
    const stop = chain.subscribe((event) => events.push(event));
    const outcome = await chain.sendAndConfirm(
      await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 7_000_000n })]),
    );
    chain.advanceBlocks(1);
    stop();
    chain.advanceBlocks(1);

    expect(events).toHaveLength(2);
    const [landed, block] = events;
    expect(landed).toMatchObject({ type: 'transaction', signature: outcome.signature, err: null });
    if (landed?.type !== 'transaction') throw new Error('expected a transaction event');
    expect(landed.written.find((account) => account.address === recipient.address)?.lamports).toBe(7_000_000n);
    expect(landed.logs.join('\n')).toContain('success');
    expect(block).toMatchObject({ type: 'block', slot: landed.slot + 1n, parentSlot: landed.slot, root: landed.slot + 1n - FINALIZED_AFTER_BLOCKS });
    const recorded = await chain.getBlock(landed.slot);
    expect(recorded?.signatures).toEqual([outcome.signature]);
    expect((await chain.getBlock(landed.slot + 1n))?.previousBlockhash).toBe(recorded?.blockhash);
    await chain.close();
  });

  it('keeps logs, SOL balances and compute units of a transaction across a snapshot, a journal replay and an older sidecar', async () => {
    const file = snapshotPath();
    const first = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    const payer = await fundedSigner(first);
    const recipient = await generateKeyPairSigner();
    const transfer = async (amount: bigint) =>
      (await first.sendAndConfirm(await signedWire(first, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount })])))
        .signature;
    const snapshotted = await transfer(1_000_000n);
    await first.flush();
    const journaled = await transfer(2_000_000n);
    const meta = await first.getTransactionMeta(journaled);
    expect(meta).toMatchObject({ preBalances: [expect.any(BigInt), 1_000_000n, 1n], postBalances: [expect.any(BigInt), 3_000_000n, 1n] });
    expect(meta!.preBalances[0]! - meta!.postBalances[0]!).toBe(2_000_000n + 5_000n);
    expect(meta!.computeUnitsConsumed).toBeGreaterThan(0n);
    expect(meta!.logs[0]).toBe('Program 11111111111111111111111111111111 invoke [1]');

    // Not closed: the second transfer is only in the journal, as after a crash.
    const reopened = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null, onWarning: (message) => expect.fail(message) });
    expect(await reopened.getTransactionMeta(journaled)).toEqual(meta);
    expect((await reopened.getTransactionMeta(snapshotted))?.postBalances[1]).toBe(1_000_000n);
    await reopened.close();

    // A sidecar written before the metadata was kept still loads; those transactions have none.
    const sidecar = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as { transactions: Record<string, unknown>[] };
    for (const transaction of sidecar.transactions) delete transaction.meta;
    fs.writeFileSync(`${file}.json`, JSON.stringify(sidecar));
    const older = openEmbeddedChain({ snapshotPath: file, blockIntervalMs: null });
    expect(await older.getTransactionMeta(journaled)).toBeNull();
    expect(await older.getTransaction(journaled)).toMatchObject({ signature: journaled, err: null });
    await older.close();
  });
});
