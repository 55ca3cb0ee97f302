// The operation handlers of each app, by operation type.
import type { ApprovalOperationType } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { ApprovalHandler } from './approvals.types';

/**
 * Keyed by the app's database, the one object every plugin of an app shares (Fastify gives each
 * registered plugin its own instance); several apps in one process (tests) keep their own.
 */
const handlersByDatabase = new WeakMap<Database, Map<ApprovalOperationType, ApprovalHandler>>();

/** The module owning an operation type says how to run it once approved; one handler per type. */
export function registerApprovalHandler(db: Database, operationType: ApprovalOperationType, handler: ApprovalHandler): void {
  const handlers = handlersByDatabase.get(db) ?? new Map<ApprovalOperationType, ApprovalHandler>();
  handlers.set(operationType, handler);
  handlersByDatabase.set(db, handlers);
}

export function approvalHandlerOf(db: Database, operationType: ApprovalOperationType): ApprovalHandler | undefined {
  return handlersByDatabase.get(db)?.get(operationType);
}
