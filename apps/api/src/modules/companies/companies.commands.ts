import { SERVER_EVENTS, companyTexts, isTaxIdOf, type CompanyProfile, type updateCompanyRequest } from '@carbonledger/contracts';
import type { z } from 'zod';
import { pgErrorOf } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import type { CompaniesDeps } from './companies.deps';
import { addressRecordOf } from './companies.onboarding';
import { assertMayRead } from './companies.queries';
import * as repository from './companies.repository';
import { toProfile } from './companies.views';

const sameTaxId = (a: string | null, b: string) => (a ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase() === b.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * PATCH /companies/:id. Platform administrators edit any company of the tenant; a company's
 * own COMPANY_ADMIN edits it (Settings → Company) but not its tax ID, which support changes
 * (docs/product.md §5); everyone else reads only. Audited with the fields before and after.
 */
export async function updateCompany(
  deps: CompaniesDeps,
  actor: Actor,
  companyId: string,
  request: z.output<typeof updateCompanyRequest>,
): Promise<CompanyProfile> {
  assertMayRead(actor, companyId);
  const platformAdministrator = actsTenantWide(actor);
  if (!platformAdministrator && actor.role !== 'COMPANY_ADMIN') throw new AppError('ACCESS_DENIED');
  const profile = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await repository.findCompanyForUpdate(tx, companyId);
    if (!current) throw AppError.notFound('Company');
    if (request.taxId !== undefined && !sameTaxId(current.taxId, request.taxId) && !platformAdministrator) throw new AppError('COMPANY__TAX_ID_LOCKED');
    const taxId = request.taxId ?? current.taxId;
    const country = request.country ?? current.country;
    if (taxId && country && !isTaxIdOf(country, taxId)) throw AppError.validation({ [request.taxId ? 'taxId' : 'country']: [companyTexts.taxIdInvalid] });
    if (request.taxId && (await repository.companyWithTaxId(tx, request.taxId, companyId))) throw new AppError('COMPANY__TAX_ID_TAKEN');

    const changes: repository.CompanyChanges = {
      ...(request.name !== undefined && { name: request.name }),
      ...(request.legalName !== undefined && { legalName: request.legalName }),
      ...(request.taxId !== undefined && { taxId: request.taxId }),
      ...(request.country !== undefined && { country: request.country }),
      ...(request.address !== undefined && { address: addressRecordOf(request.address) }),
      ...(request.contact !== undefined && { contact: request.contact }),
    };
    const fields = Object.keys(changes) as (keyof repository.CompanyChanges)[];
    if (fields.length === 0) return toProfile((await repository.findCompany(tx, companyId))!, await repository.membersOf(tx, companyId));
    await repository.updateCompany(tx, companyId, changes).catch((error: unknown) => {
      if (pgErrorOf(error)?.code === '23505') throw new AppError('COMPANY__TAX_ID_TAKEN');
      throw error;
    });
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'company.updated',
      resourceType: 'company',
      resourceId: companyId,
      details: { fields, before: Object.fromEntries(fields.map((field) => [field, current[field]])), after: changes },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return toProfile((await repository.findCompany(tx, companyId))!, await repository.membersOf(tx, companyId));
  });
  deps.live.emitToCompany({ tenantId: actor.tenantId, companyId }, SERVER_EVENTS.companyUpdate, { companyId });
  return profile;
}
