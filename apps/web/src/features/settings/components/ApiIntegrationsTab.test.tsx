// @vitest-environment happy-dom
import type { Webhook } from '@carbonledger/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../../test/screen';
import type { RealtimeClient, RealtimeDebugState } from '../../../lib/realtime';
import { fakeClient } from '../../../lib/realtime/realtime.testing';
import { ApiIntegrationsTab } from './ApiIntegrationsTab';
import { RealtimeDebugPanel } from './RealtimeDebugPanel';

setUpScreenTests();

const webhook = (overrides: Partial<Webhook>): Webhook => ({
  id: '2f1d4c9e-8a51-4f0e-b7a1-3c6e9d2a1b01',
  companyId: '9a7c1e44-2b3d-4c5e-8f90-1a2b3c4d5e6f',
  url: 'https://erp.example.com/hooks',
  description: '',
  events: ['invoice.paid'],
  signed: true,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  lastDeliveryAt: '2026-11-24T10:00:00.000Z',
  lastDeliveryStatus: 'delivered',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('Settings → API & Integrations', () => {
  it('summarises the webhook endpoints with their status, last delivery and how many fail, linking to /webhooks', async () => {
    signInAs('COMPANY_ADMIN');
    stubApi(({ path }) => {
      if (path === '/api-keys') return ok([]);
      if (path === '/webhooks')
        return ok({
          items: [
            webhook({}),
            webhook({
              id: '2f1d4c9e-8a51-4f0e-b7a1-3c6e9d2a1b02',
              url: 'https://crm.example.com/in',
              failingSince: '2026-11-24T09:00:00.000Z',
              lastDeliveryStatus: 'failed',
            }),
            webhook({
              id: '2f1d4c9e-8a51-4f0e-b7a1-3c6e9d2a1b03',
              url: 'https://old.example.com/x',
              enabled: false,
              disabledReason: 'manual',
              lastDeliveryAt: null,
              lastDeliveryStatus: null,
            }),
          ],
        });
      return refused(404, 'NOT_FOUND', 'Not found');
    });
    renderScreen(<ApiIntegrationsTab userId="u1" role="COMPANY_ADMIN" />);

    const card = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(card).findByText('3 endpoints')).toBeTruthy();
    expect(within(card).getByText('1 endpoint is failing.')).toBeTruthy();
    const rows = within(within(card).getByRole('list', { name: 'Webhook endpoints' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^https:\/\/erp\.example\.com\/hooksLast delivery .+: deliveredEnabled$/),
      expect.stringMatching(/^https:\/\/crm\.example\.com\/inLast delivery .+: failedFailing$/),
      'https://old.example.com/xNo delivery yetDisabled',
    ]);
    expect(within(card).getByRole('link', { name: 'Manage webhooks' }).getAttribute('href')).toBe('/webhooks');
    // The debug panel is for administrators only.
    expect(screen.queryByRole('region', { name: 'Websocket debug panel' })).toBeNull();
  });

  it('tells a role that may not open /webhooks who manages them, and shows a load failure', async () => {
    signInAs('VIEWER');
    stubApi(() => ok([]));
    renderScreen(<ApiIntegrationsTab userId="u1" role="VIEWER" />);
    expect(within(screen.getByRole('region', { name: 'Webhooks' })).getByText('Webhooks are managed by your company administrators.')).toBeTruthy();

    signInAs('COMPANY_ADMIN');
    stubApi(({ path }) => (path === '/webhooks' ? refused(500, 'INTERNAL', 'boom') : ok([])));
    renderScreen(<ApiIntegrationsTab userId="u2" role="COMPANY_ADMIN" />);
    expect(await screen.findByText('Failed to load webhooks. Please try again later.')).toBeTruthy();
  });

  it('shows administrators the websocket debug panel: connection state, topics and the events received', async () => {
    signInAs('ADMIN');
    stubApi(({ path }) => (path === '/webhooks' ? ok({ items: [] }) : ok([])));
    renderScreen(<ApiIntegrationsTab userId="u1" role="ADMIN" />);
    const panel = screen.getByRole('region', { name: 'Websocket debug panel' });
    expect(within(panel).getByTestId('realtime-debug-status').textContent).toBe('Disconnected');
    expect(within(panel).getByText('No event received yet.')).toBeTruthy();
  });

  it('lists the events the client received, newest first, with the topics it holds and its last error', () => {
    const snapshot: RealtimeDebugState = {
      status: 'error',
      error: 'SESSION_EXPIRED',
      namespace: '/realtime',
      socketId: 'sock-1',
      topics: [
        { topic: 'transactions', payload: { filters: { page: 1 } } },
        { topic: 'approvals', payload: undefined },
      ],
      events: [
        { seq: 2, name: 'approvals_count', receivedAt: '2026-11-24T10:00:02.000Z', payload: { pendingCount: 3 } },
        { seq: 1, name: 'connection_confirmed', receivedAt: '2026-11-24T10:00:01.000Z', payload: { userId: 'u1' } },
      ],
    };
    const client: RealtimeClient = { ...fakeClient().client, debug: () => snapshot, onDebugChange: () => () => undefined };
    renderScreen(<RealtimeDebugPanel client={client} />);
    const panel = screen.getByRole('region', { name: 'Websocket debug panel' });
    expect(within(panel).getByTestId('realtime-debug-status').textContent).toBe('Error');
    expect(within(panel).getByText('Last error: SESSION_EXPIRED')).toBeTruthy();
    expect(within(panel).getByTestId('realtime-debug-topics').textContent).toBe('transactions, approvals');
    expect(within(panel).getByText('sock-1')).toBeTruthy();
    const rows = within(within(panel).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['approvals_count', 'connection_confirmed']);
    expect(within(rows[0]!).getByText('{"pendingCount":3}')).toBeTruthy();
  });
});
