import { generateKeyPairSigner, type Address, type Instruction, type KeyPairSigner, type TransactionSigner } from '@solana/kit';
import type { ChainClient, SendOutcome } from '../client';
import { getCreateHolderTokenAccountInstructionAsync, getCreateProjectMintInstructions, projectMintLayout, type TokenMetadataInput } from '../builders/token';
import { buildTransactionMessage, signTransaction } from '../builders/transaction';
import { toWireTransaction } from '../wire';

export const LAMPORTS_PER_SOL = 1_000_000_000n;

export async function fundedSigner(chain: ChainClient, lamports = 10n * LAMPORTS_PER_SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await chain.airdrop(signer.address, lamports);
  return signer;
}

/** Builds, signs and wire-encodes a transaction against the chain's latest blockhash. */
export async function signedWire(chain: ChainClient, feePayer: TransactionSigner, instructions: readonly Instruction[]) {
  const lifetime = await chain.getLatestBlockhash();
  return toWireTransaction(await signTransaction(buildTransactionMessage({ feePayer, lifetime, instructions })));
}

export async function execute(chain: ChainClient, feePayer: TransactionSigner, instructions: readonly Instruction[]): Promise<SendOutcome> {
  return chain.sendAndConfirm(await signedWire(chain, feePayer, instructions));
}

/** Executes and fails the test with the chain's own reason unless the transaction confirmed. */
export async function executeOrThrow(chain: ChainClient, feePayer: TransactionSigner, instructions: readonly Instruction[]): Promise<SendOutcome> {
  const outcome = await execute(chain, feePayer, instructions);
  if (outcome.status !== 'confirmed')
    throw new Error(`transaction ${outcome.status}: ${JSON.stringify(outcome, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
  return outcome;
}

/**
 * Creates a project mint with the payer as its issuer and a fresh freeze authority and, in the
 * same transaction, a token account for each holder (frozen, as the mint makes them).
 */
export async function createProjectMint(chain: ChainClient, payer: KeyPairSigner, metadata: TokenMetadataInput, holders: readonly Address[] = []) {
  const mint = await generateKeyPairSigner();
  const freeze = await generateKeyPairSigner();
  const mintLamports = await chain.getMinimumBalanceForRentExemption(projectMintLayout(metadata).finalSize);
  const holderAccounts = await Promise.all(holders.map((owner) => getCreateHolderTokenAccountInstructionAsync({ payer, owner, mint: mint.address })));
  await executeOrThrow(chain, payer, [
    ...getCreateProjectMintInstructions({ payer, mint, issuer: payer, freezeAuthority: freeze.address, metadata, mintLamports }),
    ...holderAccounts,
  ]);
  return { mint, freeze };
}
