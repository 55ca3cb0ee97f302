// Running an approved workflow's operation once the deciding transaction committed, and finding it again after a crash.
import type { Role } from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import type { ApprovalsDeps } from './approvals.deps';
import { approvalHandlerOf } from './approvals.handlers';
import * as repository from './approvals.repository';
import type { ApprovalWorkflowRow } from './approvals.types';

/** An approved workflow still unexecuted this long after its decision lost its runner (crash, restart). */
const STALE_EXECUTION_MS = 2 * 60_000;
const SWEEP_BATCH = 50;

/**
 * Runs the handler's execute for an approved workflow and marks it executed. The handler is
 * idempotent (docs/approvals.md "Exactly once"): a run after a crash finds the work done.
 * A failure leaves the workflow unexecuted for the sweep and reaches the caller.
 */
export async function executeApproved(deps: ApprovalsDeps, workflow: ApprovalWorkflowRow, actor: Actor): Promise<Record<string, unknown> | null> {
  const handler = approvalHandlerOf(deps.db, workflow.type);
  const result = (await handler?.execute?.(workflow, actor)) ?? null;
  await deps.db.withTenant(workflow.tenantId, async (tx) => {
    const current = await repository.findWorkflowForUpdate(tx, workflow.id);
    if (current && !current.executedAt) await repository.updateWorkflow(tx, workflow.id, { executedAt: new Date() });
  });
  return result;
}

/** The sweep: approved workflows whose operation did not finish (the process died after the decision) run again. */
export async function executeUnfinishedApprovals(deps: ApprovalsDeps, log: (error: unknown, workflowId: string) => void): Promise<number> {
  const stale = await deps.db.asSystem((tx) => repository.listUnexecutedWorkflows(tx, new Date(Date.now() - STALE_EXECUTION_MS), SWEEP_BATCH));
  let executed = 0;
  for (const { id, tenantId } of stale) {
    try {
      const found = await deps.db.withTenant(tenantId, async (tx) => {
        const workflow = await repository.findWorkflow(tx, id);
        const [approver] = workflow?.decidedBy ? await repository.peopleByIds(tx, [workflow.decidedBy]) : [];
        return workflow && approver ? { workflow, approver } : null;
      });
      if (!found) continue;
      const actor: Actor = {
        tenantId,
        companyId: found.approver.companyId,
        userId: found.approver.id,
        role: found.approver.role satisfies Role,
        requestId: null,
        ip: null,
      };
      await executeApproved(deps, found.workflow, actor);
      executed += 1;
    } catch (error) {
      log(error, id);
    }
  }
  return executed;
}
