import { address } from '@solana/kit';
import { estimateFees, holderAccountSize, projectMintFeePlan, type FeeBreakdown, type TokenMetadataInput } from '@carbonledger/chain';
import {
  API_BASE_PATH,
  DEFAULT_APPROVAL_LIMIT_TCO2E,
  DEFAULT_PRICES_USD_CENTS,
  REGISTRY_NAMES,
  fileStoreCidOfLogo,
  formatBaseUnits,
  insufficientBalanceText,
  isOperationalWalletStatus,
  mintingTexts,
  registryTexts,
  type ApprovalRequest,
  type CarbonProject,
  type ExecuteMintResult,
  type MintingSettings,
  type MintOperation,
  type MintPreview,
  type ProjectType,
  type Role,
  type TokenMetadataDocument,
} from '@carbonledger/contracts';
import type { z } from 'zod';
import type { mintPreviewRequest, updateMintingSettingsRequest } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import { recordAudit } from '../audit/audit.service';
import type { BindOperation } from '../idempotency/idempotency.plugin';
import { fundPlatformKeysLocally, type ChainContext } from '../chain/submissions.service';
import { notify, type NotificationPublisher } from '../notifications/notifications.service';
import type { RegistryProvider } from '../registry/registry.adapter';
import { availableUnits, freeRegistryUnits, importFreeUnits, markTokenised, releaseReservation, reserveUnits } from '../registry/vcu-blocks.service';
import { lockSelection } from '../registry/vcu-blocks.repository';
import { ChainUndecidedError, ensureProjectMint, holderAccountOf, mintToConfirmed, mintToOnce } from './minting.chain';
import * as repository from './minting.repository';

export interface MintingDeps {
  context: ChainContext;
  publisher: NotificationPublisher;
  live: { emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void; transactionRecorded(tenantId: string, record: { kind: 'mint_operation' | 'minting_job'; id: string }): void };
  explorer: ExplorerTarget;
  /** Where project facts come from: the configured registry (Verra) or the embedded sandbox. */
  registry: RegistryProvider;
  /** This deployment's public origin (PUBLIC_URL), for the metadata uri written on chain. */
  publicBaseUrl: string;
}

export type MintingActor = Actor;

export const PREVIEW_TTL_MS = 15 * 60_000;
const APPROVAL_TIMEOUT_MS = 48 * 60 * 60_000;
const APPROVER_ROLE: Role = 'ADMIN';
/** A processing operation untouched for this long has lost its runner (crash, restart) and may be resumed. */
export const STALE_PROCESSING_MS = 60_000;

export async function mintingSettingsOf(tx: Tx): Promise<MintingSettings> {
  const row = await repository.findSettings(tx);
  return {
    approvalLimit: (row?.approvalLimit ?? DEFAULT_APPROVAL_LIMIT_TCO2E).toString(),
    pricesUsdCents: { ...DEFAULT_PRICES_USD_CENTS, ...(row?.pricesUsdCents ?? {}) },
  };
}

export async function updateMintingSettings(tx: Tx, actor: MintingActor, change: z.output<typeof updateMintingSettingsRequest>): Promise<MintingSettings> {
  const current = await mintingSettingsOf(tx);
  const approvalLimit = change.approvalLimit ?? BigInt(current.approvalLimit);
  const pricesUsdCents = { ...current.pricesUsdCents, ...(change.pricesUsdCents ?? {}) } as Record<ProjectType, number>;
  await repository.upsertSettings(tx, { tenantId: actor.tenantId, approvalLimit, pricesUsdCents });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'minting.settings_updated',
    resourceType: 'minting_settings',
    resourceId: actor.tenantId,
    details: { approvalLimit: approvalLimit.toString(), pricesUsdCents },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
  return mintingSettingsOf(tx);
}

/** Where a project mint's metadata JSON is served: the on-chain uri, so wallets and explorers show the serial ranges behind the token. */
export function tokenMetadataUri(publicBaseUrl: string, mint: string): string {
  return `${publicBaseUrl}${API_BASE_PATH}/public/tokens/${mint}/metadata.json`;
}

