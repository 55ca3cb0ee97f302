import { z } from 'zod';
import { approvalPrioritySchema, approvalStatusSchema } from './minting';
import { bigintString } from './registry';
import { roleSchema, type Role } from './roles';
import { multiLineText, singleLineText } from './text';

/**
 * The approval engine (docs/approvals.md, docs/product.md §2 Approval Management, §3 Approval,
 * §4 approval statuses and priorities): an operation above its limit opens a workflow whose
 * levels come from the tenant's delegation matrix; it runs once the last level approves.
 */

/** What can wait for an approval (issue 15 item 5). */
export const APPROVAL_OPERATION_TYPES = [
  'mint',
  'retirement',
  'wallet_registration',
  'transfer',
  'offset_request',
  'kyc_decision',
  'reconciliation_sync',
] as const;
export const approvalOperationTypeSchema = z.enum(APPROVAL_OPERATION_TYPES);
export type ApprovalOperationType = z.infer<typeof approvalOperationTypeSchema>;

/** The roles a level can name: the fixed roles that hold approvals:decide (docs/product.md §6). */
export const APPROVER_ROLES = ['ADMIN', 'SUPER_ADMIN', 'CSO', 'HEAD_OF_DIGITAL_ASSETS', 'MANAGER'] as const satisfies readonly Role[];
export const approverRoleSchema = z.enum(APPROVER_ROLES);
export type ApproverRole = z.infer<typeof approverRoleSchema>;

/** A matrix has at most this many levels per operation type. */
export const APPROVAL_MAX_LEVELS = 5;
/** A level waits at most this long before it escalates (30 days). */
export const APPROVAL_MAX_TIMEOUT_HOURS = 720;

export const approvalTexts = {
  loadFailed: 'Failed to load approvals. Please try again later.',
  notFound: 'Approval request',
  notPending: 'This approval request is no longer pending.',
  selfApproval: 'You requested this operation, so someone else must decide on it.',
  notApprover: 'This approval needs an approver with another role or company.',
  alreadyDecidedLevel: 'You already approved an earlier level of this request; another approver must decide this level.',
  notDelegate: 'This approval was delegated to another approver.',
  delegateNotEligible: 'The delegate must be another active user who may decide this level and did not request it.',
  levelsNotAscending: 'Each level needs a higher tCO2e limit than the level before it.',
  approved: 'Approval recorded.',
  executed: 'Approved: the operation was executed.',
  rejected: 'Request rejected.',
  delegated: 'Request delegated.',
  matrixSaved: 'Delegation matrix saved.',
  reasonRequired: 'Give a reason for rejecting this request.',
  mintRejected: 'The mint request was rejected:',
  walletRemoved: 'The wallet was removed before a decision.',
} as const;

/** One level of the delegation matrix: required above `limitTco2e`, decided by `approverRole` within `timeoutHours`. */
export const approvalLevelSchema = z.object({
  level: z.number().int().min(1).max(APPROVAL_MAX_LEVELS),
  limitTco2e: bigintString,
  approverRole: approverRoleSchema,
  timeoutHours: z.number().int().min(1).max(APPROVAL_MAX_TIMEOUT_HOURS),
});
export type ApprovalLevel = z.infer<typeof approvalLevelSchema>;

export const delegationMatrixEntrySchema = z.object({
  operationType: approvalOperationTypeSchema,
  /** 0 while the tenant uses the product's defaults; each save adds a version. */
  version: z.number().int().nonnegative(),
  levels: z.array(approvalLevelSchema),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DelegationMatrixEntry = z.infer<typeof delegationMatrixEntrySchema>;
export const delegationMatrixSchema = z.array(delegationMatrixEntrySchema);

export const matrixOperationParams = z.object({ operationType: approvalOperationTypeSchema });

/** PUT /approvals/matrix/{operationType}: the levels in order, limits ascending; none means no approval. */
export const updateDelegationMatrixRequest = z.object({
  levels: z
    .array(
      z.object({
        limitTco2e: z.union([z.number().int().nonnegative(), bigintString]).transform((value) => BigInt(value)),
        approverRole: approverRoleSchema,
        timeoutHours: z.number().int().min(1).max(APPROVAL_MAX_TIMEOUT_HOURS),
      }),
    )
    .max(APPROVAL_MAX_LEVELS)
    .refine((levels) => levels.every((level, index) => index === 0 || level.limitTco2e > levels[index - 1]!.limitTco2e), approvalTexts.levelsNotAscending),
});

export const approvalDecisionKindSchema = z.enum(['requested', 'approved', 'rejected', 'delegated', 'escalated']);

export const approvalDecisionSchema = z.object({
  level: z.number().int(),
  decision: approvalDecisionKindSchema,
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  delegateId: z.string().nullable(),
  delegateName: z.string().nullable(),
  approverRole: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** docs/product.md §3 Approval: type, requestor, project, credits, date, status, priority, level, approver role, timeout. */
export const approvalWorkflowSchema = z.object({
  id: z.string().uuid(),
  type: approvalOperationTypeSchema,
  summary: z.string(),
  companyId: z.string().uuid(),
  companyName: z.string().nullable(),
  requestorId: z.string().uuid().nullable(),
  requestorName: z.string().nullable(),
  projectId: z.string().nullable(),
  credits: bigintString.nullable(),
  status: approvalStatusSchema,
  priority: approvalPrioritySchema,
  level: z.number().int(),
  totalLevels: z.number().int(),
  approverRole: z.string(),
  assignedTo: z.string().uuid().nullable(),
  assignedToName: z.string().nullable(),
  timeoutAt: z.string(),
  escalations: z.number().int(),
  subjectId: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  executedAt: z.string().nullable(),
  /** Whether the caller may approve, reject or delegate the current level now. */
  canDecide: z.boolean(),
  decisions: z.array(approvalDecisionSchema),
});
export type ApprovalWorkflow = z.infer<typeof approvalWorkflowSchema>;

export const APPROVAL_VIEWS = ['pending', 'all'] as const;
/** GET /approvals: `pending` = open requests; `all` = the last 30 days (APPROVAL_HISTORY_DAYS), filtered. */
export const approvalListQuery = z.object({
  view: z.enum(APPROVAL_VIEWS).default('pending'),
  status: approvalStatusSchema.optional(),
  type: approvalOperationTypeSchema.optional(),
  priority: approvalPrioritySchema.optional(),
  search: singleLineText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ApprovalListQuery = Omit<z.input<typeof approvalListQuery>, 'limit'> & { limit?: number };
export const approvalListSchema = z.array(approvalWorkflowSchema);

export const approvalWorkflowParams = z.object({ id: z.string().uuid() });

/** The body is optional: an approval needs no comment. */
export const approveWorkflowRequest = z.object({ comment: multiLineText().max(2000).optional() }).nullish();
export const rejectWorkflowRequest = z.object({ reason: multiLineText().trim().min(1, approvalTexts.reasonRequired).max(2000) });
export const delegateWorkflowRequest = z.object({ delegateTo: z.string().uuid(), reason: multiLineText().max(2000).optional() });

/** A decision's answer: the workflow as it is now, and what the operation answered if this decision ran it. */
export const approvalDecisionResultSchema = z.object({
  approval: approvalWorkflowSchema,
  operation: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalDecisionResult = z.infer<typeof approvalDecisionResultSchema>;

/** Who the current level can be delegated to. */
export const approvalDelegateSchema = z.object({ id: z.string().uuid(), name: z.string(), email: z.string(), role: roleSchema });
export const approvalDelegateListSchema = z.array(approvalDelegateSchema);
