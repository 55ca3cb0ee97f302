// @vitest-environment happy-dom
import { SERVER_EVENTS, type Notification } from '@carbonledger/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../../../lib/realtime/realtime.testing';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../../test/screen';
import { NotificationsBell } from './NotificationsBell';

const realtime = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeClient> | null }));
vi.mock('../../../lib/realtime/app-realtime', () => ({ appRealtime: () => realtime.current!.client }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast', () => ({ enqueueSnackbar: toast, useSnackbar: () => ({ enqueueSnackbar: toast }) }));

setUpScreenTests();

const notification = (title: string, read = false): Notification => ({
  id: crypto.randomUUID(),
  type: 'SYSTEM',
  title,
  message: `${title} in detail`,
  timestamp: '2026-11-24T10:00:00.000Z',
  read,
  link: null,
});

describe('NotificationsBell', () => {
  it('pops up only what arrives while the user is here, not the unread ones already there', async () => {
    realtime.current = fakeClient();
    signInAs('COMPANY_ADMIN');
    const items = [notification('Old and unread'), notification('Old and read', true)];
    stubApi(() => ok({ items: [...items], unreadCount: items.filter((item) => !item.read).length }));
    renderScreen(<NotificationsBell />);

    expect(await screen.findByRole('button', { name: /1 unread/i })).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();

    const arrived = notification('Wallet approved');
    items.unshift(arrived);
    realtime.current.deliver(SERVER_EVENTS.notificationNew, arrived);
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(toast).toHaveBeenCalledWith('Wallet approved', expect.objectContaining({ variant: 'info' }));
  });
});