/**
 * Stands in for the mint address when fees are estimated before the mint exists: base58
 * addresses are at most 44 characters, so the estimate is never below the real rent.
 */
const LONGEST_MINT_ADDRESS = '1'.repeat(44);

/** On-chain metadata of a project+vintage mint: the registry facts a holder can read from the token itself. */
export function projectMintMetadata(project: Pick<CarbonProject, 'id' | 'registry' | 'methodology'>, vintage: number, token: { name: string; symbol: string }, uri: string): TokenMetadataInput {
  return {
    name: token.name,
    symbol: token.symbol,
    uri,
    additionalFields: [
      ['projectId', project.id],
      ['registry', REGISTRY_NAMES[project.registry]],
      ['methodology', project.methodology],
      ['vintage', String(vintage)],
    ],
  };
}

/** A logo of the product's file store is published under this deployment's origin; any other logo is https (the contract's rule). */
function logoImageUrl(publicBaseUrl: string, logoUrl: string): string {
  const cid = fileStoreCidOfLogo(logoUrl);
  return cid ? `${publicBaseUrl}${API_BASE_PATH}/files/${cid}` : logoUrl;
}

async function requireProject(deps: MintingDeps, tx: Tx, projectId: string): Promise<CarbonProject> {
  const project = await deps.registry(tx).getProject(projectId);
  if (!project) throw new AppError('NOT_FOUND', registryTexts.projectNotFound, { fields: { projectId: [registryTexts.projectNotFound] } });
  return project;
}

/** The wallet that receives tokens: a wallet of the caller's company that an administrator approved. */
export async function requireMintWallet(tx: Tx, companyId: string, walletId: string): Promise<repository.CompanyWalletRow> {
  const wallet = await repository.findWallet(tx, walletId);
  if (!wallet || wallet.companyId !== companyId || wallet.removedAt || !isOperationalWalletStatus(wallet.status)) {
    throw AppError.validation({ walletId: [mintingTexts.walletNotApproved] }, mintingTexts.walletNotApproved);
  }
  return wallet;
}

function requireQuantityAvailable(quantity: bigint, available: bigint): void {
  if (quantity > available) {
    throw AppError.validation({ quantity: [`${mintingTexts.quantityUnavailable} At most ${available} tCO2e are available.`] }, mintingTexts.quantityUnavailable);
  }
}

async function feesFor(context: ChainContext, metadata: TokenMetadataInput, existingMint: string | null, walletAddress: string): Promise<FeeBreakdown> {
  if (!existingMint) {
    // Creation (issuer + mint key), opening the holder account (freeze key) and the mint-to (issuer).
    return estimateFees(context.chain, projectMintFeePlan(metadata, { signatures: 4, holderAccounts: 1 }));
  }
  const account = await context.chain.getTokenAccount(await holderAccountOf(walletAddress, existingMint));
  return estimateFees(context.chain, { tokenAccountSizes: account ? [] : [holderAccountSize()], signatures: account ? 1 : 2 });
}

/**
 * SPEC §5 Mint preview: the project exists, the quantity is available, whether the project
 * mint exists (otherwise it is created), the wallet is approved, and the fees from the chain
 * against the balance of the key that pays them (the tenant's platform issuer). The preview
 * is stored: execution only accepts a reviewed, unexpired preview of the same user.
 */
