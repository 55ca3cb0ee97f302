import { SERVER_EVENTS, type CompanyCreated, type NewCompany, type createCompanyRequest } from '@carbonledger/contracts';
import type { z } from 'zod';
import { pgErrorOf, type Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import type { CompaniesDeps } from './companies.deps';
import { prepareFirstAdministrator, type Onboarder } from './companies.invitation';
import * as repository from './companies.repository';
import { toProfile } from './companies.views';

/** The address as stored: optional lines are null rather than missing. */
export function addressRecordOf(address: NewCompany['address']) {
  return { line1: address.line1, line2: address.line2 ?? null, city: address.city, region: address.region ?? null, postalCode: address.postalCode ?? null };
}

/**
 * A customer company of the onboarder's tenant, inside the caller's transaction (also a new
 * tenant's first company). Its KYC/AML review has not started; tax IDs are unique per tenant.
 */
export async function insertOnboardedCompany(tx: Tx, by: Onboarder, company: NewCompany): Promise<repository.CompanyRow> {
  if (await repository.companyWithTaxId(tx, company.taxId)) throw new AppError('COMPANY__TAX_ID_TAKEN');
  const row = await repository
    .insertCompany(tx, {
      tenantId: by.tenantId,
      name: company.name,
      legalName: company.legalName,
      taxId: company.taxId,
      country: company.country,
      address: addressRecordOf(company.address),
      contact: company.contact,
      isPlatform: false,
      kycStatus: 'not_started',
    })
    .catch((error: unknown) => {
      // Two onboardings of one tax ID at once: the unique index decides.
      if (pgErrorOf(error)?.code === '23505') throw new AppError('COMPANY__TAX_ID_TAKEN');
      throw error;
    });
  await recordAudit(tx, {
    tenantId: by.tenantId,
    actorUserId: by.userId,
    action: 'company.created',
    resourceType: 'company',
    resourceId: row.id,
    details: { name: row.name, legalName: row.legalName, taxId: row.taxId, country: row.country },
    ip: by.ip ?? null,
    requestId: by.requestId ?? null,
  });
  return row;
}

/** POST /companies: a platform administrator (exactly ADMIN or SUPER_ADMIN) onboards a customer company and invites its first administrator. */
export async function onboardCompany(deps: CompaniesDeps, actor: Actor, request: z.output<typeof createCompanyRequest>): Promise<CompanyCreated> {
  if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
  const { administrator: person, ...company } = request;
  const { company: profile, prepared } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await insertOnboardedCompany(tx, actor, company);
    const invited = person ? await prepareFirstAdministrator(tx, deps.users, actor, row.id, person) : null;
    return { company: toProfile((await repository.findCompany(tx, row.id))!, await repository.membersOf(tx, row.id)), prepared: invited };
  });
  const created: CompanyCreated = { company: profile, administrator: prepared ? { ...prepared.invitation, invitationSent: await prepared.send() } : null };
  deps.live.emitToCompany({ tenantId: actor.tenantId, companyId: created.company.id }, SERVER_EVENTS.companyUpdate, { companyId: created.company.id });
  return created;
}
