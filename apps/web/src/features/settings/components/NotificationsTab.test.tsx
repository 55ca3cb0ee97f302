// @vitest-environment happy-dom
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../../test/screen';
import { NotificationsTab } from './NotificationsTab';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast', () => ({ enqueueSnackbar: toast, useSnackbar: () => ({ enqueueSnackbar: toast }) }));

setUpScreenTests();

const saved: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, timeZone: 'Europe/Lisbon' };

describe('NotificationsTab', () => {
  it('shows the saved choices and sends the changed matrix, quiet hours and time zone', async () => {
    signInAs('COMPANY_ADMIN');
    const puts: unknown[] = [];
    stubApi(({ path, method, body }) => {
      if (path === '/notifications/preferences' && method === 'PUT') {
        puts.push(body);
        return ok(body, 200, 'Notification preferences saved.');
      }
      if (path === '/notifications/preferences') return ok(saved);
      if (path === '/notifications/push/config') return ok({ publicKey: 'BExample', subscriptions: 0 });
      return refused(404, 'NOT_FOUND', 'Not found');
    });
    renderScreen(<NotificationsTab />);

    const inAppSecurity = await screen.findByRole('checkbox', { name: 'In-app for Security' });
    expect((inAppSecurity as HTMLInputElement).checked).toBe(true);
    const emailApprovals = screen.getByRole('checkbox', { name: 'E-mail for Approvals' });
    expect((emailApprovals as HTMLInputElement).checked).toBe(false);
    fireEvent.click(emailApprovals);
    fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours on' }));
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '21:15' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'America/Sao_Paulo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      channels: { ...saved.channels, email: { ...saved.channels.email, APPROVAL: true } },
      quietHours: { enabled: true, start: '21:15', end: '07:00' },
      timeZone: 'America/Sao_Paulo',
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Notification preferences saved.', expect.objectContaining({ variant: 'success' })));
  });

  it('says where a test notification went, and shows the server refusal of a test SMS', async () => {
    signInAs('VIEWER');
    stubApi(({ path, body }) => {
      if (path === '/notifications/preferences') return ok(saved);
      if (path === '/notifications/push/config') return ok({ publicKey: 'BExample', subscriptions: 2 });
      if (path === '/notifications/test' && (body as { channel: string }).channel === 'sms')
        return refused(409, 'CONFLICT', 'Add a phone number to your profile to receive SMS notifications.');
      return ok({ channel: 'email', deliveredTo: 'outbox' });
    });
    renderScreen(<NotificationsTab />);

    expect(await screen.findByText('2 devices receive push notifications.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send test notification (E-mail)' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Test notification sent (outbox).', expect.objectContaining({ variant: 'success' })));
    fireEvent.click(screen.getByRole('button', { name: 'Send test notification (SMS)' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Add a phone number to your profile to receive SMS notifications.', expect.objectContaining({ variant: 'error' })),
    );
  });

  it('says so when the preferences cannot be loaded', async () => {
    signInAs('VIEWER');
    stubApi(() => refused(500, 'INTERNAL_ERROR', 'boom'));
    renderScreen(<NotificationsTab />);
    expect(await screen.findAllByText('Failed to load notification settings. Please try again later.')).not.toHaveLength(0);
  });
});