export async function previewMint(deps: MintingDeps, actor: MintingActor, input: z.output<typeof mintPreviewRequest>): Promise<MintPreview> {
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
    return { project, vintage, available, wallet, projectMint: projectMint?.status === 'created' ? projectMint : null, issuer: signers.issuer.address, freeze: signers.freeze.address, settings };
  });
  const decimals = facts.projectMint?.decimals ?? input.decimals;
  const token = { name: facts.projectMint?.name ?? input.tokenName, symbol: facts.projectMint?.symbol ?? input.symbol, logoUrl: input.logoUrl ?? null };
  const metadata = projectMintMetadata(facts.project, facts.vintage, token, tokenMetadataUri(deps.publicBaseUrl, facts.projectMint?.mintAddress ?? LONGEST_MINT_ADDRESS));
  const fees = await feesFor(context, metadata, facts.projectMint?.mintAddress ?? null, facts.wallet.address);
  await fundPlatformKeysLocally(context, actor.tenantId);
  // The balance check is on the key that pays (docs/minting.md "Who pays"): the issuer signs and
  // pays every fee, so the receiving wallet's SOL is only reported; it pays nothing here.
  const [balance, walletBalance] = await Promise.all([context.chain.getBalance(facts.issuer), context.chain.getBalance(address(facts.wallet.address))]);
  const sufficient = balance >= fees.total;
  const feeStrings = { tokenCreation: fees.tokenCreation.toString(), transaction: fees.transaction.toString(), associatedTokenAccount: fees.associatedTokenAccount.toString(), total: fees.total.toString() };

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
    project: { id: facts.project.id, name: facts.project.name, registry: facts.project.registry, methodology: facts.project.methodology, type: facts.project.type },
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
      token: { ok: true, message: existingMint ? `The ${token.symbol} token already exists (${existingMint}); tokens are added to it.` : `A new ${token.symbol} token will be created for this project and vintage.` },
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

export function toMintOperation(explorer: MintingDeps['explorer'], row: repository.MintOperationRow): MintOperation {
  return {
    id: row.id,
    status: row.status,
    projectId: row.projectId,
    projectName: row.projectName,
    registry: row.registry,
    vintage: row.vintage,
    quantity: row.quantity.toString(),
    tokenName: row.tokenName,
    symbol: row.symbol,
    walletAddress: row.walletAddress,
    mintAddress: row.mintAddress,
    signature: row.signature,
    explorerUrl: row.signature ? explorerUrl(explorer, 'tx', row.signature) : null,
    serialNumbers: row.serialNumbers,
    error: row.error,
    approvalRequestId: row.approvalRequestId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toApprovalRequest(row: repository.ApprovalRequestRow): ApprovalRequest {
  return {
    id: row.id,
    type: row.type,
    requestorId: row.requestorId,
    projectId: row.projectId,
    credits: row.credits.toString(),
    status: row.status,
    priority: row.priority,
    level: row.level,
    approverRole: row.approverRole,
    timeoutAt: row.timeoutAt.toISOString(),
    operationId: row.operationId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function priorityFor(credits: bigint, limit: bigint): repository.ApprovalRequestRow['priority'] {
  if (credits >= limit * 10n) return 'critical';
  if (credits >= limit * 5n) return 'high';
  return 'medium';
}

type ExecuteOutcome = { result: ExecuteMintResult; awaitingApproval: boolean };
/** What executing an operation does now: run it (again) or answer its state; `created` marks a new approval request. */
type ExecutionStep = { operation: repository.MintOperationRow; approval: repository.ApprovalRequestRow | null; run: boolean; created?: true };

const ALREADY_PROCESSING = 'This minting is already being processed.';

/**
 * Executing an existing operation again: a run that stopped on an undecided chain transaction
 * (or died) is resumed once it is stale — mintToOnce reconciles what it sent — and so is one
 * whose runner died before it started; a failed one runs again (SPEC "failure with retry")
 * unless its approval is still open. 'running' while its runner may still be alive.
 */
async function nextStepOf(tx: Tx, operation: repository.MintOperationRow): Promise<ExecutionStep | 'running'> {
  const approval = operation.approvalRequestId ? ((await repository.findApproval(tx, operation.approvalRequestId)) ?? null) : null;
  const cleared = !approval || approval.status === 'approved';
  const runnable = operation.status === 'processing' || operation.status === 'failed' || (operation.status === 'pending' && cleared);
  if (!runnable || (operation.status === 'failed' && !cleared)) return { operation, approval, run: false };
  const fresh = Date.now() - operation.updatedAt.getTime() < STALE_PROCESSING_MS;
  if (operation.status !== 'failed' && fresh) return 'running';
  return { operation, approval, run: true };
}

/**
 * Executes a reviewed preview once. A preview's operation is created on the first call;
 * later calls answer its state (or run it again after a failure: SPEC "failure with retry").
 * Above the tenant's approval limit an approval request is created instead. `bindKey` ties
 * the request's Idempotency-Key to the operation in the transaction that creates (or finds) it.
 */
export async function executeMint(deps: MintingDeps, actor: MintingActor, previewId: string, bindKey?: BindOperation): Promise<ExecuteOutcome> {
  const step = await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const preview = await repository.findPreviewForUpdate(tx, previewId);
    if (!preview || preview.userId !== actor.userId) throw new AppError('CONFLICT', mintingTexts.cannotExecute, { fields: { previewId: [mintingTexts.cannotExecute] } });
    const existing = await repository.findOperationOfPreview(tx, preview.id);
    const next = existing ? await nextStepOf(tx, existing) : await openOperation(tx, actor, preview);
    if (next === 'running') throw new AppError('CONFLICT', ALREADY_PROCESSING);
    await bindKey?.(tx, next.operation.id);
    return next;
  });
  return carryOut(deps, actor, step);
}

/**
 * What an execute whose request stored no answer (it died after the mint-to, or still runs)
 * answers for its operation: what executing the preview again would, except that a run that
 * may still be alive is left to itself — unless the chain confirmed its mint-to, which then
 * only needs recording. Undefined while the operation is undecided.
 */
export async function executedMintOutcome(deps: MintingDeps, actor: MintingActor, operationId: string): Promise<ExecuteOutcome | undefined> {
  const minted = await mintToConfirmed(deps.context, actor.tenantId, operationId);
  const step = await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const operation = await repository.findOperationForUpdate(tx, operationId);
    if (!operation || operation.companyId !== actor.companyId) throw AppError.notFound('Mint operation');
    const next = await nextStepOf(tx, operation);
    return next === 'running' && minted ? { operation, approval: null, run: true } : next;
  });
  return step === 'running' ? undefined : carryOut(deps, actor, step);
}

