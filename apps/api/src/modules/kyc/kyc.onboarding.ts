import { randomUUID } from 'node:crypto';
import { KYC_EDITABLE_STATUSES, companyKycStatusFor, kycTexts, type KycSession, type Role, type saveKycCaseRequest } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import type { KycStatus } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { KycDeps } from './kyc.deps';
import { announceCase, auditCase, notifyReviewers } from './kyc.events';
import * as repository from './kyc.repository';
import { EMPTY_CASE_DATA, toCase, type KycCaseData } from './kyc.views';

/** Who fills in and submits the company's case: its administrators (the dashboard asks them to, docs/product.md §2). */
const EDITOR_ROLES: readonly Role[] = ['SUPER_ADMIN', 'ADMIN', 'COMPANY_ADMIN'];

export function mayEdit(actor: Pick<Actor, 'role'>): boolean {
  return EDITOR_ROLES.includes(actor.role);
}

export function caseDataOf(deps: Pick<KycDeps, 'sealer'>, row: repository.KycCaseRow): KycCaseData {
  return { ...EMPTY_CASE_DATA, ...deps.sealer.openJson<Partial<KycCaseData>>(row.dataSealed, `kyc-case:${row.id}`) };
}

function sealData(deps: Pick<KycDeps, 'sealer'>, caseId: string, data: KycCaseData): string {
  return deps.sealer.sealJson(data, `kyc-case:${caseId}`);
}

/** The company's status a case status gives; an approved company stays approved until an officer decides otherwise. */
export function nextCompanyStatus(current: KycStatus, caseStatus: repository.KycCaseRow['status'], decided: boolean): KycStatus {
  if (current === 'approved' && !decided) return current;
  return companyKycStatusFor(caseStatus);
}

async function sessionIn(tx: Tx, deps: KycDeps, actor: Actor): Promise<KycSession> {
  const company = await repository.findCompany(tx, actor.companyId);
  if (!company) throw AppError.notFound('Company');
  const row = await repository.currentCaseOf(tx, actor.companyId);
  const canEdit = mayEdit(actor);
  if (!row) return { companyId: company.id, companyName: company.name, companyKycStatus: company.kycStatus, canEdit, case: null };
  const documents = await repository.documentsOf(tx, row.id);
  const names = await repository.userNames(tx, [row.submittedBy]);
  const editable = canEdit && KYC_EDITABLE_STATUSES.includes(row.status);
  return {
    companyId: company.id,
    companyName: company.name,
    companyKycStatus: company.kycStatus,
    canEdit,
    case: toCase({ row, company, data: caseDataOf(deps, row), documents, names, editable }),
  };
}

/** GET /kyc/case: the signed-in user's company, its KYC/AML status and its current case. */
export async function kycSession(deps: KycDeps, actor: Actor): Promise<KycSession> {
  return deps.db.withTenant(actor.tenantId, (tx) => sessionIn(tx, deps, actor));
}

/**
 * The company's open case, locked, for a change by its administrators: created on the first
 * save (a decided case starts a new one, e.g. a re-verification), refused once submitted.
 */
export async function editableCase(tx: Tx, deps: KycDeps, actor: Actor, subjectType?: repository.KycCaseRow['subjectType']): Promise<repository.KycCaseRow> {
  if (!mayEdit(actor)) throw new AppError('KYC__NOT_EDITOR');
  await repository.lockCompany(tx, actor.companyId);
  const current = await repository.currentCaseOf(tx, actor.companyId, true);
  if (current && current.status !== 'approved' && current.status !== 'rejected') {
    if (!KYC_EDITABLE_STATUSES.includes(current.status)) throw new AppError('KYC__NOT_EDITABLE');
    return current;
  }
  if (current?.status === 'rejected') throw new AppError('KYC__NOT_EDITABLE');
  if (!subjectType) throw AppError.validation({ subjectType: ['Choose individual or business.'] });
  const id = randomUUID();
  const created = await repository.insertCase(tx, {
    id,
    tenantId: actor.tenantId,
    companyId: actor.companyId,
    subjectType,
    dataSealed: sealData(deps, id, EMPTY_CASE_DATA),
    createdBy: actor.userId,
  });
  await auditCase(tx, actor, 'kyc.case_started', created, { subjectType });
  return created;
}

