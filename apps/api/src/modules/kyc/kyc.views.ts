import type { KycAddress, KycBusiness, KycCase, KycDecision, KycDocument, KycIndividual, KycParty, KycReviewCase } from '@carbonledger/contracts';
import type { CompanyRow, KycCaseRow, KycDecisionRow, KycDocumentRow } from './kyc.repository';

/** The steps' answers, sealed together in kyc_cases.data_sealed. */
export interface KycCaseData {
  individual: KycIndividual | null;
  business: KycBusiness | null;
  parties: KycParty[];
  address: KycAddress | null;
}

export const EMPTY_CASE_DATA: KycCaseData = { individual: null, business: null, parties: [], address: null };

export function toDocument(row: KycDocumentRow): KycDocument {
  return {
    id: row.id,
    caseId: row.caseId,
    documentType: row.documentType as KycDocument['documentType'],
    category: row.category as KycDocument['category'],
    notes: row.notes,
    status: row.status,
    contentType: row.contentType,
    size: row.sizeBytes,
    originalName: row.originalName,
    uploadedAt: row.createdAt.toISOString(),
  };
}

const person = (id: string | null, names: Map<string, string>) => (id ? { id, name: names.get(id) ?? '' } : null);

export interface CaseParts {
  row: KycCaseRow;
  company: CompanyRow;
  data: KycCaseData;
  documents: KycDocumentRow[];
  names: Map<string, string>;
  editable: boolean;
}

/** The company's view: no risk assessment or officers' notes. */
export function toCase({ row, company, data, documents, names, editable }: CaseParts): KycCase {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: company.name,
    companyKycStatus: company.kycStatus,
    subjectType: row.subjectType,
    status: row.status,
    step: row.step,
    individual: data.individual,
    business: data.business,
    parties: data.parties,
    address: data.address,
    documents: documents.map(toDocument),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    submittedBy: person(row.submittedBy, names),
    decisionReason: row.status === 'rejected' || row.status === 'information_requested' ? row.decisionReason : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    editable,
  };
}

export function toDecision(row: KycDecisionRow & { decidedByName: string }): KycDecision {
  return {
    decision: row.decision,
    reason: row.reason,
    riskLevel: row.riskLevel,
    score: row.score,
    decidedBy: { id: row.decidedBy, name: row.decidedByName },
    decidedAt: row.createdAt.toISOString(),
  };
}

export function toReviewCase(
  parts: CaseParts,
  decisions: (KycDecisionRow & { decidedByName: string })[],
  canDecide: boolean,
  pendingDecision: KycReviewCase['pendingDecision'] = null,
): KycReviewCase {
  return {
    ...toCase(parts),
    decisionReason: parts.row.decisionReason,
    riskLevel: parts.row.riskLevel,
    score: parts.row.score,
    checklist: parts.row.checklist,
    reviewNotes: parts.row.reviewNotes,
    decisions: decisions.map(toDecision),
    canDecide,
    pendingDecision,
  };
}
