import { ROLES, SERVER_EVENTS, type AuditAction, type KycCaseStatus, type KycUpdatePayload } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { KycStatus } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import type { KycDeps } from './kyc.deps';

/** What happened to a case, in the tenant's audit trail; never the personal data itself. */
export async function auditCase(tx: Tx, actor: Actor, action: AuditAction, kase: { id: string; companyId: string }, details: Record<string, unknown> = {}) {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'kyc_case',
    resourceId: kase.id,
    details: { companyId: kase.companyId, ...details },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

export interface CaseOutcome {
  caseId: string;
  companyId: string;
  status: KycCaseStatus;
  companyKycStatus: KycStatus;
  /** The company's status before, when it changed. */
  previousCompanyKycStatus: KycStatus | null;
}

/**
 * After commit: kyc_update to the company's members and the tenant's administrators (screens
 * and the officers' queue read again), company_update and the compliance controls when the
 * company's status changed.
 */
export async function announceCase(deps: KycDeps, actor: Actor, outcome: CaseOutcome) {
  const target = { tenantId: actor.tenantId, companyId: outcome.companyId };
  const payload: KycUpdatePayload = {
    caseId: outcome.caseId,
    companyId: outcome.companyId,
    status: outcome.status,
    companyKycStatus: outcome.companyKycStatus,
  };
  deps.live.emitToCompany(target, SERVER_EVENTS.kycUpdate, payload);
  if (outcome.previousCompanyKycStatus === null) return;
  deps.live.emitToCompany(target, SERVER_EVENTS.companyUpdate, { companyId: outcome.companyId });
  await deps.statusChanged({ ...target, from: outcome.previousCompanyKycStatus, to: outcome.companyKycStatus, actorUserId: actor.userId });
}

/** docs/product.md §6: the tenant's administrators and the company's security officers review KYC cases. */
export async function notifyReviewers(deps: KycDeps, actor: Actor, companyId: string, title: string, message: string) {
  const content = { type: 'APPROVAL' as const, title, message, link: '/compliance/kyc-reviews' };
  await notify(deps.db, deps.live, actor.tenantId, { roles: ['ADMIN', 'SUPER_ADMIN'] }, content);
  await notify(deps.db, deps.live, actor.tenantId, { roles: ['CSO'], companyId }, content);
}

/** An officer's decision, told to every member of the company. */
export async function notifyCompany(deps: KycDeps, actor: Actor, companyId: string, title: string, message: string) {
  await notify(deps.db, deps.live, actor.tenantId, { roles: ROLES, companyId }, { type: 'APPROVAL', title, message, link: '/kyc' });
}
