// @vitest-environment happy-dom
import { SERVER_EVENTS } from '@carbonledger/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFallbackInterval, useRealtimeEvent, useRealtimeInvalidate } from './hooks';
import { fakeClient } from './realtime.testing';

afterEach(cleanup);

describe('realtime hooks', () => {
  it('refetches the query when one of its events arrives, and stops listening on unmount', async () => {
    const realtime = fakeClient();
    let reads = 0;
    function Count() {
      useRealtimeInvalidate([SERVER_EVENTS.notificationNew, SERVER_EVENTS.notificationsCount], ['notifications'], realtime.client);
      const query = useQuery({ queryKey: ['notifications', 'latest'], queryFn: async () => ++reads, staleTime: Infinity });
      return <p>reads {query.data}</p>;
    }
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <Count />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('reads 1')).toBeTruthy();
    expect(realtime.client.start).toHaveBeenCalled();
    realtime.deliver(SERVER_EVENTS.notificationsCount, { unreadCount: 3 });
    expect(await screen.findByText('reads 2')).toBeTruthy();
    realtime.deliver(SERVER_EVENTS.securityAlert, {});
    realtime.deliver(SERVER_EVENTS.notificationNew, {});
    expect(await screen.findByText('reads 3')).toBeTruthy();

    view.unmount();
    expect(realtime.listeners(SERVER_EVENTS.notificationNew)).toBe(0);
    expect(realtime.listeners(SERVER_EVENTS.notificationsCount)).toBe(0);
  });

  it('hands each payload to the latest handler', () => {
    const realtime = fakeClient();
    const seen: string[] = [];
    function Listener({ prefix }: { prefix: string }) {
      useRealtimeEvent(SERVER_EVENTS.notificationsCount, (payload) => seen.push(`${prefix}${payload.unreadCount}`), realtime.client);
      return null;
    }
    const view = render(<Listener prefix="a" />);
    realtime.deliver(SERVER_EVENTS.notificationsCount, { unreadCount: 1 });
    view.rerender(<Listener prefix="b" />);
    realtime.deliver(SERVER_EVENTS.notificationsCount, { unreadCount: 2 });
    expect(seen).toEqual(['a1', 'b2']);
    expect(realtime.listeners(SERVER_EVENTS.notificationsCount)).toBe(1);
  });

  it('polls at the slow pace only while the socket is connected', () => {
    const realtime = fakeClient();
    function Interval() {
      return <p>every {String(useFallbackInterval(300_000, 60_000, realtime.client))}</p>;
    }
    render(<Interval />);
    expect(screen.getByText('every 60000')).toBeTruthy();
    realtime.setStatus('connected');
    expect(screen.getByText('every 300000')).toBeTruthy();
    realtime.setStatus('error');
    expect(screen.getByText('every 60000')).toBeTruthy();
  });
});
