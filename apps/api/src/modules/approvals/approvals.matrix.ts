// The delegation matrix: per operation type, the levels (tCO2e limit, approver role, timeout), versioned and audited.
import {
  APPROVAL_OPERATION_TYPES,
  DEFAULT_APPROVAL_LIMIT_TCO2E,
  type ApprovalLevel,
  type ApprovalOperationType,
  type ApproverRole,
  type DelegationMatrixEntry,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import * as repository from './approvals.repository';

type LevelInput = { limitTco2e: bigint; approverRole: ApproverRole; timeoutHours: number };

const level = (number: number, limit: bigint, approverRole: ApproverRole, timeoutHours: number): ApprovalLevel => ({
  level: number,
  limitTco2e: limit.toString(),
  approverRole,
  timeoutHours,
});

/**
 * The levels a tenant has until it saves its own (docs/approvals.md "Default matrix"): a mint
 * above the approval limit (docs/product.md §9: 10,000 tCO2e) needs an administrator, ten times
 * more also a super administrator; every wallet registration and offset request needs an
 * administrator (wallet approval within 24 hours, docs/product.md §9), so does every reconciliation
 * sync; KYC decisions need none.
 */
export const DEFAULT_MATRIX: Record<ApprovalOperationType, ApprovalLevel[]> = {
  mint: [level(1, DEFAULT_APPROVAL_LIMIT_TCO2E, 'ADMIN', 48), level(2, DEFAULT_APPROVAL_LIMIT_TCO2E * 10n, 'SUPER_ADMIN', 72)],
  retirement: [level(1, DEFAULT_APPROVAL_LIMIT_TCO2E, 'ADMIN', 48)],
  wallet_registration: [level(1, 0n, 'ADMIN', 24)],
  transfer: [level(1, DEFAULT_APPROVAL_LIMIT_TCO2E, 'ADMIN', 48)],
  offset_request: [level(1, 0n, 'ADMIN', 48)],
  kyc_decision: [],
  // A sync changes the ledger or the chain to end a discrepancy (docs/reconciliation.md): an administrator approves every one.
  reconciliation_sync: [level(1, 0n, 'ADMIN', 48)],
};

function entryOf(operationType: ApprovalOperationType, row: repository.MatrixRow | undefined): DelegationMatrixEntry {
  return row
    ? { operationType, version: row.version, levels: row.levels, updatedBy: row.updatedBy, updatedAt: row.createdAt.toISOString() }
    : { operationType, version: 0, levels: DEFAULT_MATRIX[operationType], updatedBy: null, updatedAt: null };
}

export async function delegationMatrixOf(tx: Tx): Promise<DelegationMatrixEntry[]> {
  const rows = new Map((await repository.latestMatrixRows(tx)).map((row) => [row.operationType, row]));
  return APPROVAL_OPERATION_TYPES.map((type) => entryOf(type, rows.get(type)));
}

export async function matrixEntryOf(tx: Tx, operationType: ApprovalOperationType): Promise<DelegationMatrixEntry> {
  return entryOf(operationType, await repository.latestMatrixRow(tx, operationType));
}

/** Saves the operation type's levels as its next version, audited with what they were. */
export async function updateDelegationMatrix(tx: Tx, actor: Actor, operationType: ApprovalOperationType, levels: LevelInput[]): Promise<DelegationMatrixEntry> {
  const before = await matrixEntryOf(tx, operationType);
  const saved = levels.map((input, index) => level(index + 1, input.limitTco2e, input.approverRole, input.timeoutHours));
  const row = await repository.insertMatrixRow(tx, {
    tenantId: actor.tenantId,
    operationType,
    version: before.version + 1,
    levels: saved,
    updatedBy: actor.userId,
  });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'approvals.matrix_updated',
    resourceType: 'approval_matrix',
    resourceId: operationType,
    details: { operationType, version: row.version, levels: saved, previous: before.levels },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
  return entryOf(operationType, row);
}

/** Where approvals start for an operation type: the first level's limit (none: never). */
export async function approvalThresholdOf(tx: Tx, operationType: ApprovalOperationType): Promise<bigint | null> {
  const [first] = (await matrixEntryOf(tx, operationType)).levels;
  return first ? BigInt(first.limitTco2e) : null;
}

/**
 * Moves where approvals start (the minting settings' approval limit is the mint matrix's first
 * level): a new version with the first level's limit changed, the levels it overtakes dropped;
 * with no level yet, an administrator's level with the default timeout.
 */
export async function setApprovalThreshold(tx: Tx, actor: Actor, operationType: ApprovalOperationType, limit: bigint): Promise<void> {
  const current = await matrixEntryOf(tx, operationType);
  const [first, ...rest] = current.levels;
  if (first && BigInt(first.limitTco2e) === limit) return;
  const levels: LevelInput[] = [
    { limitTco2e: limit, approverRole: first?.approverRole ?? 'ADMIN', timeoutHours: first?.timeoutHours ?? 48 },
    ...rest
      .filter((next) => BigInt(next.limitTco2e) > limit)
      .map((next) => ({ limitTco2e: BigInt(next.limitTco2e), approverRole: next.approverRole, timeoutHours: next.timeoutHours })),
  ];
  await updateDelegationMatrix(tx, actor, operationType, levels);
}

/** The levels an operation needs: those whose limit its amount exceeds; an operation without an amount needs them all. */
export function levelsFor(levels: readonly ApprovalLevel[], amount: bigint | undefined): ApprovalLevel[] {
  return levels.filter((candidate) => amount === undefined || amount > BigInt(candidate.limitTco2e)).map((kept, index) => ({ ...kept, level: index + 1 }));
}
