// @vitest-environment happy-dom
import type { DailyVolume, DashboardAlerts, MetricsSnapshot } from '@carbonledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../../test/screen';
import { AdvancedMetricsWidget } from './AdvancedMetricsWidget';
import { AlertsWidget } from './AlertsWidget';
import { DailyVolumeWidget } from './DailyVolumeWidget';

setUpScreenTests();

const snapshot: MetricsSnapshot = {
  timestamp: '2026-11-24T10:00:00.000Z',
  performance: { requestsPerMinute: 42.4, errorRate: 0.025, p50Ms: 3, p95Ms: 118.6, p99Ms: 240, routes: [] },
  database: { kind: 'pglite', pool: null, sizeBytes: null, slowQueries: [] },
  network: { connectedSockets: 3, connectedUsers: 2, bytesIn: 0, bytesOut: 0, bytesInPerSecond: 0, bytesOutPerSecond: 0 },
  system: {
    cpuPercent: 12.2,
    loadAverage: [0.5],
    rssBytes: 1,
    heapUsedBytes: 52_428_800,
    heapTotalBytes: 1,
    totalMemoryBytes: 1,
    freeMemoryBytes: 1,
    eventLoopLagMs: 4.2,
    uptimeSeconds: 60,
  },
};

describe('dashboard data widgets', () => {
  it('advanced metrics show the System Metrics headline figures', async () => {
    signInAs('ADMIN');
    stubApi(({ path }) => (path === '/operations/metrics' ? ok(snapshot) : refused(404, 'NOT_FOUND', 'Not found')));
    renderScreen(<AdvancedMetricsWidget />);
    expect(await screen.findByText('119 ms')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('2.5 %')).toBeTruthy();
  });

  it('daily volume says so when nothing was minted or retired', async () => {
    signInAs('MANAGER');
    const quiet: DailyVolume = { days: [{ date: '2026-11-24', minted: '0', retired: '0', mints: 0, retirements: 0 }] };
    stubApi(() => ok(quiet));
    renderScreen(<DailyVolumeWidget />);
    expect(await screen.findByText('No mints or retirements in the last 1 days.')).toBeTruthy();
  });

  it('alerts name each condition with a way to it, and fail alone with the server message', async () => {
    signInAs('ADMIN');
    const alerts: DashboardAlerts = {
      alerts: [
        { kind: 'security_alerts', severity: 'error', count: 2, detail: '', link: '/security-center' },
        { kind: 'kyc', severity: 'error', count: 1, detail: 'rejected', link: '/kyc' },
      ],
    };
    stubApi(() => ok(alerts));
    const { unmount } = renderScreen(<AlertsWidget />);
    expect(await screen.findByText('2 unresolved security alerts')).toBeTruthy();
    expect(screen.getByText('KYC/AML verification was rejected.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Open' }).map((link) => link.getAttribute('href'))).toEqual(['/security-center', '/kyc']);
    unmount();
    stubApi(() => refused(500, 'INTERNAL_ERROR', 'Something went wrong'));
    renderScreen(<AlertsWidget />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
