import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { generateKeyPairSigner, lamports, type Blockhash, type Instruction, type KeyPairSigner, type Transaction } from '@solana/kit';
import {
  buildTransactionMessage,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  getMintTokensInstruction,
  openEmbeddedChain,
  projectMintLayout,
  signTransaction,
  getThawTokenAccountInstruction,
  toWireTransaction,
} from '../packages/chain/src';
import { report, summarise, type Measured } from './harness';

const METADATA = { name: 'Bench Project', symbol: 'BENCH', uri: 'https://carbonledger.test/bench.json' };

interface Target {
  latestBlockhash(): Promise<Blockhash>;
  rent(size: number): Promise<bigint>;
  fund(signer: KeyPairSigner): Promise<void>;
  send(transaction: Transaction): Promise<void>;
}

/** A thawed holder account of a fresh project mint, and a mint-to that is new on every call. */
async function prepareMinting(target: Target) {
  const [payer, mint, freeze, holder] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()]);
  await target.fund(payer);
  const sign = async (instructions: Instruction[]) =>
    signTransaction(
      buildTransactionMessage({ feePayer: payer, lifetime: { blockhash: await target.latestBlockhash(), lastValidBlockHeight: 0n }, instructions }),
    );
  const mintLamports = await target.rent(projectMintLayout(METADATA).finalSize);
  await target.send(
    await sign(getCreateProjectMintInstructions({ payer, mint, issuer: payer, freezeAuthority: freeze.address, metadata: METADATA, mintLamports })),
  );
  const account = await findHolderTokenAccount(holder.address, mint.address);
  await target.send(
    await sign([
      await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: mint.address }),
      getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: freeze }),
    ]),
  );
  let amount = 0n;
  // A different amount each time keeps every transaction distinct (no duplicate signatures).
  return async () =>
    target.send(await sign([getMintTokensInstruction({ mint: mint.address, destination: account, issuer: payer, amount: ++amount, decimals: 0 })]));
}

/**
 * Runs the two in alternating rounds, after a warm-up of each, so that load from other
 * processes on the shared machine weighs on both alike instead of on whichever ran second.
 */
async function alternate(
  rounds: number,
  perRound: number,
  sides: [{ name: string; work: () => Promise<unknown> }, { name: string; work: () => Promise<unknown> }],
): Promise<[Measured, Measured]> {
  const timed = sides.map(() => ({ samples: [] as number[], ms: 0 }));
  for (const side of sides) for (let i = 0; i < 50; i++) await side.work();
  for (let round = 0; round < rounds; round++) {
    for (const [index, side] of sides.entries()) {
      for (let i = 0; i < perRound; i++) {
        const started = performance.now();
        await side.work();
        const took = performance.now() - started;
        timed[index]!.samples.push(took);
        timed[index]!.ms += took;
      }
    }
  }
  const [first, second] = sides.map((side, index) => summarise(side.name, timed[index]!.samples, rounds * perRound, timed[index]!.ms));
  return [first!, second!];
}

/**
 * Mint-to throughput: raw LiteSVM (build, sign, svm.sendTransaction) as the baseline, and the
 * same transactions through the embedded ChainClient (wire encoding, blockhash window,
 * status bookkeeping, sendAndConfirm), in one run.
 */
export async function run() {
  const iterations = 1000;
  const svm = new LiteSVM();
  const raw = await prepareMinting({
    latestBlockhash: async () => svm.latestBlockhash(),
    rent: async (size) => svm.minimumBalanceForRentExemption(BigInt(size)),
    fund: async (signer) => void svm.airdrop(signer.address, lamports(1_000_000_000_000n)),
    send: async (transaction) => {
      const result = svm.sendTransaction(transaction);
      if (result instanceof FailedTransactionMetadata) throw new Error(result.toString());
    },
  });
  const chain = openEmbeddedChain({ snapshotPath: null });
  const client = await prepareMinting({
    latestBlockhash: async () => (await chain.getLatestBlockhash()).blockhash,
    rent: (size) => chain.getMinimumBalanceForRentExemption(size),
    fund: async (signer) => void (await chain.airdrop(signer.address, 1_000_000_000_000n)),
    send: async (transaction) => {
      const outcome = await chain.sendAndConfirm(toWireTransaction(transaction));
      if (outcome.status !== 'confirmed') throw new Error(`mint-to ${outcome.status}`);
    },
  });
  const [baseline, subject] = await alternate(10, iterations / 10, [
    { name: 'raw LiteSVM mint-to', work: raw },
    { name: 'ChainClient (embedded) mint-to', work: client },
  ]);
  report(`Mint-to transactions per second (${iterations} each, in 10 alternating rounds)`, baseline, subject);
  await chain.close();
}
