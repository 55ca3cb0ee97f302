import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  approvalDecisionResultSchema,
  approvalDelegateListSchema,
  approvalListQuery,
  approvalListSchema,
  approvalsCountPayload,
  approvalTexts,
  approvalWorkflowParams,
  approvalWorkflowSchema,
  approveWorkflowRequest,
  delegateWorkflowRequest,
  delegationMatrixEntrySchema,
  delegationMatrixSchema,
  matrixOperationParams,
  rejectWorkflowRequest,
  updateDelegationMatrixRequest,
} from '@carbonledger/contracts';
import { actsTenantWide } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { approveWorkflow, delegateWorkflow, rejectWorkflow } from './approvals.decisions';
import { approvalsDepsOf } from './approvals.deps';
import { registerApprovalJobs } from './approvals.jobs';
import { delegationMatrixOf, updateDelegationMatrix } from './approvals.matrix';
import { eligibleDelegates, getWorkflow, listWorkflows, pendingApprovalsCountOf } from './approvals.queries';

/** docs/product.md §2 Approval Management: Pending, All Workflows, Delegation Matrix; the decisions on a workflow's current level. */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = approvalsDepsOf(app);
  await registerApprovalJobs(app, deps);
  const screen = app.requireRouteRoles('/approvals');
  const decide = app.requirePermission('approvals:decide');
  // Decisions run operations (a mint): a retried click answers the first decision, never a second one.
  const money = { idempotency: 'required' as const };

  app.get(
    '/approvals',
    {
      onRequest: screen,
      schema: {
        tags: ['approvals'],
        summary: 'Open approval requests (view=pending) or the last 30 days of workflows (view=all), filtered',
        querystring: approvalListQuery,
        response: { 200: apiEnvelope(approvalListSchema) },
      },
    },
    async (request) => ok(request, await listWorkflows(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/approvals/count',
    {
      onRequest: screen,
      schema: {
        tags: ['approvals'],
        summary: 'How many approval requests are open for the caller (the badge)',
        response: { 200: apiEnvelope(approvalsCountPayload) },
      },
    },
    async (request) => ok(request, { pendingCount: await pendingApprovalsCountOf(app.db, actorOf(request)) }),
  );

  app.get(
    '/approvals/matrix',
    {
      onRequest: screen,
      schema: { tags: ['approvals'], summary: 'The delegation matrix: levels per operation type', response: { 200: apiEnvelope(delegationMatrixSchema) } },
    },
    async (request) => ok(request, await request.withTenant((tx) => delegationMatrixOf(tx))),
  );

  app.put(
    '/approvals/matrix/:operationType',
    {
      onRequest: screen,
      schema: {
        tags: ['approvals'],
        summary: "Save an operation type's levels as the matrix's next version (ADMIN, SUPER_ADMIN)",
        params: matrixOperationParams,
        body: updateDelegationMatrixRequest,
        response: { 200: apiEnvelope(delegationMatrixEntrySchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
      const entry = await request.withTenant((tx) => updateDelegationMatrix(tx, actor, request.params.operationType, request.body.levels));
      return ok(request, entry, approvalTexts.matrixSaved);
    },
  );

  app.get(
    '/approvals/:id',
    {
      onRequest: screen,
      schema: {
        tags: ['approvals'],
        summary: 'One approval workflow with its decisions',
        params: approvalWorkflowParams,
        response: { 200: apiEnvelope(approvalWorkflowSchema) },
      },
    },
    async (request) => ok(request, await getWorkflow(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/approvals/:id/delegates',
    {
      onRequest: decide,
      schema: {
        tags: ['approvals'],
        summary: 'Who the current level can be delegated to',
        params: approvalWorkflowParams,
        response: { 200: apiEnvelope(approvalDelegateListSchema) },
      },
    },
    async (request) => ok(request, await eligibleDelegates(app.db, actorOf(request), request.params.id)),
  );

  app.post(
    '/approvals/:id/approve',
    {
      onRequest: decide,
      config: money,
      schema: {
        tags: ['approvals'],
        summary: 'Approve the current level (Idempotency-Key required); the last level runs the operation exactly once',
        params: approvalWorkflowParams,
        body: approveWorkflowRequest,
        response: { 200: apiEnvelope(approvalDecisionResultSchema) },
      },
    },
    async (request) => {
      const result = await approveWorkflow(deps, actorOf(request), request.params.id, request.body?.comment);
      return ok(request, result, result.approval.status === 'approved' ? approvalTexts.executed : approvalTexts.approved);
    },
  );

  app.post(
    '/approvals/:id/reject',
    {
      onRequest: decide,
      config: money,
      schema: {
        tags: ['approvals'],
        summary: 'Reject the request with a reason (Idempotency-Key required); what it reserved is released',
        params: approvalWorkflowParams,
        body: rejectWorkflowRequest,
        response: { 200: apiEnvelope(approvalDecisionResultSchema) },
      },
    },
    async (request) => ok(request, await rejectWorkflow(deps, actorOf(request), request.params.id, request.body.reason), approvalTexts.rejected),
  );

  app.post(
    '/approvals/:id/delegate',
    {
      onRequest: decide,
      config: money,
      schema: {
        tags: ['approvals'],
        summary: 'Hand the current level to another eligible approver (Idempotency-Key required)',
        params: approvalWorkflowParams,
        body: delegateWorkflowRequest,
        response: { 200: apiEnvelope(approvalDecisionResultSchema) },
      },
    },
    async (request) =>
      ok(request, await delegateWorkflow(deps, actorOf(request), request.params.id, request.body.delegateTo, request.body.reason), approvalTexts.delegated),
  );
};
