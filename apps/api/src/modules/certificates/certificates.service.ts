import {
  certificateTexts,
  certificateVerifyPath,
  type Certificate,
  type CertificateList,
  type CertificateVerification,
  type PublicCertificate,
} from '@carbonledger/contracts';
import type { ChainClient } from '@carbonledger/chain';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { beneficiaryHash, CERTIFICATE_FIELDS, certificateFacts, certificateFactsHash } from '../../lib/certificate-facts';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import { LIST_COUNT_LIMIT, pageRows, windowedTotal } from '../../lib/list-window';
import type { ContentStore } from '../files';
import { retirementMemo, verifyCertificateOnChain } from './certificates.chain';
import { certificateBrandingOf, certificateQrPng, certificateQrSvg, renderCertificatePdf, type CertificateBranding } from './certificates.pdf';
import * as repository from './certificates.repository';

export interface CertificateDeps {
  db: Database;
  chain: ChainClient;
  explorer: ExplorerTarget;
  /** The file store the tenant's logo is read from (docs/product.md §3 Tenant branding). */
  files: ContentStore;
}

/** Who reads certificates: only the tenant and the company scope matter. */
type Reader = Pick<Actor, 'tenantId' | 'companyId' | 'role'>;

export type NewCertificate = repository.NewCertificateRow;

/** The public verification page of a certificate on this deployment (PUBLIC_URL, else the caller's origin). */
export function certificateVerifyUrl(baseUrl: string, number: string): string {
  return `${baseUrl.replace(/\/$/, '')}${certificateVerifyPath(number)}`;
}

function toPublicCertificate(deps: CertificateDeps, baseUrl: string, row: repository.CertificateRow): PublicCertificate {
  return {
    number: row.number,
    amount: row.amount.toString(),
    decimals: row.decimals,
    tokenSymbol: row.tokenSymbol,
    tokenMint: row.tokenMint,
    date: row.issuedAt.toISOString(),
    reason: row.reason,
    projectId: row.projectId,
    projectName: row.projectName,
    developer: row.developer,
    location: row.projectLocation,
    methodology: row.methodology,
    standard: row.standard,
    vintage: row.vintage,
    registry: row.registry,
    registryReference: row.registryReference,
    country: row.country,
    subdivision: row.subdivision,
    transactionHash: row.burnSignature,
    certificateMint: row.mintAddress,
    holderAddress: row.holderAddress,
    metadataHash: row.metadataHash,
    explorer: { transaction: explorerUrl(deps.explorer, 'tx', row.burnSignature), certificateMint: explorerUrl(deps.explorer, 'address', row.mintAddress) },
    verifyUrl: certificateVerifyUrl(baseUrl, row.number),
  };
}

export function toCertificate(deps: CertificateDeps, baseUrl: string, row: repository.CertificateRow): Certificate {
  return { ...toPublicCertificate(deps, baseUrl, row), id: row.id, retirementId: row.retirementId, companyId: row.companyId, beneficiary: row.beneficiaryName };
}

/** Administrators see the whole tenant's certificates, or one company's on request; everyone else those of their own company. */
function companyScope(actor: Reader, companyId: string | undefined): string | undefined {
  const own = companyScopeOf(actor);
  if (own && companyId && companyId !== own) throw new AppError('ACCESS_DENIED');
  return own ?? companyId;
}

export async function listCertificates(
  deps: CertificateDeps,
  actor: Reader,
  query: { search?: string; companyId?: string; page: number; pageSize: number },
  baseUrl: string,
): Promise<CertificateList> {
  const filter = { companyId: companyScope(actor, query.companyId), search: query.search || undefined };
  const { rows, matching } = await deps.db.withTenant(actor.tenantId, (tx) => repository.listCertificates(tx, filter, pageRows(query), LIST_COUNT_LIMIT));
  return { items: rows.map((row) => toCertificate(deps, baseUrl, row)), ...windowedTotal(matching), page: query.page, pageSize: query.pageSize };
}

async function findVisibleCertificate(tx: Tx, actor: Reader, id: string): Promise<repository.CertificateRow> {
  const row = await repository.findCertificate(tx, id);
  const own = companyScopeOf(actor);
  // Another company's certificate answers as unknown, so ids of other companies leak nothing.
  if (!row || (own && row.companyId !== own)) throw new AppError('NOT_FOUND', certificateTexts.notFound);
  return row;
}

