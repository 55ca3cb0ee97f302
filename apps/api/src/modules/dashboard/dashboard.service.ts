import { activityParamsOf, canOpenRoute, hasRole, type ActivityEntry, type DashboardSummary, type PendingAction } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { openAlertsSummary } from '../security';
import { companyKycStatus, mfaStateOf, recentAuditEntries, type ActivityScope } from './dashboard.repository';

export type DashboardViewer = Pick<Actor, 'userId' | 'companyId' | 'role'>;

const ACTIVITY_SIZE = 10;

/** What needs this user's attention, most urgent first. */
async function pendingActionsFor(tx: Tx, viewer: DashboardViewer): Promise<PendingAction[]> {
  const actions: PendingAction[] = [];
  if (canOpenRoute(viewer.role, '/security-center')) {
    const alerts = await openAlertsSummary(tx, companyScopeOf(viewer));
    if (alerts.count > 0) {
      actions.push({
        id: 'security-alerts',
        kind: 'security_alert',
        title: `${alerts.count} unresolved security alert${alerts.count === 1 ? '' : 's'}`,
        description: 'Review and resolve them in the Security Center.',
        link: '/security-center',
        createdAt: (alerts.newest ?? new Date()).toISOString(),
      });
    }
  }
  const kyc = await companyKycStatus(tx, viewer.companyId);
  if (kyc && kyc.kycStatus !== 'approved' && hasRole(viewer.role, 'COMPANY_ADMIN')) {
    actions.push({
      id: 'company-kyc',
      kind: 'kyc',
      title: kyc.kycStatus === 'rejected' ? 'KYC/AML verification was rejected' : 'Complete KYC/AML verification',
      description: 'Retirements and token operations need an approved KYC/AML review.',
      link: '/kyc',
      createdAt: kyc.updatedAt.toISOString(),
    });
  }
  const mfa = await mfaStateOf(tx, viewer.userId);
  if (mfa && !mfa.enabled) {
    actions.push({
      id: 'mfa-setup',
      kind: 'mfa_setup',
      title: 'Turn on two-factor authentication',
      description: 'Protect your account with an authenticator app.',
      link: '/settings?tab=security',
      createdAt: mfa.memberSince.toISOString(),
    });
  }
  return actions;
}

/** Platform officers see the tenant's trail, company leads their company's, everyone else their own. */
function activityScope(viewer: DashboardViewer): ActivityScope {
  if (hasRole(viewer.role, 'ADMIN')) return { kind: 'tenant' };
  if (viewer.role === 'COMPANY_ADMIN' || viewer.role === 'MANAGER') return { kind: 'company', companyId: viewer.companyId };
  return { kind: 'user', userId: viewer.userId };
}

async function activityFor(tx: Tx, viewer: DashboardViewer): Promise<ActivityEntry[]> {
  const rows = await recentAuditEntries(tx, activityScope(viewer), ACTIVITY_SIZE);
  return rows.map((row) => ({
    id: String(row.id),
    action: row.action,
    actor: row.actorFirstName ? `${row.actorFirstName} ${row.actorLastName}` : null,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    params: activityParamsOf(row.details),
    timestamp: row.createdAt.toISOString(),
  }));
}

export async function dashboardSummary(tx: Tx, viewer: DashboardViewer): Promise<DashboardSummary> {
  return { pendingActions: await pendingActionsFor(tx, viewer), recentActivity: await activityFor(tx, viewer) };
}
