import { DAILY_VOLUME_DAYS, canOpenRoute, hasRole, type DailyVolume, type DashboardAlert, type IdempotencyMetrics } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { lowBalanceKeys } from '../chain-settings';
import { openAlertsSummary } from '../security';
import { companyKycStatus, dailyVolume, idempotencyCounts } from './dashboard.repository';

type Viewer = Pick<Actor, 'userId' | 'companyId' | 'role'>;
const DAY_MS = 86_400_000;
const IDEMPOTENCY_WINDOW_HOURS = 24;

/** Every one of the last DAILY_VOLUME_DAYS UTC days, today last, a day without activity at zero. */
export async function dailyVolumeFor(tx: Tx, viewer: Viewer, now = new Date()): Promise<DailyVolume> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (DAILY_VOLUME_DAYS - 1) * DAY_MS);
  const { mints, retired } = await dailyVolume(tx, since, companyScopeOf(viewer));
  const days = Array.from({ length: DAILY_VOLUME_DAYS }, (_, index) => {
    const date = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const minted = mints.find((row) => row.day === date);
    const burnt = retired.find((row) => row.day === date);
    return { date, minted: minted?.total ?? '0', retired: burnt?.total ?? '0', mints: minted?.count ?? 0, retirements: burnt?.count ?? 0 };
  });
  return { days };
}

/** What the user should look at: the same security and KYC conditions their pages act on, and the platform keys running low. */
export async function alertsFor(tx: Tx, viewer: Viewer): Promise<DashboardAlert[]> {
  const alerts: DashboardAlert[] = [];
  if (canOpenRoute(viewer.role, '/security-center')) {
    const open = await openAlertsSummary(tx, companyScopeOf(viewer));
    if (open.count > 0) alerts.push({ kind: 'security_alerts', severity: 'error', count: open.count, detail: '', link: '/security-center' });
  }
  if (hasRole(viewer.role, 'ADMIN')) {
    const low = await lowBalanceKeys(tx);
    if (low.length > 0) alerts.push({ kind: 'low_balance', severity: 'warning', count: low.length, detail: low.join(', '), link: '/settings?tab=blockchain' });
  }
  const kyc = await companyKycStatus(tx, viewer.companyId);
  if (kyc && kyc.kycStatus !== 'approved')
    alerts.push({ kind: 'kyc', severity: kyc.kycStatus === 'rejected' ? 'error' : 'info', count: 1, detail: kyc.kycStatus, link: '/kyc' });
  return alerts;
}

export async function idempotencyMetrics(tx: Tx, now = new Date()): Promise<IdempotencyMetrics> {
  const counts = await idempotencyCounts(tx, new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3_600_000));
  return { windowHours: IDEMPOTENCY_WINDOW_HOURS, ...counts };
}
