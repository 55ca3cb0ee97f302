import { compileTransaction } from '@solana/kit';
import type { ChainClient } from './client';
import type { BuiltTransactionMessage, PriorityFee } from './builders/transaction';
import { certificateMintLayout } from './builders/certificate';
import { holderAccountSize, projectMintLayout, type TokenMetadataInput } from './builders/token';

/** The base fee of every signature a transaction carries. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** What a user pays, in lamports, as the product shows it (docs/product.md, Fees): token creation, transaction, token account, total. */
export interface FeeBreakdown {
  tokenCreation: bigint;
  transaction: bigint;
  associatedTokenAccount: bigint;
  total: bigint;
}

export interface FeePlan {
  /** Final size of a mint the transaction creates (rent is paid for it). */
  mintAccountSize?: number;
  /** Sizes of the token accounts the transaction creates. */
  tokenAccountSizes?: readonly number[];
  signatures: number;
  priorityFee?: PriorityFee;
}

type RentSource = Pick<ChainClient, 'getMinimumBalanceForRentExemption'>;

/** Priority fee in lamports: compute units × micro-lamports per unit, rounded up. */
export function priorityFeeLamports(fee: PriorityFee | undefined): bigint {
  if (!fee) return 0n;
  const microLamports = BigInt(fee.computeUnitLimit) * fee.microLamportsPerComputeUnit;
  return (microLamports + 999_999n) / 1_000_000n;
}

/** Fees from the chain's own rent for the exact account sizes, plus signatures and priority. */
export async function estimateFees(chain: RentSource, plan: FeePlan): Promise<FeeBreakdown> {
  const tokenCreation = plan.mintAccountSize === undefined ? 0n : await chain.getMinimumBalanceForRentExemption(plan.mintAccountSize);
  let associatedTokenAccount = 0n;
  for (const size of plan.tokenAccountSizes ?? []) associatedTokenAccount += await chain.getMinimumBalanceForRentExemption(size);
  const transaction = LAMPORTS_PER_SIGNATURE * BigInt(plan.signatures) + priorityFeeLamports(plan.priorityFee);
  return { tokenCreation, transaction, associatedTokenAccount, total: tokenCreation + transaction + associatedTokenAccount };
}

/** Number of signatures a built message will carry. */
export function signatureCount(message: BuiltTransactionMessage): number {
  return Object.keys(compileTransaction(message).signatures).length;
}

/** Creating a project mint (and optionally the first holder accounts) in one transaction. */
export function projectMintFeePlan(metadata: TokenMetadataInput, options: { signatures: number; holderAccounts?: number; priorityFee?: PriorityFee }): FeePlan {
  return {
    mintAccountSize: projectMintLayout(metadata).finalSize,
    tokenAccountSizes: Array.from({ length: options.holderAccounts ?? 0 }, () => holderAccountSize()),
    signatures: options.signatures,
    priorityFee: options.priorityFee,
  };
}

/** A retirement with its certificate: the certificate mint and the holder's certificate account. */
export function certificateFeePlan(metadata: TokenMetadataInput, options: { signatures: number; priorityFee?: PriorityFee }): FeePlan {
  return {
    mintAccountSize: certificateMintLayout(metadata).finalSize,
    tokenAccountSizes: [holderAccountSize({ nonTransferable: true })],
    signatures: options.signatures,
    priorityFee: options.priorityFee,
  };
}