/** A new operation for the preview, or an approval request for it above the tenant's limit. */
async function openOperation(tx: Tx, actor: MintingActor, preview: repository.MintPreviewRow): Promise<ExecutionStep> {
  if (preview.expiresAt.getTime() < Date.now()) throw new AppError('CONFLICT', mintingTexts.cannotExecute, { fields: { previewId: ['The preview has expired. Please review it again.'] } });
  if (!preview.valid) throw new AppError('CONFLICT', mintingTexts.insufficientBalance, { fields: { previewId: [mintingTexts.insufficientBalance] } });
  await requireMintWallet(tx, actor.companyId, preview.walletId);
  const operation = await repository.insertOperation(tx, {
    tenantId: actor.tenantId,
    companyId: actor.companyId,
    userId: actor.userId,
    previewId: preview.id,
    registry: preview.registry,
    projectId: preview.projectId,
    projectName: preview.projectName,
    vintage: preview.vintage,
    quantity: preview.quantity,
    tokenName: preview.tokenName,
    symbol: preview.symbol,
    description: preview.description,
    logoUrl: preview.logoUrl,
    decimals: preview.decimals,
    walletId: preview.walletId,
    walletAddress: preview.walletAddress,
    status: 'pending',
  });
  const limit = BigInt((await mintingSettingsOf(tx)).approvalLimit);
  if (preview.quantity <= limit) return { operation, approval: null, run: true };
  const approval = await repository.insertApproval(tx, {
    tenantId: actor.tenantId,
    companyId: actor.companyId,
    type: 'mint',
    requestorId: actor.userId,
    projectId: preview.projectId,
    credits: preview.quantity,
    priority: priorityFor(preview.quantity, limit),
    level: 1,
    approverRole: APPROVER_ROLE,
    timeoutAt: new Date(Date.now() + APPROVAL_TIMEOUT_MS),
    operationId: operation.id,
  });
  const waiting = await repository.updateOperation(tx, operation.id, { approvalRequestId: approval.id });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'mint.approval_requested',
    resourceType: 'approval_request',
    resourceId: approval.id,
    details: { operationId: operation.id, projectId: preview.projectId, credits: preview.quantity.toString(), limit: limit.toString() },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
  return { operation: waiting, approval, run: false, created: true };
}

