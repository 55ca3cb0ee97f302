// The stored preview a mint is executed from: checks, fees read from the chain, the payer's balance.
import { address } from '@solana/kit';
import { estimateFees, holderAccountSize, projectMintFeePlan, type FeeBreakdown, type PriorityFee, type TokenMetadataInput } from '@carbonledger/chain';
import { REGISTRY_NAMES, insufficientBalanceText, type MintPreview } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { mintPreviewRequest } from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import { fundPlatformKeysLocally, type ChainContext } from '../chain';
import { priorityFeeFor, priorityFeePolicyOf } from '../chain-settings';
import { availableUnits, freeRegistryUnits } from '../registry';
import { holderAccountOf } from './minting.chain';
import { requireMintWallet, requireProject, requireQuantityAvailable } from './minting.checks';
import type { MintingDeps } from './minting.deps';
import { LONGEST_MINT_ADDRESS, projectMintMetadata, tokenMetadataUri } from './minting.metadata';
import * as repository from './minting.repository';
import { mintingSettingsOf } from './minting.settings';

/** How long a stored preview may be executed. */
export const PREVIEW_TTL_MS = 15 * 60_000;

async function feesFor(
  context: ChainContext,
  metadata: TokenMetadataInput,
  existingMint: string | null,
  walletAddress: string,
  priorityFee: PriorityFee | undefined,
): Promise<FeeBreakdown> {
  if (!existingMint) {
    // Creation (issuer + mint key), opening the holder account (freeze key) and the mint-to (issuer).
    return estimateFees(context.chain, projectMintFeePlan(metadata, { signatures: 4, holderAccounts: 1, priorityFee }));
  }
  const account = await context.chain.getTokenAccount(await holderAccountOf(walletAddress, existingMint));
  return estimateFees(context.chain, { tokenAccountSizes: account ? [] : [holderAccountSize()], signatures: account ? 1 : 2, priorityFee });
}

/**
 * docs/product.md §5 Mint preview: the project exists, the quantity is available, whether the project
 * mint exists (otherwise it is created), the wallet is approved, and the fees from the chain
 * against the balance of the key that pays them (the tenant's platform issuer). The preview
 * is stored: execution only accepts a reviewed, unexpired preview of the same user.
 */
