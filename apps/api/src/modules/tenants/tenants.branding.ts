import { tenantTexts, type TenantSettings, type updateTenantBrandingRequest } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import type { TenantsDeps } from './tenants.deps';
import * as repository from './tenants.repository';
import { toSettings } from './tenants.views';

/** Logos the certificate PDF can draw (PDFKit embeds PNG and JPEG). */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/** GET /tenant: the caller's tenant with its theme and branding, for every signed-in user (the web app's theme applies it). */
export async function tenantSettings(tx: Tx, actor: Actor): Promise<TenantSettings> {
  const row = await repository.findTenant(tx, actor.tenantId);
  if (!row) throw AppError.notFound('Tenant');
  return toSettings(row);
}

/**
 * PUT /tenant/branding: the tenant's theme, colours, fonts and logo (docs/product.md §3 Tenant
 * branding), by a platform administrator (exactly ADMIN or SUPER_ADMIN: it changes every
 * company's screens and certificates). Audited with the look before and after.
 */
export async function updateBranding(deps: TenantsDeps, actor: Actor, request: z.output<typeof updateTenantBrandingRequest>): Promise<TenantSettings> {
  if (!actsTenantWide(actor)) throw new AppError('ACCESS_DENIED');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await repository.findTenantForUpdate(tx, actor.tenantId);
    if (!current) throw AppError.notFound('Tenant');
    const logo = request.branding.logoCid;
    if (logo && !LOGO_TYPES.has((await repository.storedFileType(tx, logo)) ?? ''))
      throw new AppError('TENANT__LOGO_NOT_STORED', undefined, { fields: { 'branding.logoCid': [tenantTexts.logoNotStored] } });
    const updated = await repository.updateLook(tx, actor.tenantId, { theme: request.theme, branding: request.branding });
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'tenant.branding_updated',
      resourceType: 'tenant',
      resourceId: actor.tenantId,
      details: { before: { theme: current.theme, branding: current.branding }, after: { theme: updated.theme, branding: updated.branding } },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return toSettings(updated);
  });
}