/** Notifies the approvers of a new approval request, then runs the operation or answers its state. */
async function carryOut(deps: MintingDeps, actor: MintingActor, step: ExecutionStep): Promise<ExecuteOutcome> {
  if (step.created && step.approval) {
    await notify(deps.context.db, deps.publisher, actor.tenantId, { roles: ['ADMIN', 'SUPER_ADMIN'] }, {
      type: 'APPROVAL',
      title: 'Mint approval requested',
      message: `${step.operation.quantity} tCO2e of ${step.operation.projectName} (vintage ${step.operation.vintage}) await approval.`,
      link: '/approvals',
    });
  }
  const approval = step.approval ? toApprovalRequest(step.approval) : null;
  if (!step.run) {
    return { result: { operation: toMintOperation(deps.explorer, step.operation), approval }, awaitingApproval: step.approval?.status === 'pending' };
  }
  const operation = await runMintOperation(deps, actor.tenantId, step.operation.id);
  return { result: { operation: toMintOperation(deps.explorer, operation), approval }, awaitingApproval: false };
}

async function failOperation(deps: MintingDeps, tenantId: string, operation: repository.MintOperationRow, error: unknown): Promise<repository.MintOperationRow> {
  const message = error instanceof Error ? error.message : String(error);
  const failed = await deps.context.db.withTenant(tenantId, async (tx) => {
    await releaseReservation(tx, operation.id);
    const row = await repository.updateOperation(tx, operation.id, { status: 'failed', error: message });
    await recordAudit(tx, { tenantId, actorUserId: operation.userId, action: 'mint.failed', resourceType: 'mint_operation', resourceId: operation.id, details: { error: message } });
    return row;
  });
  deps.live.transactionRecorded(tenantId, { kind: 'mint_operation', id: operation.id });
  if (operation.userId) {
    await notify(deps.context.db, deps.publisher, tenantId, { userIds: [operation.userId] }, { type: 'TRANSACTION', title: mintingTexts.mintingFailed, message, link: '/minting' });
  }
  return failed;
}

/**
 * Runs a mint operation: reserve the VCUs (under the operation's id, so a retry finds its own
 * reservation), make sure the project mint exists, mint to the wallet once, then mark the VCUs
 * tokenised. A failure releases the reservation; a transaction the chain has not decided yet
 * leaves everything reserved for the next attempt to reconcile.
 */
