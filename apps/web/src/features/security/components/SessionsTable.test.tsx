// @vitest-environment happy-dom
import type { MonitoredSession } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi, type ApiRequest } from '../../../test/screen';
import { SessionsTable } from './SessionsTable';

setUpScreenTests();

const session = (overrides: Partial<MonitoredSession> = {}): MonitoredSession => ({
  id: crypto.randomUUID(),
  user: { id: crypto.randomUUID(), name: 'Carla Souza', email: 'cso@demo.test' },
  device: 'Chrome on Windows',
  location: 'São Paulo, BR',
  ip: '203.0.113.7',
  loginTime: '2026-11-24T08:00:00.000Z',
  lastSeen: '2026-11-24T09:00:00.000Z',
  durationSeconds: 3600,
  status: 'active',
  current: false,
  ...overrides,
});

describe('SessionsTable', () => {
  it('terminating names whose session on which device ends, and ends it only when confirmed', async () => {
    signInAs('ADMIN');
    const requests: ApiRequest[] = [];
    stubApi((request) => {
      requests.push(request);
      return ok(null);
    });
    const target = session();
    renderScreen(<SessionsTable sessions={[target]} />);

    fireEvent.click(screen.getByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate this session?' });
    expect(dialog.textContent).toContain(
      'Carla Souza is signed out at once on Chrome on Windows, São Paulo, BR (203.0.113.7), and has to sign in again there.',
    );
    expect(requests).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`DELETE /sessions/${target.id}`]));
  });

  it('groups the sessions of one user on one device, so many sign-ins from one browser read as one place', () => {
    signInAs('ADMIN');
    const carla = { id: crypto.randomUUID(), name: 'Carla Souza', email: 'cso@demo.test' };
    renderScreen(
      <SessionsTable
        sessions={[
          session({ user: carla, device: 'Chrome on Windows' }),
          session({ user: carla, device: 'Firefox on Linux' }),
          session({ user: carla, device: 'Chrome on Windows' }),
          session({ user: carla, device: 'Chrome on Windows' }),
        ]}
      />,
    );
    const groups = screen.getAllByTestId('session-group').map((row) => row.textContent);
    expect(groups).toEqual(['Chrome on Windows · Carla Souza · 3 sessions', 'Firefox on Linux · Carla Souza · 1 session']);
    // Each group's sessions follow its heading.
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => (row.getAttribute('data-testid') === 'session-group' ? 'group' : 'session'));
    expect(rows).toEqual(['group', 'session', 'session', 'session', 'group', 'session']);
  });
});
