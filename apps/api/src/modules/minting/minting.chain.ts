import { address, generateKeyPairSigner, type Address } from '@solana/kit';
import {
  getMemoInstruction,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  getMintTokensInstruction,
  projectMintLayout,
  type TokenMetadataInput,
  type PriorityFee,
} from '@carbonledger/chain';
import type { RegistryId } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { sendPlatformTransaction, trackSentSubmissions, type ChainContext } from '../chain';
import { openMintForApprovedWallets, openWalletAccounts, recordTokenMint } from '../wallets';
import * as repository from './minting.repository';

export const CREATE_MINT_KIND = 'minting.create-mint';
export const MINT_TO_KIND = 'minting.mint-to';

/**
 * The chain did not decide a transaction yet (sent, not confirmed). Nothing may be sent
 * again for it until it is decided; the caller retries later.
 */
export class ChainUndecidedError extends AppError {
  constructor(what: string) {
    super('SERVICE_UNAVAILABLE', `${what} was sent but is not confirmed yet. Please try again in a moment.`);
  }
}

export interface ProjectMintSpec {
  tenantId: string;
  registry: RegistryId;
  projectId: string;
  vintage: number;
  name: string;
  symbol: string;
  decimals: number;
  /** The mint's on-chain metadata; its uri names the mint, which is only known once claimed. */
  metadataFor: (mint: string) => TokenMetadataInput;
  createdBy: string | null;
  /** What the mint preview charged for (priorityFeeOfTenant). */
  priorityFee?: PriorityFee;
}

/** Creation transactions left longer than this without reaching the chain are given up and started again with a new mint key. */
const STALE_CREATION_MS = 120_000;

async function createOnChain(
  context: ChainContext,
  spec: ProjectMintSpec,
  row: repository.ProjectMintRow,
  mintSigner: Awaited<ReturnType<typeof generateKeyPairSigner>>,
) {
  const metadata = spec.metadataFor(mintSigner.address);
  const mintLamports = await context.chain.getMinimumBalanceForRentExemption(projectMintLayout(metadata).finalSize);
  const result = await sendPlatformTransaction(context, {
    tenantId: spec.tenantId,
    kind: CREATE_MINT_KIND,
    feePayer: 'issuer',
    reference: { mintReference: row.id, mint: mintSigner.address, projectId: spec.projectId, vintage: spec.vintage },
    createdBy: spec.createdBy,
    priorityFee: spec.priorityFee,
    build: (platform) =>
      getCreateProjectMintInstructions({
        payer: platform.issuer,
        mint: mintSigner,
        issuer: platform.issuer,
        freezeAuthority: platform.freeze.address,
        metadata,
        mintLamports,
        decimals: spec.decimals,
      }),
  });
  if (result.status === 'sent') throw new ChainUndecidedError('The token creation');
  if (result.status !== 'confirmed') throw new AppError('SERVICE_UNAVAILABLE', `Token creation failed on chain: ${result.error ?? result.status}`);
}

/**
 * The project+vintage Token-2022 mint, created once: the row is claimed before the chain is
 * touched (a unique index keeps one per project and vintage), the mint is created with
 * metadata, recorded in token_mints and opened for the tenant's approved wallets. A claim
 * left by a crash is finished from the chain when the mint exists, else started again.
 */
export async function ensureProjectMint(context: ChainContext, spec: ProjectMintSpec): Promise<repository.ProjectMintRow> {
  const key = { registry: spec.registry, projectId: spec.projectId, vintage: spec.vintage };
  const mintSigner = await generateKeyPairSigner();
  const { row, claimed } = await context.db.withTenant(spec.tenantId, async (tx) => {
    const existing = await repository.findProjectMint(tx, key);
    if (existing) return { row: existing, claimed: false };
    const inserted = await repository.claimProjectMint(tx, {
      tenantId: spec.tenantId,
      ...key,
      mintAddress: mintSigner.address,
      status: 'creating',
      name: spec.name,
      symbol: spec.symbol,
      decimals: spec.decimals,
    });
    return inserted ? { row: inserted, claimed: true } : { row: (await repository.findProjectMint(tx, key))!, claimed: false };
  });
  if (row.status === 'created') return row;

  let creating = row;
  if (claimed) {
    await createOnChain(context, spec, creating, mintSigner);
  } else if (!(await context.chain.getMint(address(creating.mintAddress)))) {
    const undecided = await context.db.withTenant(spec.tenantId, (tx) => repository.submissionsFor(tx, CREATE_MINT_KIND, creating.id));
    const inFlight = undecided.some((submission) => submission.status === 'sent' || submission.status === 'pending');
    if (inFlight || (undecided.length === 0 && Date.now() - creating.updatedAt.getTime() < STALE_CREATION_MS))
      throw new ChainUndecidedError('The token creation');
    creating = await context.db.withTenant(spec.tenantId, (tx) => repository.updateProjectMint(tx, creating.id, { mintAddress: mintSigner.address }));
    await createOnChain(context, spec, creating, mintSigner);
  }

  const created = await context.db.withTenant(spec.tenantId, async (tx) => {
    await recordTokenMint(tx, {
      tenantId: spec.tenantId,
      projectReference: `${spec.registry}:${spec.projectId}:${spec.vintage}`,
      mintAddress: creating.mintAddress,
      symbol: creating.symbol,
      name: creating.name,
      decimals: creating.decimals,
    });
    return repository.updateProjectMint(tx, creating.id, { status: 'created' });
  });
  await openMintForApprovedWallets(context, spec.tenantId, created.mintAddress);
  return created;
}

