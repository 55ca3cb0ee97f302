/**
 * The approval engine's face (docs/approvals.md). A module whose operation may need approval
 * calls requestApproval in the transaction that creates the operation (null: no level applies,
 * run it now), announces the workflow after the commit, and registers once per app the handler
 * that runs the operation when the last level approves (exactly once) or gives back what it
 * held when a level rejects. settleApproval closes a subject's workflow decided elsewhere.
 */
export { approvalsRoutes } from './approvals.routes';
export { registerApprovalHandler } from './approvals.handlers';
export { requestApproval, announceApprovalRequested, announceWorkflow } from './approvals.request';
export { settleApproval } from './approvals.settle';
/** The sweep's second half, which the crash tests of the operations drive (approved, not executed). */
export { executeUnfinishedApprovals } from './approvals.execution';
export { approvalThresholdOf, setApprovalThreshold } from './approvals.matrix';
export { approvalWorkflowById, openApprovalOf, pendingApprovalsCountOf } from './approvals.queries';
export { approvalsDepsOf, type ApprovalsDeps, type ApprovalsLive } from './approvals.deps';
export type { ApprovalHandler, ApprovalRequested, ApprovalRequestInput, ApprovalWorkflowRow } from './approvals.types';
