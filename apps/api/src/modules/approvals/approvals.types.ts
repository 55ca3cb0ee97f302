// What other modules give the engine and get back from it (docs/approvals.md "Using the engine").
import type { ApprovalOperationType, DomainErrorCode } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { approvalRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';

export type ApprovalWorkflowRow = typeof approvalRequests.$inferSelect;
export type ApprovalPriority = ApprovalWorkflowRow['priority'];

/** What an operation that may need approval tells requestApproval. */
export interface ApprovalRequestInput {
  operationType: ApprovalOperationType;
  /** What the workflow is about (a mint operation id, a wallet id, a KYC case id): one open workflow per subject. */
  subjectId: string;
  /** The company the operation is for; the actor's own when left out. */
  companyId?: string;
  /** tCO2e the operation moves: the matrix levels whose limit it exceeds apply. Without it every level applies. */
  amount?: bigint;
  projectId?: string;
  /** One line an approver reads in the list ("150 tCO2e of Texas Wind, vintage 2023"). */
  summary: string;
  /** Overrides the priority the engine derives from the amount and the first level's limit. */
  priority?: ApprovalPriority;
  /** Whatever the handler needs when the last level approves (JSON). */
  details?: Record<string, unknown>;
  /** A mint workflow's operation (minting's link to it). */
  mintOperationId?: string;
}

/** A workflow requestApproval opened (or found open for the subject); announce it once the transaction committed. */
export interface ApprovalRequested {
  workflow: ApprovalWorkflowRow;
  created: boolean;
}

/**
 * What runs an operation type's approved (or rejected) workflows. Registered once per app by
 * the module that owns the operation (registerApprovalHandler).
 */
export interface ApprovalHandler {
  /**
   * Inside the transaction that records the last approval, with the workflow locked: exactly
   * once, since that transaction commits with the workflow approved or not at all. For
   * database-only operations (a KYC decision).
   */
  approveInTx?(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void>;
  /**
   * After that transaction committed, for operations that touch the chain (a mint, a wallet's
   * accounts): must be idempotent — a crash before it ends leaves the workflow approved but not
   * executed, and the engine's sweep runs it again until it returns. Its answer is the
   * decision's `operation`.
   */
  execute?(workflow: ApprovalWorkflowRow, actor: Actor): Promise<Record<string, unknown> | null>;
  /** Inside the rejecting transaction: give back what the request held (reservations). */
  rejectInTx?(tx: Tx, workflow: ApprovalWorkflowRow, actor: Actor): Promise<void>;
  /** After the rejection committed: tell the owner's own screens (idempotent, best effort). */
  afterReject?(workflow: ApprovalWorkflowRow, actor: Actor): Promise<void>;
  /** The operation's own codes for the engine's refusals, where its clients already branch on them. */
  errors?: { notPending?: DomainErrorCode; selfApproval?: DomainErrorCode };
}