export async function runMintOperation(deps: MintingDeps, tenantId: string, operationId: string): Promise<repository.MintOperationRow> {
  const { context } = deps;
  const claimed = await context.db.withTenant(tenantId, async (tx) => {
    const operation = await repository.findOperationForUpdate(tx, operationId);
    if (!operation) throw AppError.notFound('Mint operation');
    if (operation.status === 'completed') return { operation, project: null };
    const project = await requireProject(deps, tx, operation.projectId);
    const reserved = await lockSelection(tx, { status: 'reserved', mintReference: operation.id });
    if (reserved.length === 0) {
      try {
        const source = { registry: operation.registry, projectId: operation.projectId, companyId: operation.companyId, vintageYear: operation.vintage };
        const imported = await availableUnits(tx, source);
        if (imported < operation.quantity) {
          const actor = { tenantId, companyId: operation.companyId, userId: operation.userId };
          await importFreeUnits(tx, deps.registry(tx), actor, { projectId: operation.projectId, vintageYear: operation.vintage }, operation.quantity - imported);
        }
        await reserveUnits(tx, source, operation.quantity, operation.id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') {
          throw new AppError('CONFLICT', `${mintingTexts.quantityUnavailable} ${error.message}`, { fields: { quantity: error.fields?.quantity ?? [error.message] }, cause: error });
        }
        throw error;
      }
    }
    return { operation: await repository.updateOperation(tx, operation.id, { status: 'processing', error: null }), project };
  }).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const operation = await context.db.withTenant(tenantId, (tx) => repository.findOperation(tx, operationId));
      if (operation) await failOperation(deps, tenantId, operation, error);
    }
    throw error;
  });
  const { operation, project } = claimed;
  if (!project) return operation;

  try {
    const projectMint = await ensureProjectMint(context, {
      tenantId,
      registry: operation.registry,
      projectId: operation.projectId,
      vintage: operation.vintage,
      name: operation.tokenName,
      symbol: operation.symbol,
      decimals: operation.decimals,
      metadataFor: (mint) => projectMintMetadata(project, operation.vintage, { name: operation.tokenName, symbol: operation.symbol }, tokenMetadataUri(deps.publicBaseUrl, mint)),
      createdBy: operation.userId,
    });
    const { signature } = await mintToOnce(context, {
      tenantId,
      mintReference: operation.id,
      mint: projectMint.mintAddress,
      owner: operation.walletAddress,
      amount: operation.quantity * 10n ** BigInt(projectMint.decimals),
      decimals: projectMint.decimals,
      createdBy: operation.userId,
    });
    const completed = await context.db.withTenant(tenantId, async (tx) => {
      // Two runners can reach here for one confirmed mint-to (a retry recording a dead run's mint); the first records it.
      const current = await repository.findOperationForUpdate(tx, operation.id);
      if (current?.status === 'completed') return null;
      const blocks = await markTokenised(tx, operation.id, projectMint.mintAddress);
      const row = await repository.updateOperation(tx, operation.id, {
        status: 'completed',
        mintAddress: projectMint.mintAddress,
        signature,
        serialNumbers: blocks.map((block) => block.serialNumber),
        completedAt: new Date(),
      });
      await recordAudit(tx, {
        tenantId,
        actorUserId: operation.userId,
        action: 'mint.completed',
        resourceType: 'mint_operation',
        resourceId: operation.id,
        details: { mint: projectMint.mintAddress, signature, quantity: operation.quantity.toString(), serialNumbers: row.serialNumbers },
      });
      return row;
    });
    if (!completed) return (await context.db.withTenant(tenantId, (tx) => repository.findOperation(tx, operation.id)))!;
    deps.live.transactionRecorded(tenantId, { kind: 'mint_operation', id: operation.id });
    if (operation.userId) {
      await notify(context.db, deps.publisher, tenantId, { userIds: [operation.userId] }, {
        type: 'TRANSACTION',
        title: mintingTexts.mintCompleted,
        message: `${operation.quantity} ${operation.symbol} minted to ${operation.walletAddress}.`,
        link: '/portfolio',
      });
    }
    return completed;
  } catch (error) {
    if (error instanceof ChainUndecidedError) throw error;
    await failOperation(deps, tenantId, operation, error);
    throw new AppError('SERVICE_UNAVAILABLE', mintingTexts.mintingFailed, { cause: error });
  }
}

export async function listMintOperations(deps: MintingDeps, actor: MintingActor, limit: number): Promise<MintOperation[]> {
  const rows = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.listOperations(tx, actor.companyId, limit));
  return rows.map((row) => toMintOperation(deps.explorer, row));
}

export async function getMintOperation(deps: MintingDeps, actor: MintingActor, id: string): Promise<MintOperation> {
  const row = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.findOperation(tx, id));
  if (!row || row.companyId !== actor.companyId) throw AppError.notFound('Mint operation');
  return toMintOperation(deps.explorer, row);
}

