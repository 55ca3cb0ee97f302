// @vitest-environment happy-dom
import { SERVER_EVENTS, type TransactionList, type TransactionView } from '@carbonledger/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../../lib/realtime/realtime.testing';
import { ok, renderScreen, stubApi } from '../../test/screen';
import type { TransactionFilters } from './api/transactions';
import { useLiveTransactions } from './live-transactions';

const mint: TransactionView = {
  id: 'mint-5b5b5b5b-0000-4000-8000-000000000005',
  type: 'mint',
  status: 'completed',
  project: 'Texas Panhandle Wind Energy',
  projectId: '3107',
  tokenMint: 'MintWind111',
  tokenSymbol: 'TXW23',
  amount: '40',
  decimals: 0,
  hash: 'SignatureOfTheMint',
  date: '2026-11-22T06:00:00.000Z',
  feeLamports: '5000',
  feeSol: '0.000005',
  from: 'MintWind111',
  to: 'WalletOfTheCompany',
  description: 'Minted 40 TXW23',
  explorerUrl: null,
  walletAddress: 'WalletOfTheCompany',
  certificateId: null,
};

/** GET /transactions answering an empty list until the mint exists, counting the reads. */
function stubList() {
  const state = { minted: false, reads: 0 };
  stubApi(() => {
    state.reads += 1;
    const list: TransactionList = {
      items: state.minted ? [mint] : [],
      total: state.minted ? 1 : 0,
      totalCapped: false,
      page: 1,
      pageSize: 20,
      chainAvailable: true,
    };
    return ok(list);
  });
  return state;
}

function renderList(realtime: ReturnType<typeof fakeClient>, filters: TransactionFilters) {
  function List({ filters: shown }: { filters: TransactionFilters }) {
    const transactions = useLiveTransactions(shown, realtime.client);
    return (
      <p>
        {transactions.data ? `${transactions.data.total} listed ${transactions.data.items.map((item) => `${item.id} ${item.status}`).join(', ')}` : 'loading'}
      </p>
    );
  }
  const view = renderScreen(<List filters={filters} />);
  return { ...view, show: (next: TransactionFilters) => view.rerender(<List filters={next} />) };
}

describe('live transactions list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a mint the server announces without a reload', async () => {
    const server = stubList();
    const realtime = fakeClient();
    renderList(realtime, { page: 1, pageSize: 20 });
    expect(await screen.findByText('0 listed')).toBeTruthy();

    server.minted = true;
    realtime.deliver(SERVER_EVENTS.transactionUpdate, mint);
    expect(await screen.findByText(`1 listed ${mint.id} completed`)).toBeTruthy();
    expect(server.reads).toBe(2);
  });

  it('holds the transactions feed with the filters shown, follows their changes and lets go on leaving', async () => {
    stubList();
    const realtime = fakeClient();
    const view = renderList(realtime, { type: 'mint', page: 1, pageSize: 20 });
    expect(realtime.client.start).toHaveBeenCalled();
    expect(realtime.subscriptions()).toEqual([{ topic: 'transactions', payload: { filters: { type: 'mint', page: 1, pageSize: 20 } } }]);

    // The same filters in a new object keep the subscription; other filters replace it.
    view.show({ type: 'mint', page: 1, pageSize: 20 });
    expect(realtime.subscriptions()).toHaveLength(1);
    view.show({ status: 'failed', page: 1, pageSize: 20 });
    expect(realtime.subscriptions()).toEqual([{ topic: 'transactions', payload: { filters: { status: 'failed', page: 1, pageSize: 20 } } }]);

    view.unmount();
    expect(realtime.subscriptions()).toEqual([]);
    expect(realtime.listeners(SERVER_EVENTS.transactionUpdate)).toBe(0);
  });
});
