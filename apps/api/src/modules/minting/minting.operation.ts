// One mint operation run to its end: the lifecycle pending → processing → completed | failed.
import { mintingTexts, type CarbonProject, type DomainErrorCode } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import { recordWebhookEvent } from '../webhooks';
import { availableUnits, importFreeUnits, lockReservation, markTokenised, releaseReservation, reserveUnits } from '../registry';
import { ChainUndecidedError, ensureProjectMint, mintToOnce } from './minting.chain';
import { requireProject } from './minting.checks';
import { priorityFeeOfTenant, type MintingDeps } from './minting.deps';
import { projectMintMetadata, tokenMetadataUri } from './minting.metadata';
import * as repository from './minting.repository';

/** A processing operation untouched for this long has lost its runner (crash, restart) and may be resumed. */
export const STALE_PROCESSING_MS = 60_000;

type MintOperationRow = repository.MintOperationRow;

/** The registry's refusals that mean "not that many units": the operation cannot run with its quantity. */
const UNITS_SHORT: readonly DomainErrorCode[] = [
  'REGISTRY__INSUFFICIENT_UNITS',
  'REGISTRY__NOT_ENOUGH_FREE_UNITS',
  'REGISTRY__SERIAL_OVERLAP',
  'REGISTRY__BLOCK_NOT_ISSUED',
];

/**
 * Runs a mint operation: reserve the VCUs (under the operation's id, so a retry finds its own
 * reservation), make sure the project mint exists, mint to the wallet once, then mark the VCUs
 * tokenised. A failure releases the reservation; a transaction the chain has not decided yet
 * leaves everything reserved for the next attempt to reconcile.
 */
export async function runMintOperation(deps: MintingDeps, tenantId: string, operationId: string): Promise<MintOperationRow> {
  const { operation, project } = await claimOperation(deps, tenantId, operationId);
  if (!project) return operation;
  try {
    return await mintOnChain(deps, tenantId, operation, project);
  } catch (error) {
    if (error instanceof ChainUndecidedError) throw error;
    await failOperation(deps, tenantId, operation, error);
    throw new AppError('SERVICE_UNAVAILABLE', mintingTexts.mintingFailed, { cause: error });
  }
}

/**
 * Step 1, in one transaction: the operation locked, its units reserved (unless an earlier
 * attempt reserved them) and its status processing. A completed operation answers without a
 * project: nothing is left to do. Too few units fail the operation for good.
 */
async function claimOperation(
  deps: MintingDeps,
  tenantId: string,
  operationId: string,
): Promise<{ operation: MintOperationRow; project: CarbonProject | null }> {
  try {
    return await deps.context.db.withTenant(tenantId, async (tx) => {
      const operation = await repository.findOperationForUpdate(tx, operationId);
      if (!operation) throw AppError.notFound('Mint operation');
      if (operation.status === 'completed') return { operation, project: null };
      const project = await requireProject(deps, tx, operation.projectId);
      if ((await lockReservation(tx, operation.id)).length === 0) await reserveUnitsFor(deps, tx, tenantId, operation);
      return { operation: await repository.updateOperation(tx, operation.id, { status: 'processing', error: null }), project };
    });
  } catch (error) {
    if (error instanceof AppError && error.is('MINTING__QUANTITY_UNAVAILABLE')) {
      const operation = await deps.context.db.withTenant(tenantId, (tx) => repository.findOperation(tx, operationId));
      if (operation) await failOperation(deps, tenantId, operation, error);
    }
    throw error;
  }
}

/** Reserves the operation's quantity under its id: the company's imported units first, what they lack imported from the registry's free units. */
export async function reserveUnitsFor(deps: MintingDeps, tx: Tx, tenantId: string, operation: MintOperationRow): Promise<void> {
  const source = { registry: operation.registry, projectId: operation.projectId, companyId: operation.companyId, vintageYear: operation.vintage };
  try {
    const imported = await availableUnits(tx, source);
    if (imported < operation.quantity) {
      const importer = { tenantId, companyId: operation.companyId, userId: operation.userId };
      await importFreeUnits(tx, deps.registry(tx), importer, { projectId: operation.projectId, vintageYear: operation.vintage }, operation.quantity - imported);
    }
    await reserveUnits(tx, source, operation.quantity, operation.id);
  } catch (error) {
    if (error instanceof AppError && UNITS_SHORT.some((reason) => error.is(reason))) {
      throw new AppError('MINTING__QUANTITY_UNAVAILABLE', `${mintingTexts.quantityUnavailable} ${error.message}`, {
        fields: { quantity: error.fields?.quantity ?? [error.message] },
        cause: error,
      });
    }
    throw error;
  }
}

