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
import { measure, report } from './harness';

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
  const baseline = await measure('raw LiteSVM mint-to', iterations, raw);
  const subject = await measure('ChainClient (embedded) mint-to', iterations, client);
  report(`Mint-to transactions per second (${iterations} each)`, baseline, subject);
  await chain.close();
}
