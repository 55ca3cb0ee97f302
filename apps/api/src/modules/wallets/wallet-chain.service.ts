import { address, type Address, type Instruction } from '@solana/kit';
import { randomUUID } from 'node:crypto';
import {
  getMemoInstruction,
  getCreateHolderTokenAccountInstructionAsync,
  findHolderTokenAccount,
  getFreezeTokenAccountInstruction,
  getThawTokenAccountInstruction,
  type ChainTokenAccount,
} from '@carbonledger/chain';
import { OPERATIONAL_WALLET_STATUSES } from '@carbonledger/contracts';
import { fundPlatformKeysLocally, sendPlatformTransaction, type ChainContext, type SubmissionResult } from '../chain';
import { listTokenMints } from './token-mints.repository';
import { walletsWithStatus } from './wallets.repository';

/** What the wallet chain functions need: `app.chainContext`. */
export type WalletChainContext = ChainContext;

/** Instructions per transaction: a create + thaw pair for each of this many mints fits well under the size limit. */
const MINTS_PER_TRANSACTION = 5;

/**
 * Thawing (or freezing) the same accounts again while the blockhash has not moved on would
 * build a byte-identical transaction, which the cluster drops as already processed; a
 * one-off memo keeps every decision its own transaction.
 */
function decisionMemo(kind: string): Instruction {
  return getMemoInstruction(`carbonledger:${kind}:${randomUUID()}`);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

interface Holding {
  mint: Address;
  account: Address;
  onChain: ChainTokenAccount | null;
}

async function holdingsOf(context: WalletChainContext, owner: Address, mints: readonly Address[]): Promise<Holding[]> {
  return Promise.all(
    mints.map(async (mint) => {
      const account = await findHolderTokenAccount(owner, mint);
      return { mint, account, onChain: await context.chain.getTokenAccount(account) };
    }),
  );
}

async function sendInBatches(
  context: WalletChainContext,
  tenantId: string,
  kind: string,
  reference: Record<string, unknown>,
  items: readonly Holding[],
  build: (holding: Holding, platform: Parameters<Parameters<typeof sendPlatformTransaction>[1]['build']>[0]) => Promise<Instruction[]>,
): Promise<SubmissionResult[]> {
  const results: SubmissionResult[] = [];
  for (const batch of chunks(items, MINTS_PER_TRANSACTION)) {
    results.push(
      await sendPlatformTransaction(context, {
        tenantId,
        kind,
        feePayer: 'freeze',
        reference: { ...reference, mints: batch.map((item) => item.mint) },
        build: async (platform) => [...(await Promise.all(batch.map((item) => build(item, platform)))).flat(), decisionMemo(kind)],
      }),
    );
  }
  return results;
}

export interface ChainStep {
  /** True when every account is in the wanted state on chain. */
  complete: boolean;
  submissions: SubmissionResult[];
}

/**
 * Opens the wallet for token operations: creates its associated token account for each
 * mint (idempotently; project mints create them frozen) and thaws the frozen ones, paid
 * and signed by the tenant's freeze key.
 */
export async function openWalletAccounts(
  context: WalletChainContext,
  tenantId: string,
  owner: string,
  mints: readonly string[],
  reference: Record<string, unknown>,
): Promise<ChainStep> {
  if (mints.length === 0) return { complete: true, submissions: [] };
  await fundPlatformKeysLocally(context, tenantId);
  const ownerAddress = address(owner);
  const mintAddresses = mints.map((mint) => address(mint));
  const missing = (await holdingsOf(context, ownerAddress, mintAddresses)).filter((holding) => !holding.onChain);
  const created = await sendInBatches(context, tenantId, 'wallet.open', reference, missing, async (holding, platform) => [
    await getCreateHolderTokenAccountInstructionAsync({ payer: platform.freeze, owner: ownerAddress, mint: holding.mint }),
  ]);
  const frozen = (await holdingsOf(context, ownerAddress, mintAddresses)).filter((holding) => holding.onChain?.frozen);
  const thawed = await sendInBatches(context, tenantId, 'wallet.open', reference, frozen, async (holding, platform) => [
    getThawTokenAccountInstruction({ account: holding.account, mint: holding.mint, freezeAuthority: platform.freeze }),
  ]);
  const after = await holdingsOf(context, ownerAddress, mintAddresses);
  return { complete: after.every((holding) => holding.onChain && !holding.onChain.frozen), submissions: [...created, ...thawed] };
}

/** Freezes every token account the wallet has for these mints that is not frozen yet. */
export async function freezeWalletAccounts(
  context: WalletChainContext,
  tenantId: string,
  owner: string,
  mints: readonly string[],
  reference: Record<string, unknown>,
): Promise<ChainStep> {
  if (mints.length === 0) return { complete: true, submissions: [] };
  const ownerAddress = address(owner);
  const mintAddresses = mints.map((mint) => address(mint));
  const open = (await holdingsOf(context, ownerAddress, mintAddresses)).filter((holding) => holding.onChain && !holding.onChain.frozen);
  if (open.length === 0) return { complete: true, submissions: [] };
  await fundPlatformKeysLocally(context, tenantId);
  const submissions = await sendInBatches(context, tenantId, 'wallet.freeze', reference, open, async (holding, platform) => [
    getFreezeTokenAccountInstruction({ account: holding.account, mint: holding.mint, freezeAuthority: platform.freeze }),
  ]);
  const after = await holdingsOf(context, ownerAddress, mintAddresses);
  return { complete: after.every((holding) => !holding.onChain || holding.onChain.frozen), submissions };
}

export async function allowedMintAddresses(context: WalletChainContext, tenantId: string): Promise<string[]> {
  return (await context.db.withTenant(tenantId, (tx) => listTokenMints(tx))).map((mint) => mint.mintAddress);
}

/**
 * For the minting feature, once a new project mint of the tenant exists on chain: creates
 * and thaws the token accounts of every approved or active wallet of the tenant for it.
 */
export async function openMintForApprovedWallets(context: WalletChainContext, tenantId: string, mint: string): Promise<SubmissionResult[]> {
  const wallets = await context.db.withTenant(tenantId, (tx) => walletsWithStatus(tx, OPERATIONAL_WALLET_STATUSES));
  const submissions: SubmissionResult[] = [];
  for (const wallet of wallets) {
    const step = await openWalletAccounts(context, tenantId, wallet.address, [mint], { walletId: wallet.id });
    submissions.push(...step.submissions);
  }
  return submissions;
}