/** Step 2: the project mint made sure of, the mint-to sent once, then recorded and announced. */
async function mintOnChain(deps: MintingDeps, tenantId: string, operation: MintOperationRow, project: CarbonProject): Promise<MintOperationRow> {
  const { context } = deps;
  const priorityFee = await priorityFeeOfTenant(deps, tenantId);
  const projectMint = await ensureProjectMint(context, {
    tenantId,
    registry: operation.registry,
    projectId: operation.projectId,
    vintage: operation.vintage,
    name: operation.tokenName,
    symbol: operation.symbol,
    decimals: operation.decimals,
    metadataFor: (mint) =>
      projectMintMetadata(project, operation.vintage, { name: operation.tokenName, symbol: operation.symbol }, tokenMetadataUri(deps.publicBaseUrl, mint)),
    createdBy: operation.userId,
    priorityFee,
  });
  const { signature } = await mintToOnce(context, {
    tenantId,
    mintReference: operation.id,
    mint: projectMint.mintAddress,
    owner: operation.walletAddress,
    amount: operation.quantity * 10n ** BigInt(projectMint.decimals),
    decimals: projectMint.decimals,
    createdBy: operation.userId,
    priorityFee,
  });
  const completed = await recordCompleted(deps, tenantId, operation, projectMint.mintAddress, signature);
  if (!completed) return (await context.db.withTenant(tenantId, (tx) => repository.findOperation(tx, operation.id)))!;
  await announceCompleted(deps, tenantId, operation);
  return completed;
}

/**
 * Step 3: the reserved VCUs tokenised and the operation completed with its serials. Two
 * runners can reach here for one confirmed mint-to (a retry recording a dead run's mint); the
 * first records it, the second gets null.
 */
async function recordCompleted(
  deps: MintingDeps,
  tenantId: string,
  operation: MintOperationRow,
  mintAddress: string,
  signature: string,
): Promise<MintOperationRow | null> {
  return deps.context.db.withTenant(tenantId, async (tx) => {
    const current = await repository.findOperationForUpdate(tx, operation.id);
    if (current?.status === 'completed') return null;
    const blocks = await markTokenised(tx, operation.id, mintAddress);
    const row = await repository.updateOperation(tx, operation.id, {
      status: 'completed',
      mintAddress,
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
      details: { mint: mintAddress, signature, quantity: operation.quantity.toString(), serialNumbers: row.serialNumbers },
    });
    await recordWebhookEvent(tx, {
      tenantId,
      companyId: operation.companyId,
      type: 'mint.completed',
      data: {
        operationId: operation.id,
        companyId: operation.companyId,
        projectId: operation.projectId,
        vintage: operation.vintage,
        quantity: operation.quantity.toString(),
        symbol: operation.symbol,
        mintAddress,
        walletAddress: operation.walletAddress,
        signature,
        serialNumbers: row.serialNumbers,
      },
    });
    return row;
  });
}

async function announceCompleted(deps: MintingDeps, tenantId: string, operation: MintOperationRow): Promise<void> {
  deps.live.transactionRecorded(tenantId, { kind: 'mint_operation', id: operation.id });
  if (!operation.userId) return;
  await notify(
    deps.context.db,
    deps.publisher,
    tenantId,
    { userIds: [operation.userId] },
    {
      type: 'TRANSACTION',
      title: mintingTexts.mintCompleted,
      message: `${operation.quantity} ${operation.symbol} minted to ${operation.walletAddress}.`,
      link: '/portfolio',
    },
  );
}

/** The operation failed for good: its reservation released, the failure recorded and told to its requester. */
async function failOperation(deps: MintingDeps, tenantId: string, operation: MintOperationRow, error: unknown): Promise<MintOperationRow> {
  const message = error instanceof Error ? error.message : String(error);
  const failed = await deps.context.db.withTenant(tenantId, async (tx) => {
    await releaseReservation(tx, operation.id);
    const row = await repository.updateOperation(tx, operation.id, { status: 'failed', error: message });
    await recordAudit(tx, {
      tenantId,
      actorUserId: operation.userId,
      action: 'mint.failed',
      resourceType: 'mint_operation',
      resourceId: operation.id,
      details: { error: message },
    });
    await recordWebhookEvent(tx, {
      tenantId,
      companyId: operation.companyId,
      type: 'mint.failed',
      data: {
        operationId: operation.id,
        companyId: operation.companyId,
        projectId: operation.projectId,
        quantity: operation.quantity.toString(),
        symbol: operation.symbol,
        error: message,
      },
    });
    return row;
  });
  deps.live.transactionRecorded(tenantId, { kind: 'mint_operation', id: operation.id });
  if (operation.userId) {
    await notify(
      deps.context.db,
      deps.publisher,
      tenantId,
      { userIds: [operation.userId] },
      { type: 'TRANSACTION', title: mintingTexts.mintingFailed, message, link: '/minting' },
    );
  }
  return failed;
}
