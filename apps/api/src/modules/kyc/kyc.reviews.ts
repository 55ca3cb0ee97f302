import {
  KYC_CASE_STATUSES,
  KYC_DECIDABLE_STATUSES,
  KYC_REOPENABLE_STATUSES,
  checklistItemsFor,
  kycTexts,
  type AuditAction,
  type KycAssessmentRequest,
  type KycCaseStatus,
  type KycDecisionKind,
  type KycDocument,
  type KycQueue,
  type KycReviewCase,
  type kycQueueQuery,
} from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { announceApprovalRequested, openApprovalOf, requestApproval, type ApprovalRequested } from '../approvals';
import type { KycDeps } from './kyc.deps';
import { announceCase, auditCase, notifyCompany, type CaseOutcome } from './kyc.events';
import { caseDataOf, nextCompanyStatus } from './kyc.onboarding';
import * as repository from './kyc.repository';
import { toDocument, toReviewCase } from './kyc.views';

/** An officer of this request: who acts, and whether they hold kyc:review (the route decides). */
export interface Reviewer {
  actor: Actor;
  mayReview: boolean;
}

const OPEN: KycCaseStatus[] = ['submitted', 'in_review'];

/** GET /kyc/reviews: the queue in the officer's company scope (the tenant's for administrators), oldest submission first. */
export async function kycQueue(deps: KycDeps, reviewer: Reviewer, query: z.output<typeof kycQueueQuery>): Promise<KycQueue> {
  const scope = { companyId: companyScopeOf(reviewer.actor), riskLevel: query.riskLevel, subjectType: query.subjectType, search: query.search };
  const statuses = query.status === 'all' ? undefined : query.status === 'open' ? OPEN : [query.status];
  return deps.db.withTenant(reviewer.actor.tenantId, async (tx) => {
    const { rows, total } = await repository.queue(tx, { ...scope, statuses, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    const perStatus = await repository.countsByStatus(tx, scope);
    const names = await repository.userNames(
      tx,
      rows.map((row) => row.kase.submittedBy),
    );
    return {
      items: rows.map(({ kase, companyName, documentCount }) => ({
        id: kase.id,
        companyId: kase.companyId,
        companyName,
        subjectType: kase.subjectType,
        status: kase.status,
        riskLevel: kase.riskLevel,
        score: kase.score,
        documentCount,
        submittedAt: kase.submittedAt?.toISOString() ?? null,
        submittedBy: kase.submittedBy ? { id: kase.submittedBy, name: names.get(kase.submittedBy) ?? '' } : null,
        updatedAt: kase.updatedAt.toISOString(),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      counts: Object.fromEntries(KYC_CASE_STATUSES.map((status) => [status, perStatus.get(status) ?? 0])) as KycQueue['counts'],
    };
  });
}

/** A case past its draft in the officer's scope, else 404 (another company's cases do not exist for them). */
async function caseInScope(tx: Tx, actor: Actor, caseId: string, lock = false): Promise<repository.KycCaseRow> {
  const row = await repository.findCase(tx, caseId, lock);
  const scope = companyScopeOf(actor);
  if (!row || row.status === 'draft' || (scope !== undefined && row.companyId !== scope)) throw new AppError('NOT_FOUND', kycTexts.caseNotFound);
  return row;
}

const mayDecideOn = (reviewer: Reviewer, row: repository.KycCaseRow) => reviewer.mayReview && row.submittedBy !== reviewer.actor.userId;

/** Four-eyes (docs/kyc.md): whoever submitted a case never assesses or decides it. */
function assertMayDecide(reviewer: Reviewer, row: repository.KycCaseRow) {
  if (!reviewer.mayReview) throw new AppError('ACCESS_DENIED');
  if (row.submittedBy === reviewer.actor.userId) throw new AppError('KYC__OWN_CASE');
}

async function reviewCaseIn(tx: Tx, deps: KycDeps, reviewer: Reviewer, row: repository.KycCaseRow): Promise<KycReviewCase> {
  const company = (await repository.findCompany(tx, row.companyId))!;
  const documents = await repository.documentsOf(tx, row.id);
  const names = await repository.userNames(tx, [row.submittedBy]);
  const decisions = await repository.decisionsOf(tx, row.id);
  const waiting = await openApprovalOf(tx, 'kyc_decision', row.id);
  const pendingDecision = waiting
    ? { decision: waiting.details.decision === 'reject' ? ('reject' as const) : ('approve' as const), approvalId: waiting.id }
    : null;
  return toReviewCase({ row, company, data: caseDataOf(deps, row), documents, names, editable: false }, decisions, mayDecideOn(reviewer, row), pendingDecision);
}

/** GET /kyc/reviews/:id: the case with its data, documents, assessment and decisions. */
export async function kycReviewCase(deps: KycDeps, reviewer: Reviewer, caseId: string): Promise<KycReviewCase> {
  return deps.db.withTenant(reviewer.actor.tenantId, async (tx) => reviewCaseIn(tx, deps, reviewer, await caseInScope(tx, reviewer.actor, caseId)));
}

function outcomeOf(row: repository.KycCaseRow, before: repository.CompanyRow['kycStatus'], after: repository.CompanyRow['kycStatus']): CaseOutcome {
  return { caseId: row.id, companyId: row.companyId, status: row.status, companyKycStatus: after, previousCompanyKycStatus: before === after ? null : before };
}

/** PATCH /kyc/reviews/:id: risk level, score, checklist and notes; the first save puts a submitted case in review. */
export async function saveAssessment(deps: KycDeps, reviewer: Reviewer, caseId: string, request: KycAssessmentRequest): Promise<KycReviewCase> {
  const { actor } = reviewer;
  const { view, outcome } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await caseInScope(tx, actor, caseId, true);
    assertMayDecide(reviewer, row);
    if (!KYC_DECIDABLE_STATUSES.includes(row.status)) throw new AppError('KYC__NOT_REVIEWABLE');
    const company = (await repository.lockCompany(tx, row.companyId))!;
    const companyStatus = nextCompanyStatus(company.kycStatus, 'in_review', false);
    const updated = await repository.updateCase(tx, row.id, {
      status: 'in_review',
      ...(request.riskLevel !== undefined && { riskLevel: request.riskLevel }),
      ...(request.score !== undefined && { score: request.score }),
      ...(request.checklist !== undefined && { checklist: { ...row.checklist, ...request.checklist } }),
      ...(request.reviewNotes !== undefined && { reviewNotes: request.reviewNotes || null }),
    });
    if (companyStatus !== company.kycStatus) await repository.setCompanyKycStatus(tx, company.id, companyStatus);
    await auditCase(tx, actor, 'kyc.review_updated', updated, {
      riskLevel: updated.riskLevel,
      score: updated.score,
      checklist: updated.checklist,
      notesChanged: request.reviewNotes !== undefined,
      status: { from: row.status, to: updated.status },
    });
    return { view: await reviewCaseIn(tx, deps, reviewer, updated), outcome: outcomeOf(updated, company.kycStatus, companyStatus) };
  });
  await announceCase(deps, actor, outcome);
  return view;
}

const DECIDED: Record<KycDecisionKind, { status: KycCaseStatus; action: AuditAction; title: string; message: string }> = {
  approve: { status: 'approved', action: 'kyc.approved', title: kycTexts.approvedTitle, message: kycTexts.approved },
  reject: { status: 'rejected', action: 'kyc.rejected', title: kycTexts.rejectedTitle, message: kycTexts.rejected },
  request_information: {
    status: 'information_requested',
    action: 'kyc.information_requested',
    title: kycTexts.informationRequestedTitle,
    message: kycTexts.informationRequested,
  },
};

function assertDecisionAllowed(row: repository.KycCaseRow, decision: KycDecisionKind) {
  const allowed = decision === 'request_information' ? [...KYC_DECIDABLE_STATUSES, ...KYC_REOPENABLE_STATUSES] : KYC_DECIDABLE_STATUSES;
  if (!allowed.includes(row.status)) throw new AppError('KYC__NOT_REVIEWABLE');
  if (decision === 'request_information') return;
  if (!row.riskLevel || row.score === null) throw new AppError('KYC__RISK_NOT_ASSESSED');
  if (decision === 'approve' && checklistItemsFor(row.subjectType).some((item) => row.checklist[item] !== true))
    throw new AppError('KYC__CHECKLIST_INCOMPLETE');
}

/**
 * Records a decision on a locked case: its status, the decision row (in the name of the officer who
 * decided), the company's KYC/AML status, and the audit entry of who made it take effect.
 */
export async function applyDecision(
  tx: Tx,
  actor: Actor,
  row: repository.KycCaseRow,
  decision: KycDecisionKind,
  reason: string | undefined,
  decidedBy = actor.userId,
  details: Record<string, unknown> = {},
): Promise<{ updated: repository.KycCaseRow; outcome: CaseOutcome; companyName: string }> {
  const effect = DECIDED[decision];
  const company = (await repository.lockCompany(tx, row.companyId))!;
  const companyStatus = nextCompanyStatus(company.kycStatus, effect.status, true);
  const updated = await repository.updateCase(tx, row.id, { status: effect.status, decisionReason: reason || null, decidedAt: new Date() });
  await repository.insertDecision(tx, {
    tenantId: actor.tenantId,
    caseId: row.id,
    decision,
    reason: reason || null,
    riskLevel: row.riskLevel,
    score: row.score,
    decidedBy,
  });
  if (companyStatus !== company.kycStatus) await repository.setCompanyKycStatus(tx, company.id, companyStatus);
  await auditCase(tx, actor, effect.action, updated, {
    reason: reason || null,
    riskLevel: row.riskLevel,
    score: row.score,
    status: { from: row.status, to: updated.status },
    companyKycStatus: { from: company.kycStatus, to: companyStatus },
    ...details,
  });
  return { updated, outcome: outcomeOf(updated, company.kycStatus, companyStatus), companyName: company.name };
}

/** After a decision committed: the screens, the compliance controls and every member of the company hear of it. */
export async function announceDecision(
  deps: KycDeps,
  actor: Actor,
  decided: { outcome: CaseOutcome; companyName: string },
  decision: KycDecisionKind,
  reason: string | undefined,
) {
  const effect = DECIDED[decision];
  await announceCase(deps, actor, decided.outcome);
  await notifyCompany(
    deps,
    actor,
    decided.outcome.companyId,
    effect.title,
    reason ? `${decided.companyName}: ${effect.message} ${reason}` : `${decided.companyName}: ${effect.message}`,
  );
}

/** Opens the workflow of an approve or reject the tenant's delegation matrix sends for approval (kyc_decision levels); null when it has none. */
async function requestDecisionApproval(
  tx: Tx,
  actor: Actor,
  row: repository.KycCaseRow,
  decision: KycDecisionKind,
  reason: string | undefined,
): Promise<ApprovalRequested | null> {
  if (decision === 'request_information') return null;
  if (await openApprovalOf(tx, 'kyc_decision', row.id)) throw new AppError('KYC__DECISION_AWAITING_APPROVAL');
  const company = (await repository.findCompany(tx, row.companyId))!;
  const requested = await requestApproval(tx, actor, {
    operationType: 'kyc_decision',
    subjectId: row.id,
    companyId: row.companyId,
    summary: `${decision === 'approve' ? 'Approve' : 'Reject'} the KYC/AML case of ${company.name}`,
    priority: row.riskLevel === 'critical' ? 'critical' : row.riskLevel === 'high' ? 'high' : 'medium',
    details: { decision, reason: reason ?? null },
  });
  if (requested) await auditCase(tx, actor, 'kyc.decision_requested', row, { decision, reason: reason || null, approvalRequestId: requested.workflow.id });
  return requested;
}

/**
 * POST /kyc/reviews/:id/decision: approve, reject or ask for more information. The company's
 * KYC/AML status follows (docs/product.md §4), the decision is recorded and audited, and the
 * company's members are told in the app and live. Where the tenant's delegation matrix has
 * kyc_decision levels, an approve or reject waits for its approval workflow instead and takes
 * effect on the final approval (kyc.approval.ts).
 */
export async function decideCase(
  deps: KycDeps,
  reviewer: Reviewer,
  caseId: string,
  decision: KycDecisionKind,
  reason: string | undefined,
): Promise<{ view: KycReviewCase; awaitingApproval: boolean }> {
  const { actor } = reviewer;
  const result = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await caseInScope(tx, actor, caseId, true);
    assertMayDecide(reviewer, row);
    assertDecisionAllowed(row, decision);
    const requested = await requestDecisionApproval(tx, actor, row, decision, reason);
    if (requested) return { view: await reviewCaseIn(tx, deps, reviewer, row), requested, decided: null };
    const decided = await applyDecision(tx, actor, row, decision, reason);
    return { view: await reviewCaseIn(tx, deps, reviewer, decided.updated), requested: null, decided };
  });
  if (result.requested) await announceApprovalRequested(deps.approvals, result.requested);
  if (result.decided) await announceDecision(deps, actor, result.decided, decision, reason);
  return { view: result.view, awaitingApproval: result.requested !== null };
}

/** PUT /kyc/reviews/:id/documents/:documentId: an officer accepts or rejects one document while the case is under review. */
export async function reviewDocument(
  deps: KycDeps,
  reviewer: Reviewer,
  caseId: string,
  documentId: string,
  status: 'accepted' | 'rejected',
): Promise<KycDocument> {
  const { actor } = reviewer;
  const { document, row, companyKycStatus } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const kase = await caseInScope(tx, actor, caseId, true);
    assertMayDecide(reviewer, kase);
    if (!KYC_DECIDABLE_STATUSES.includes(kase.status)) throw new AppError('KYC__NOT_REVIEWABLE');
    const found = await repository.findDocument(tx, documentId);
    if (!found || found.caseId !== kase.id) throw new AppError('NOT_FOUND', kycTexts.documentNotFound);
    const updated = await repository.setDocumentStatus(tx, documentId, status, actor.userId);
    await auditCase(tx, actor, 'kyc.document_reviewed', kase, { documentId, documentType: found.documentType, status: { from: found.status, to: status } });
    return { document: toDocument(updated), row: kase, companyKycStatus: (await repository.findCompany(tx, kase.companyId))!.kycStatus };
  });
  await announceCase(deps, actor, { caseId: row.id, companyId: row.companyId, status: row.status, companyKycStatus, previousCompanyKycStatus: null });
  return document;
}
