import type { CompanySummary } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { KycStatus } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, companyScopeOf, type Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import * as repository from './companies.repository';

function toSummary(row: repository.CompanyRow): CompanySummary {
  return { id: row.id, name: row.name, isPlatform: row.isPlatform, kycStatus: row.kycStatus };
}

export async function listCompanies(tx: Tx, actor: Actor): Promise<CompanySummary[]> {
  const rows = await repository.listCompanies(tx, companyScopeOf(actor));
  return rows.map(toSummary);
}

/** Until KYC onboarding exists, an administrator records the outcome of a company's KYC/AML review (audited). */
export async function updateKycStatus(tx: Tx, actor: Actor, companyId: string, status: KycStatus): Promise<CompanySummary> {
  // The exact roles: the docs/product.md §6 role check would also let CSO and Head of Digital Assets through.
  if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
  const company = await repository.findCompanyForUpdate(tx, companyId);
  if (!company) throw AppError.notFound('Company');
  const updated = await repository.setKycStatus(tx, companyId, status);
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'company.kyc_status_set',
    resourceType: 'company',
    resourceId: companyId,
    details: { from: company.kycStatus, to: status },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
  return toSummary(updated);
}