/** PUT /kyc/case: saves the steps sent, so that the company continues where it stopped. */
export async function saveKycCase(deps: KycDeps, actor: Actor, request: z.output<typeof saveKycCaseRequest>): Promise<KycSession> {
  const { session, outcome } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await editableCase(tx, deps, actor, request.subjectType);
    const data = caseDataOf(deps, row);
    const next: KycCaseData = {
      individual: request.individual !== undefined ? request.individual : data.individual,
      business: request.business !== undefined ? request.business : data.business,
      parties: request.parties ?? data.parties,
      address: request.address !== undefined ? request.address : data.address,
    };
    const sections = (['subjectType', 'individual', 'business', 'parties', 'address', 'step'] as const).filter((key) => request[key] !== undefined);
    const updated = await repository.updateCase(tx, row.id, {
      subjectType: request.subjectType ?? row.subjectType,
      step: request.step ?? row.step,
      dataSealed: sealData(deps, row.id, next),
    });
    // The sections' names only: the personal data stays out of the trail.
    await auditCase(tx, actor, 'kyc.case_saved', updated, { sections });
    return { session: await sessionIn(tx, deps, actor), outcome: updated };
  });
  await announceCase(deps, actor, {
    caseId: outcome.id,
    companyId: outcome.companyId,
    status: outcome.status,
    companyKycStatus: session.companyKycStatus,
    previousCompanyKycStatus: null,
  });
  return session;
}

/** What a case of its type lacks before it can be submitted, by field. */
function missingSteps(row: repository.KycCaseRow, data: KycCaseData, documentCount: number): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  if (row.subjectType === 'individual' && !data.individual) missing.individual = [kycTexts.incomplete];
  if (row.subjectType === 'business' && !data.business) missing.business = [kycTexts.incomplete];
  if (row.subjectType === 'business' && data.parties.length === 0) missing.parties = [kycTexts.ownershipRequired];
  if (!data.address) missing.address = [kycTexts.incomplete];
  if (documentCount === 0) missing.documents = [kycTexts.incomplete];
  return missing;
}

/** POST /kyc/case/submit: the complete case goes to the officers; the company's status becomes pending unless it is approved already. */
export async function submitKycCase(deps: KycDeps, actor: Actor): Promise<KycSession> {
  const { session, outcome, companyName } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await editableCase(tx, deps, actor);
    const documents = await repository.documentsOf(tx, row.id);
    const missing = missingSteps(row, caseDataOf(deps, row), documents.length);
    if (Object.keys(missing).length > 0) throw new AppError('KYC__INCOMPLETE', undefined, { fields: missing });
    const company = (await repository.lockCompany(tx, actor.companyId))!;
    const updated = await repository.updateCase(tx, row.id, {
      status: 'submitted',
      step: 'review',
      submittedBy: actor.userId,
      submittedAt: new Date(),
      decisionReason: null,
    });
    const companyStatus = nextCompanyStatus(company.kycStatus, 'submitted', false);
    if (companyStatus !== company.kycStatus) await repository.setCompanyKycStatus(tx, company.id, companyStatus);
    await auditCase(tx, actor, 'kyc.case_submitted', updated, {
      subjectType: updated.subjectType,
      documents: documents.length,
      companyKycStatus: { from: company.kycStatus, to: companyStatus },
    });
    return {
      session: await sessionIn(tx, deps, actor),
      companyName: company.name,
      outcome: {
        caseId: updated.id,
        companyId: updated.companyId,
        status: updated.status,
        companyKycStatus: companyStatus,
        previousCompanyKycStatus: companyStatus === company.kycStatus ? null : company.kycStatus,
      },
    };
  });
  await announceCase(deps, actor, outcome);
  await notifyReviewers(deps, actor, outcome.companyId, kycTexts.submittedTitle, `${companyName} submitted its KYC/AML case for review.`);
  return session;
}
