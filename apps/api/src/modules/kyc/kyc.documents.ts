import { randomUUID } from 'node:crypto';
import { kycTexts, type KycDocument, type KycDocumentContentType, type UploadKycDocumentQuery } from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { cidOf } from '../files';
import type { KycDeps } from './kyc.deps';
import { announceCase, auditCase } from './kyc.events';
import { editableCase } from './kyc.onboarding';
import * as repository from './kyc.repository';
import { toDocument } from './kyc.views';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);

/** PDF, JPEG or PNG from the first bytes; null for anything else, whatever its name or declared type. */
export function detectDocumentType(bytes: Uint8Array): KycDocumentContentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

/** The name the browser gave, without any folder part or control characters, at most 200 characters. */
function displayName(name: string | null): string | null {
  const cleaned = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? null : cleaned;
}

const boundTo = (documentId: string) => `kyc-document:${documentId}`;

/**
 * POST /kyc/case/documents: the bytes are sealed (personal data) and the sealed bytes kept in
 * the file store under their own CID, before the record: a record never names missing content.
 */
export async function uploadDocument(
  deps: KycDeps,
  actor: Actor,
  query: UploadKycDocumentQuery,
  upload: { bytes: Buffer; originalName: string | null },
): Promise<KycDocument> {
  const contentType = detectDocumentType(upload.bytes);
  if (!contentType) throw new AppError('KYC__DOCUMENT_UNSUPPORTED', undefined, { fields: { file: [kycTexts.documentUnsupported] } });
  const id = randomUUID();
  const sealed = deps.sealer.sealBytes(upload.bytes, boundTo(id));
  const cid = cidOf(sealed);
  await deps.store.put(cid, sealed);
  const { document, row, companyKycStatus } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const kase = await editableCase(tx, deps, actor);
    const inserted = await repository.insertDocument(tx, {
      id,
      tenantId: actor.tenantId,
      caseId: kase.id,
      companyId: kase.companyId,
      cid,
      contentType,
      sizeBytes: upload.bytes.length,
      originalName: displayName(upload.originalName),
      documentType: query.documentType,
      category: query.category,
      notes: query.notes || null,
      uploadedBy: actor.userId,
    });
    await auditCase(tx, actor, 'kyc.document_uploaded', kase, {
      documentId: id,
      documentType: query.documentType,
      category: query.category,
      contentType,
      size: upload.bytes.length,
    });
    return { document: toDocument(inserted), row: kase, companyKycStatus: (await repository.findCompany(tx, kase.companyId))!.kycStatus };
  });
  await announceCase(deps, actor, { caseId: row.id, companyId: row.companyId, status: row.status, companyKycStatus, previousCompanyKycStatus: null });
  return document;
}

/** DELETE /kyc/case/documents/:id: withdrawn while the case is still the company's to edit. */
export async function removeDocument(deps: KycDeps, actor: Actor, documentId: string): Promise<void> {
  const { row, companyKycStatus } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const kase = await editableCase(tx, deps, actor);
    const document = await repository.findDocument(tx, documentId);
    if (!document || document.caseId !== kase.id) throw new AppError('NOT_FOUND', kycTexts.documentNotFound);
    await repository.markDocumentRemoved(tx, documentId);
    await auditCase(tx, actor, 'kyc.document_removed', kase, { documentId, documentType: document.documentType });
    return { row: kase, companyKycStatus: (await repository.findCompany(tx, kase.companyId))!.kycStatus };
  });
  await announceCase(deps, actor, { caseId: row.id, companyId: row.companyId, status: row.status, companyKycStatus, previousCompanyKycStatus: null });
}

/**
 * GET /kyc/documents/:id/content: the document opened for the company's own users and the
 * officers who act for it (the tenant's administrators); anyone else gets 404.
 */
export async function documentContent(
  deps: KycDeps,
  actor: Actor,
  documentId: string,
): Promise<{ bytes: Buffer; contentType: KycDocumentContentType; name: string }> {
  const document = await deps.db.withTenant(actor.tenantId, (tx) => repository.findDocument(tx, documentId));
  const scope = companyScopeOf(actor);
  if (!document || (scope !== undefined && document.companyId !== scope)) throw new AppError('NOT_FOUND', kycTexts.documentNotFound);
  const sealed = await deps.store.get(document.cid);
  if (!sealed) throw new AppError('NOT_FOUND', kycTexts.documentNotFound);
  const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[document.contentType];
  return {
    bytes: deps.sealer.openBytes(sealed, boundTo(document.id)),
    contentType: document.contentType,
    name: document.originalName ?? `document-${document.id}.${extension}`,
  };
}
