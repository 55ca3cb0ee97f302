import type { FastifyInstance } from 'fastify';
import { SERVER_EVENTS, type AuditAction, type OffsetRequest, type OffsetRequestUpdatePayload } from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { approvalsDepsOf, type ApprovalsDeps } from '../approvals';
import { recordAudit } from '../audit';
import { notify, type NotificationPublisher } from '../notifications';
import { retirementDeps, type RetirementDeps } from '../retirements';
import * as repository from './offsets.repository';
import { toOffsetRequest } from './offsets.view';

/** What the offset services need from the app, built once by `offsetDepsOf(app)`. */
export interface OffsetDeps {
  db: Database;
  retirements: RetirementDeps;
  approvals: ApprovalsDeps;
  live: { emitToCompany(target: { tenantId: string; companyId: string }, event: string, payload: unknown): void };
  publisher: NotificationPublisher;
  /** Base of the certificates' public verification links. */
  publicBaseUrl: string;
}

export function offsetDepsOf(app: FastifyInstance): OffsetDeps {
  return {
    db: app.db,
    retirements: retirementDeps(app),
    approvals: approvalsDepsOf(app),
    live: app.live,
    publisher: app.live,
    publicBaseUrl: app.publicBaseUrl,
  };
}

/**
 * docs/product.md §6 company scope: a request is its company's; one asking the platform to source
 * the credits is also the platform company's, whose officers source it. Platform
 * administrators see every request of the tenant.
 */
export async function scopeOf(tx: Tx, actor: Actor): Promise<repository.OffsetScope> {
  const companyId = companyScopeOf(actor);
  if (!companyId) return { includePlatformSourced: true };
  return { companyId, includePlatformSourced: (await repository.platformCompanyId(tx)) === companyId };
}

export async function requireRequest(tx: Tx, actor: Actor, id: string): Promise<repository.OffsetRequestRow> {
  const row = await repository.findRequest(tx, id);
  const scope = await scopeOf(tx, actor);
  const visible = row && (!scope.companyId || row.companyId === scope.companyId || (scope.includePlatformSourced && row.sourcing === 'platform_sourced'));
  if (!visible) throw AppError.notFound('Offset request');
  return row;
}

export async function viewOf(deps: OffsetDeps, tenantId: string, id: string): Promise<OffsetRequest> {
  const row = await deps.db.withTenant(tenantId, (tx) => repository.findRequestView(tx, id));
  if (!row) throw AppError.notFound('Offset request');
  return toOffsetRequest(row, deps.publicBaseUrl);
}

/** Reads the request as it stands and tells the screens of both sides: its company, and the platform company for a sourced one (the tenant's administrators hear either). */
export async function publish(deps: OffsetDeps, tenantId: string, id: string): Promise<OffsetRequest> {
  const view = await viewOf(deps, tenantId, id);
  const payload: OffsetRequestUpdatePayload = { id: view.id, companyId: view.companyId, status: view.status };
  deps.live.emitToCompany({ tenantId, companyId: view.companyId }, SERVER_EVENTS.offsetRequestUpdate, payload);
  if (view.sourcing === 'platform_sourced') {
    const platform = await deps.db.withTenant(tenantId, (tx) => repository.platformCompanyId(tx));
    if (platform && platform !== view.companyId) deps.live.emitToCompany({ tenantId, companyId: platform }, SERVER_EVENTS.offsetRequestUpdate, payload);
  }
  return view;
}

/** The audit entry of a request's step; `actor` is null for the platform's own steps. */
export function audit(tx: Tx, row: repository.OffsetRequestRow, action: AuditAction, actor: Actor | null, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    tenantId: row.tenantId,
    actorUserId: actor?.userId ?? null,
    action,
    resourceType: 'offset_request',
    resourceId: row.id,
    details: {
      quantity: row.quantity.toString(),
      beneficiaryName: row.beneficiaryName,
      tokenMint: row.tokenMint,
      sourcing: row.sourcing,
      companyId: row.companyId,
      ...details,
    },
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
  });
}

/** A notification to the user who asked, if they are still known. */
export async function notifyRequester(deps: OffsetDeps, row: repository.OffsetRequestRow, title: string, message: string): Promise<void> {
  if (!row.requestedBy) return;
  await notify(deps.db, deps.publisher, row.tenantId, { userIds: [row.requestedBy] }, { type: 'APPROVAL', title, message, link: '/offsets/requests' });
}