export interface MintToRequest {
  tenantId: string;
  /** Stable id of what is minted (an operation, a batch chunk): at most one confirmed mint-to per reference. */
  mintReference: string;
  mint: string;
  owner: string;
  amount: bigint;
  decimals: number;
  createdBy: string | null;
  /** What the mint preview charged for (priorityFeeOfTenant). */
  priorityFee?: PriorityFee;
  /**
   * The caller has just read that no submission of the reference exists (a batch reads all its
   * chunks' at once): the reconciling read is skipped, and the check made under a lock where the
   * new submission is recorded decides alone.
   */
  noneSubmittedBefore?: boolean;
  /**
   * What the caller records of the confirmed mint-to: written in the database transaction that
   * marks the submission confirmed, or in one of its own when an earlier run's mint-to is found
   * confirmed, so the record commits exactly when the effect is known to have landed.
   */
  record?: (tx: Tx, signature: string) => Promise<void>;
}

/** A submission that forbids another mint-to of its reference: confirmed, or not decided yet. */
const holdsReference = (submission: { status: string }) => submission.status !== 'failed' && submission.status !== 'expired';

/** The mint-tos recorded for a reference, those already sent reconciled with the chain first. */
async function mintTosOf(context: ChainContext, tenantId: string, mintReference: string) {
  const previous = () => context.db.withTenant(tenantId, (tx) => repository.submissionsFor(tx, MINT_TO_KIND, mintReference));
  const submissions = await previous();
  if (!submissions.some((submission) => submission.status === 'sent')) return submissions;
  await trackSentSubmissions(context);
  return previous();
}

/** Whether the chain confirmed a mint-to of the reference (recording it then sends nothing). */
export async function mintToConfirmed(context: ChainContext, tenantId: string, mintReference: string): Promise<boolean> {
  return (await mintTosOf(context, tenantId, mintReference)).some((submission) => submission.status === 'confirmed');
}

/**
 * Mints to the owner's token account exactly once per reference. Before sending, the
 * submissions recorded for the reference are reconciled with the chain: a confirmed one is
 * the answer, an undecided one stops the retry, only failed or expired ones allow a new send.
 * The new submission is recorded only if, under a lock on the reference, that still holds.
 */
export async function mintToOnce(context: ChainContext, request: MintToRequest): Promise<{ signature: string }> {
  const { record } = request;
  if (!request.noneSubmittedBefore) {
    const submissions = await mintTosOf(context, request.tenantId, request.mintReference);
    const confirmed = submissions.find((submission) => submission.status === 'confirmed');
    if (confirmed) {
      if (record) await context.db.withTenant(request.tenantId, (tx) => record(tx, confirmed.signature!));
      return { signature: confirmed.signature! };
    }
    if (submissions.some(holdsReference)) throw new ChainUndecidedError('The mint transaction');
  }

  const mint = address(request.mint);
  const owner = address(request.owner);
  const account = await findHolderTokenAccount(owner, mint);
  const holding = await context.chain.getTokenAccount(account);
  if (!holding || holding.frozen) {
    const opened = await openWalletAccounts(context, request.tenantId, owner, [mint], { mintReference: request.mintReference });
    if (!opened.complete) throw new ChainUndecidedError("Opening the wallet's token account");
  }
  const result = await sendPlatformTransaction(context, {
    tenantId: request.tenantId,
    kind: MINT_TO_KIND,
    feePayer: 'issuer',
    reference: { mintReference: request.mintReference, mint: request.mint, owner: request.owner, amount: request.amount.toString() },
    createdBy: request.createdBy,
    priorityFee: request.priorityFee,
    // The memo names the reference: two mint-tos of the same amount to the same account in one
    // block would otherwise be byte-identical (same signature) and count as one transaction.
    build: (platform) => [
      getMintTokensInstruction({ mint, destination: account, issuer: platform.issuer, amount: request.amount, decimals: request.decimals }),
      getMemoInstruction(`carbonledger:mint:${request.mintReference}`),
    ],
    mayRecord: async (tx) => {
      await repository.lockMintReference(tx, request.mintReference);
      return !(await repository.submissionsFor(tx, MINT_TO_KIND, request.mintReference)).some(holdsReference);
    },
    onConfirmed: record && ((tx, confirmed) => record(tx, confirmed.signature)),
  });
  // Another runner recorded a mint-to of the reference since it was read (or the read was skipped): reconcile with it.
  if (!result) return mintToOnce(context, { ...request, noneSubmittedBefore: false });
  if (result.status === 'sent') throw new ChainUndecidedError('The mint transaction');
  if (result.status !== 'confirmed') throw new AppError('SERVICE_UNAVAILABLE', `The mint transaction failed on chain: ${result.error ?? result.status}`);
  return { signature: result.signature };
}

export function holderAccountOf(owner: string, mint: string): Promise<Address> {
  return findHolderTokenAccount(address(owner), address(mint));
}
