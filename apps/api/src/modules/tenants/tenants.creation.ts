import type { TenantCreated, createTenantRequest } from '@carbonledger/contracts';
import type { z } from 'zod';
import { pgErrorOf } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { companyProfile, insertOnboardedCompany, prepareFirstAdministrator, type Onboarder } from '../companies';
import type { TenantsDeps } from './tenants.deps';
import * as repository from './tenants.repository';
import { toSettings } from './tenants.views';

/** Who creates a tenant: a signed-in SUPER_ADMIN of the platform company, or an operator at a shell (`npm run tenant:create`). */
export type TenantCreator = { kind: 'user'; actor: Actor } | { kind: 'operator' };

/**
 * A tenant with its first company and the invitation of that company's first COMPANY_ADMIN
 * (issue 14; docs/product.md §3 Tenant), in one transaction. Tenants are platform-level, so
 * this is system work like the demo seed (db/seed.ts): the tenant row is inserted with system
 * rights, then the transaction drops to the tenant role with the new tenant set, and the
 * company, the invitation, the registry catalogue and the audit entries are tenant work under
 * row-level security. The creator's own tenant records that it created one.
 */
export async function createTenant(deps: TenantsDeps, creator: TenantCreator, request: z.output<typeof createTenantRequest>): Promise<TenantCreated> {
  const origin = creator.kind === 'user' ? { requestId: creator.actor.requestId ?? null, ip: creator.actor.ip ?? null } : { requestId: null, ip: null };
  const createdBy = creator.kind === 'user' ? { tenantId: creator.actor.tenantId, userId: creator.actor.userId } : 'operator';
  const { created, send } = await deps.db.asSystem(async (tx) => {
    if (creator.kind === 'user') {
      const { actor } = creator;
      if (actor.role !== 'SUPER_ADMIN' || !(await repository.isPlatformCompany(tx, actor.tenantId, actor.companyId)))
        throw new AppError('TENANT__PLATFORM_ONLY');
    }
    if (await repository.tenantWithSlug(tx, request.slug)) throw new AppError('TENANT__SLUG_TAKEN');
    const tenant = await repository
      .insertTenant(tx, { name: request.name, slug: request.slug, theme: request.theme, branding: request.branding })
      .catch((error: unknown) => {
        if (pgErrorOf(error)?.code === '23505') throw new AppError('TENANT__SLUG_TAKEN');
        throw error;
      });
    if (creator.kind === 'user') {
      const { actor } = creator;
      await recordAudit(tx, {
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        action: 'tenant.created',
        resourceType: 'tenant',
        resourceId: tenant.id,
        details: { name: tenant.name, slug: tenant.slug },
        ...origin,
      });
    }

    await repository.enterTenant(tx, tenant.id);
    // The creator is no user of the new tenant: its entries name them in the details.
    const by: Onboarder = { tenantId: tenant.id, userId: null, ...origin };
    await recordAudit(tx, {
      tenantId: tenant.id,
      action: 'tenant.created',
      resourceType: 'tenant',
      resourceId: tenant.id,
      details: { name: tenant.name, slug: tenant.slug, createdBy },
      ...origin,
    });
    const company = await insertOnboardedCompany(tx, by, request.company);
    const administrator = await prepareFirstAdministrator(tx, deps.users, by, company.id, request.administrator);
    await deps.prepareRegistry(tx, tenant.id);
    const profile = await companyProfile(
      tx,
      { tenantId: tenant.id, companyId: company.id, userId: administrator.invitation.userId, role: 'COMPANY_ADMIN' },
      company.id,
    );
    return { created: { tenant: toSettings(tenant), company: profile, invitation: administrator.invitation }, send: administrator.send };
  });
  // The invitation e-mail leaves once the tenant exists for good.
  return { tenant: created.tenant, company: created.company, administrator: { ...created.invitation, invitationSent: await send() } };
}