/** The tenant's colours and logo, as the certificate and the invoice PDFs draw them. */
export async function tenantDocumentBranding(deps: Pick<CertificateDeps, 'db' | 'files'>, tenantId: string): Promise<CertificateBranding> {
  const branding = await deps.db.withTenant(tenantId, (tx) => repository.tenantBranding(tx, tenantId));
  const logo = branding?.logoCid ? await deps.files.get(branding.logoCid) : null;
  return certificateBrandingOf(branding, logo);
}

/** The certificate with the tenant's branding, for what is drawn (the PDF, the QR code). */
async function brandedCertificate(deps: CertificateDeps, actor: Reader, id: string) {
  const { row, branding } = await deps.db.withTenant(actor.tenantId, async (tx) => ({
    row: await findVisibleCertificate(tx, actor, id),
    branding: await repository.tenantBranding(tx, actor.tenantId),
  }));
  const logo = branding?.logoCid ? await deps.files.get(branding.logoCid) : null;
  return { row, branding: certificateBrandingOf(branding, logo) };
}

export async function getCertificate(deps: CertificateDeps, actor: Reader, id: string, baseUrl: string): Promise<Certificate> {
  return toCertificate(deps, baseUrl, await deps.db.withTenant(actor.tenantId, (tx) => findVisibleCertificate(tx, actor, id)));
}

export async function certificatePdf(deps: CertificateDeps, actor: Reader, id: string, baseUrl: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { row, branding } = await brandedCertificate(deps, actor, id);
  return { fileName: `certificate-${row.number}.pdf`, pdf: await renderCertificatePdf(toCertificate(deps, baseUrl, row), branding) };
}

export async function certificateQr(
  deps: CertificateDeps,
  actor: Reader,
  id: string,
  format: 'png' | 'svg',
  baseUrl: string,
): Promise<{ contentType: string; body: Buffer | string }> {
  const { row, branding } = await brandedCertificate(deps, actor, id);
  const url = certificateVerifyUrl(baseUrl, row.number);
  return format === 'svg'
    ? { contentType: 'image/svg+xml', body: await certificateQrSvg(url, branding) }
    : { contentType: 'image/png', body: await certificateQrPng(url, branding) };
}

/**
 * A completed retirement's certificate, written in the retirement's completing database
 * transaction (the retirements module calls this; certificates never reach back into it).
 */
export async function issueCertificate(tx: Tx, certificate: NewCertificate): Promise<void> {
  await repository.insertCertificate(tx, certificate);
}

/**
 * The public verification behind the QR code: finds the certificate by its number across
 * tenants, then re-checks every stored fact against the chain as it is now. Answers the
 * certificate's non-personal facts only (the beneficiary's name stays private; its hash is
 * part of the checked fingerprint).
 */
export async function verifyCertificate(deps: CertificateDeps, number: string, baseUrl: string): Promise<CertificateVerification> {
  const tenantId = await deps.db.asSystem((tx) => repository.tenantOfCertificateNumber(tx, number));
  if (!tenantId) throw new AppError('NOT_FOUND', certificateTexts.notFound);
  const { row, burnTransaction } = await deps.db.withTenant(tenantId, async (tx) => {
    const found = await repository.findCertificateByNumber(tx, number);
    if (!found) throw new AppError('NOT_FOUND', certificateTexts.notFound);
    return { row: found, burnTransaction: await repository.signedTransactionOf(tx, found.burnSignature) };
  });

  const recomputedHash = certificateFactsHash(
    certificateFacts(
      {
        number: row.number,
        retirementId: row.retirementId,
        holderAddress: row.holderAddress,
        certificateMint: row.mintAddress,
        // Recomputed from the stored name, so a changed beneficiary breaks the fingerprint too.
        beneficiaryHash: beneficiaryHash(row.retirementId, row.beneficiaryName),
      },
      row,
    ),
  );
  const checks = await verifyCertificateOnChain(deps.chain, {
    burnSignature: row.burnSignature,
    burnTransaction,
    tokenMint: row.tokenMint,
    amount: row.amount,
    decimals: row.decimals,
    memo: retirementMemo(row.retirementId),
    mintAddress: row.mintAddress,
    holderAddress: row.holderAddress,
    recomputedHash,
    storedHash: row.metadataHash,
    hashField: CERTIFICATE_FIELDS.facts,
  });
  const valid = Object.values(checks).every((check) => check.ok);
  return {
    valid,
    verdict: valid ? certificateTexts.valid : certificateTexts.invalid,
    checkedAt: new Date().toISOString(),
    checks,
    certificate: toPublicCertificate(deps, baseUrl, row),
  };
}
