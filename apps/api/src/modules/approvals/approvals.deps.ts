import type { FastifyInstance } from 'fastify';
import type { WorkflowApprovalUpdatePayload } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { NotificationPublisher } from '../notifications';

/**
 * The realtime side the engine uses (app.live); spelled out here because the realtime gateway
 * reads the approvals count from this module's face.
 */
export interface ApprovalsLive extends NotificationPublisher {
  /** approval_update to the workflow's company and the administrators; approvals_count again to the tenant's subscribers. */
  approvalsChanged(target: { tenantId: string; companyId: string }, update: WorkflowApprovalUpdatePayload): void;
}

/** What the approval services need from the app. */
export interface ApprovalsDeps {
  db: Database;
  live: ApprovalsLive;
}

export function approvalsDepsOf(app: FastifyInstance): ApprovalsDeps {
  return { db: app.db, live: app.live };
}
