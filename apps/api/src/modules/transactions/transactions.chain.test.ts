import { describe, expect, it, vi } from 'vitest';
import type { Address, Signature } from '@solana/kit';
import type { ChainTokenBalance, ChainTransaction } from '@carbonledger/chain';
import { classifyTransfers, transactionReader } from './transactions.chain';

const ALICE = 'A1ice1111111111111111111111111111111111111' as Address;
const BOB = 'Bob11111111111111111111111111111111111111' as Address;
const CARBON = 'Carbon1111111111111111111111111111111111' as Address;
const OTHER_TOKEN = 'Other11111111111111111111111111111111111' as Address;

const balance = (accountIndex: number, owner: Address, amount: bigint, mint = CARBON): ChainTokenBalance => ({
  accountIndex,
  mint,
  owner,
  amount,
  decimals: 0,
});

function transaction(pre: ChainTokenBalance[], post: ChainTokenBalance[], overrides: Partial<ChainTransaction> = {}): ChainTransaction {
  return {
    signature: 'Sig1' as Signature,
    slot: 10n,
    blockTime: 1_700_000_000,
    err: null,
    fee: 5_000n,
    accountKeys: [],
    memos: [],
    preTokenBalances: pre,
    postTokenBalances: post,
    ...overrides,
  };
}

describe('classifying a chain transaction for one wallet', () => {
  const mints = new Set<string>([CARBON]);

  it('is sent for the wallet whose balance went down and received for the one whose went up, the total unchanged', () => {
    const transfer = transaction([balance(1, ALICE, 100n), balance(2, BOB, 0n)], [balance(1, ALICE, 70n), balance(2, BOB, 30n)], { memos: ['invoice 7'] });
    expect(classifyTransfers(transfer, ALICE, mints)).toEqual([
      expect.objectContaining({ direction: 'sent', amount: 30n, counterparty: BOB, mint: CARBON, fee: 5_000n, memos: ['invoice 7'] }),
    ]);
    expect(classifyTransfers(transfer, BOB, mints)).toEqual([expect.objectContaining({ direction: 'received', amount: 30n, counterparty: ALICE })]);
  });

  it('is burned for the wallet whose balance fell by as much as the total (a burn made on chain), with no counterparty', () => {
    expect(classifyTransfers(transaction([balance(1, ALICE, 50n)], [balance(1, ALICE, 45n)]), ALICE, mints)).toEqual([
      expect.objectContaining({ direction: 'burned', amount: 5n, counterparty: null, mint: CARBON }),
    ]);
  });

  it('leaves out mints (the total rose), failed transactions, other tokens and wallets it did not touch', () => {
    expect(classifyTransfers(transaction([balance(1, ALICE, 0n)], [balance(1, ALICE, 50n)]), ALICE, mints)).toEqual([]);
    const failed = transaction([balance(1, ALICE, 100n), balance(2, BOB, 0n)], [balance(1, ALICE, 100n), balance(2, BOB, 0n)], {
      err: { InstructionError: [0, { Custom: 17 }] },
    });
    expect(classifyTransfers(failed, ALICE, mints)).toEqual([]);
    const other = transaction(
      [balance(1, ALICE, 10n, OTHER_TOKEN), balance(2, BOB, 0n, OTHER_TOKEN)],
      [balance(1, ALICE, 0n, OTHER_TOKEN), balance(2, BOB, 10n, OTHER_TOKEN)],
    );
    expect(classifyTransfers(other, ALICE, mints)).toEqual([]);
    expect(
      classifyTransfers(transaction([balance(1, ALICE, 100n), balance(2, BOB, 0n)], [balance(1, ALICE, 70n), balance(2, BOB, 30n)]), CARBON, mints),
    ).toEqual([]);
  });

  it('counts a token account that the transfer created (no balance before) as starting from zero', () => {
    const transfer = transaction([balance(1, ALICE, 100n)], [balance(1, ALICE, 60n), balance(2, BOB, 40n)]);
    expect(classifyTransfers(transfer, BOB, mints)).toEqual([expect.objectContaining({ direction: 'received', amount: 40n, counterparty: ALICE })]);
  });
});

describe('reading landed transactions', () => {
  it('asks the chain once per signature and not again for a known one; unknown ones are asked again later', async () => {
    const landed = transaction([], []);
    const getTransaction = vi.fn(async (signature: Signature) => (signature === landed.signature ? landed : null));
    const read = transactionReader({ getTransaction });
    expect(await read(landed.signature)).toBe(landed);
    expect(await read(landed.signature)).toBe(landed);
    expect(await read('Unknown')).toBeNull();
    expect(await read('Unknown')).toBeNull();
    expect(getTransaction).toHaveBeenCalledTimes(3);
  });
});