export async function previewMint(deps: MintingDeps, actor: Actor, input: z.output<typeof mintPreviewRequest>): Promise<MintPreview> {
  const { context } = deps;
  const facts = await context.db.withTenant(actor.tenantId, async (tx) => {
    const project = await requireProject(deps, tx, input.projectId);
    const vintages = await repository.availableVintages(tx, project.registry, project.id);
    const vintage = input.vintage ?? vintages[0] ?? project.vintages[0] ?? new Date().getUTCFullYear();
    // What the company imported plus what the registry still has free: execution imports the difference.
    const imported = await availableUnits(tx, { registry: project.registry, projectId: project.id, companyId: actor.companyId, vintageYear: vintage });
    const available = imported + (await freeRegistryUnits(deps.registry(tx), project.id, vintage));
    requireQuantityAvailable(input.quantity, available);
    const wallet = await requireMintWallet(tx, actor.companyId, input.walletId);
    const projectMint = await repository.findProjectMint(tx, { registry: project.registry, projectId: project.id, vintage });
    const signers = await context.keyring.signers(tx, actor.tenantId);
    const settings = await mintingSettingsOf(tx);
    const priorityFeePolicy = await priorityFeePolicyOf(tx);
    return {
      project,
      vintage,
      available,
      wallet,
      projectMint: projectMint?.status === 'created' ? projectMint : null,
      issuer: signers.issuer.address,
      freeze: signers.freeze.address,
      settings,
      priorityFeePolicy,
    };
  });
  const decimals = facts.projectMint?.decimals ?? input.decimals;
  const token = { name: facts.projectMint?.name ?? input.tokenName, symbol: facts.projectMint?.symbol ?? input.symbol, logoUrl: input.logoUrl ?? null };
  const metadata = projectMintMetadata(
    facts.project,
    facts.vintage,
    token,
    tokenMetadataUri(deps.publicBaseUrl, facts.projectMint?.mintAddress ?? LONGEST_MINT_ADDRESS),
  );
  // The tenant's priority-fee policy (Settings → Blockchain) prices the transaction: a change shows in the next preview.
  const priorityFee = await priorityFeeFor(facts.priorityFeePolicy, deps.recentPriorityFees ?? (() => Promise.resolve([])));
  const fees = await feesFor(context, metadata, facts.projectMint?.mintAddress ?? null, facts.wallet.address, priorityFee);
  await fundPlatformKeysLocally(context, actor.tenantId);
  // The balance check is on the key that pays (docs/minting.md "Who pays"): the issuer signs and
  // pays every fee, so the receiving wallet's SOL is only reported; it pays nothing here.
  const [balance, walletBalance] = await Promise.all([context.chain.getBalance(facts.issuer), context.chain.getBalance(address(facts.wallet.address))]);
  const sufficient = balance >= fees.total;
  const feeStrings = {
    tokenCreation: fees.tokenCreation.toString(),
    transaction: fees.transaction.toString(),
    associatedTokenAccount: fees.associatedTokenAccount.toString(),
    total: fees.total.toString(),
  };

  const preview = await context.db.withTenant(actor.tenantId, (tx) =>
    repository.insertPreview(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      userId: actor.userId,
      registry: facts.project.registry,
      projectId: facts.project.id,
      projectName: facts.project.name,
      vintage: facts.vintage,
      quantity: input.quantity,
      tokenName: token.name,
      symbol: token.symbol,
      description: input.description ?? null,
      logoUrl: token.logoUrl,
      decimals,
      walletId: facts.wallet.id,
      walletAddress: facts.wallet.address,
      valid: sufficient,
      fees: feeStrings,
      expiresAt: new Date(Date.now() + PREVIEW_TTL_MS),
    }),
  );
  const existingMint = facts.projectMint?.mintAddress ?? null;
  return {
    previewId: preview.id,
    expiresAt: preview.expiresAt.toISOString(),
    valid: sufficient,
    project: {
      id: facts.project.id,
      name: facts.project.name,
      registry: facts.project.registry,
      methodology: facts.project.methodology,
      type: facts.project.type,
    },
    vintage: facts.vintage,
    quantity: input.quantity.toString(),
    availableQuantity: facts.available.toString(),
    token: {
      name: token.name,
      symbol: token.symbol,
      decimals,
      description: input.description ?? null,
      logoUrl: token.logoUrl,
      existingMint,
      willCreateMint: existingMint === null,
      mintAuthority: facts.issuer,
      freezeAuthority: facts.freeze,
      method: 'non-custodial',
    },
    wallet: { id: facts.wallet.id, address: facts.wallet.address, status: facts.wallet.status, approved: true, balance: walletBalance.toString() },
    fees: feeStrings,
    payer: { address: facts.issuer, role: 'platform_issuer', balance: balance.toString(), required: fees.total.toString(), sufficient },
    requiresApproval: input.quantity > BigInt(facts.settings.approvalLimit),
    approvalLimit: facts.settings.approvalLimit,
    checks: {
      projectExists: { ok: true, message: `${facts.project.name} (${REGISTRY_NAMES[facts.project.registry]} ${facts.project.id})` },
      quantityAvailable: { ok: true, message: `${input.quantity} of ${facts.available} tCO2e available for vintage ${facts.vintage}` },
      token: {
        ok: true,
        message: existingMint
          ? `The ${token.symbol} token already exists (${existingMint}); tokens are added to it.`
          : `A new ${token.symbol} token will be created for this project and vintage.`,
      },
      walletApproved: { ok: true, message: `Wallet ${facts.wallet.address} is approved` },
      balance: { ok: sufficient, message: balanceCheckMessage(fees.total, balance) },
    },
  };
}

/** The fee payer's shortfall, else what it covers. */
function balanceCheckMessage(required: bigint, issuerBalance: bigint): string {
  if (issuerBalance < required) return `Platform fee payer: ${insufficientBalanceText(required, issuerBalance)}`;
  return `${required} lamports required, ${issuerBalance} available to the platform fee payer`;
}