/**
 * An approver's decision on a mint above the limit: the request flips to approved under a row
 * lock (so two approvals cannot both run it) and the mint is executed once.
 */
export async function approveMintRequest(deps: MintingDeps, actor: MintingActor, approvalId: string): Promise<ExecuteMintResult> {
  const approval = await deps.context.db.withTenant(actor.tenantId, async (tx) => {
    const row = await repository.findApprovalForUpdate(tx, approvalId);
    if (!row) throw AppError.notFound('Approval request');
    if (row.status !== 'pending') throw new AppError('CONFLICT', mintingTexts.approvalNotPending);
    if (actor.role !== row.approverRole && actor.role !== 'SUPER_ADMIN') throw new AppError('ACCESS_DENIED', `This request needs an approver with role ${row.approverRole}.`);
    if (row.requestorId === actor.userId) throw new AppError('FORBIDDEN', 'A mint request must be approved by someone other than its requestor.');
    const approved = await repository.updateApproval(tx, row.id, { status: 'approved', decidedBy: actor.userId, decidedAt: new Date() });
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'mint.approved',
      resourceType: 'approval_request',
      resourceId: row.id,
      details: { operationId: row.operationId, credits: row.credits.toString() },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return approved;
  });
  const operation = await runMintOperation(deps, actor.tenantId, approval.operationId);
  return { operation: toMintOperation(deps.explorer, operation), approval: toApprovalRequest(approval) };
}

/**
 * The public metadata document of a project mint (the on-chain uri): registry facts and the
 * serial ranges tokenised into it, read live so later mints and retirements show up. Its unit
 * count (supply) is the chain's: a burn made outside the platform lowers it even though no
 * serial range was retired for it.
 */
export async function tokenMetadataDocument(deps: MintingDeps, mintAddress: string): Promise<TokenMetadataDocument> {
  const projectMint = await deps.context.db.asSystem((tx) => repository.findProjectMintByAddress(tx, mintAddress));
  if (!projectMint) throw AppError.notFound('Token');
  const supply = (await deps.context.chain.getMint(address(mintAddress)))?.supply ?? 0n;
  return deps.context.db.withTenant(projectMint.tenantId, async (tx) => {
    const project = await deps.registry(tx).getProject(projectMint.projectId);
    const ranges = await repository.serialRangesOfMint(tx, mintAddress);
    const presentation = await repository.latestPresentationOfMint(tx, mintAddress);
    const registryName = REGISTRY_NAMES[projectMint.registry];
    const projectName = project?.name ?? projectMint.name;
    const methodology = project?.methodology ?? '';
    return {
      name: projectMint.name,
      symbol: projectMint.symbol,
      description: presentation?.description ?? `${projectName}, vintage ${projectMint.vintage}: 1 token = 1 tCO2e of verified carbon units (${registryName} ${projectMint.projectId}).`,
      ...(presentation?.logoUrl ? { image: logoImageUrl(deps.publicBaseUrl, presentation.logoUrl) } : {}),
      attributes: [
        { trait_type: 'Registry', value: registryName },
        { trait_type: 'Project', value: `${projectName} (${projectMint.projectId})` },
        { trait_type: 'Methodology', value: methodology },
        { trait_type: 'Vintage', value: String(projectMint.vintage) },
        { trait_type: 'Supply (tCO2e)', value: formatBaseUnits(supply, projectMint.decimals) },
      ],
      properties: {
        registry: projectMint.registry,
        projectId: projectMint.projectId,
        projectName,
        methodology,
        vintage: projectMint.vintage,
        serialRanges: ranges.map((range) => ({ serialNumber: range.serialNumber, units: (range.blockEnd - range.blockStart + 1n).toString(), status: range.status })),
        supply: supply.toString(),
        decimals: projectMint.decimals,
      },
    };
  });
}
