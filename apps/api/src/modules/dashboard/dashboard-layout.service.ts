import { defaultDashboardLayout, mayPlaceWidget, type DashboardLayout, type DashboardLayoutInput } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { deleteLayout, findLayout, saveLayout } from './dashboard.repository';

type LayoutOwner = Pick<Actor, 'userId' | 'tenantId' | 'role' | 'requestId'>;

/**
 * The user's own arrangement, or the default for their role. A widget their role no longer
 * allows (their role changed after they placed it) is left out rather than shown.
 */
export async function layoutOf(tx: Tx, owner: LayoutOwner): Promise<DashboardLayout> {
  const row = await findLayout(tx, owner.userId);
  if (!row) return { items: defaultDashboardLayout(owner.role), saved: false, updatedAt: null };
  return { items: row.items.filter((item) => mayPlaceWidget(owner.role, item.widget)), saved: true, updatedAt: row.updatedAt.toISOString() };
}

export async function replaceLayout(tx: Tx, owner: LayoutOwner, input: DashboardLayoutInput): Promise<DashboardLayout> {
  const refused = input.items.find((item) => !mayPlaceWidget(owner.role, item.widget));
  if (refused) throw new AppError('DASHBOARD__WIDGET_NOT_ALLOWED', undefined, { fields: { items: [refused.widget] } });
  const row = await saveLayout(tx, { userId: owner.userId, tenantId: owner.tenantId, items: input.items });
  await recordAudit(tx, {
    tenantId: owner.tenantId,
    actorUserId: owner.userId,
    action: 'dashboard_layout.updated',
    resourceType: 'user',
    resourceId: owner.userId,
    details: { widgets: input.items.map((item) => item.widget) },
    requestId: owner.requestId,
  });
  return { items: row.items, saved: true, updatedAt: row.updatedAt.toISOString() };
}

/** "Reset to default": the saved arrangement goes and the role's default comes back. */
export async function resetLayout(tx: Tx, owner: LayoutOwner): Promise<DashboardLayout> {
  await deleteLayout(tx, owner.userId);
  await recordAudit(tx, {
    tenantId: owner.tenantId,
    actorUserId: owner.userId,
    action: 'dashboard_layout.reset',
    resourceType: 'user',
    resourceId: owner.userId,
    requestId: owner.requestId,
  });
  return { items: defaultDashboardLayout(owner.role), saved: false, updatedAt: null };
}
