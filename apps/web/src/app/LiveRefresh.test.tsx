// @vitest-environment happy-dom
import { SERVER_EVENTS, type CompanyWallet } from '@carbonledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyWalletsSection } from '../features/wallets/components/CompanyWalletsSection';
import type { BrowserWallet } from '../lib/use-browser-wallet';
import { fakeClient } from '../lib/realtime/realtime.testing';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi } from '../test/screen';
import { LiveRefresh } from './LiveRefresh';

setUpScreenTests();

const wallet: CompanyWallet = {
  id: '7c0a4a52-4a4d-4d3f-9c55-9d1b0e3c0001',
  companyId: '7c0a4a52-4a4d-4d3f-9c55-9d1b0e3c0002',
  companyName: 'Verde Energia S.A.',
  address: 'Wa11et1111111111111111111111111111111111111',
  name: 'Treasury',
  type: 'external',
  provider: 'phantom',
  status: 'pending',
  operational: false,
  primary: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  createdBy: 'Ana Lima',
  approvedBy: null,
  approvedAt: null,
  statusReason: null,
  verifiedOnChainAt: null,
};

const noBrowserWallet: BrowserWallet = {
  entries: [],
  conflicts: { duplicateNames: [], solanaOverridden: false },
  embeddedChain: false,
  connected: null,
  connect: async () => {},
  disconnect: () => {},
};

describe('LiveRefresh', () => {
  it('turns a pending wallet row to Active when an administrator approves it elsewhere', async () => {
    signInAs('COMPANY_ADMIN');
    let current = wallet;
    stubApi(() => ok([current]));
    const realtime = fakeClient();
    renderScreen(
      <>
        <LiveRefresh client={realtime.client} />
        <CompanyWalletsSection browserWallet={noBrowserWallet} />
      </>,
    );
    expect(await screen.findByText('Pending approval')).toBeTruthy();

    current = { ...wallet, status: 'active', operational: true, approvedBy: 'Admin User', approvedAt: '2026-11-24T10:05:00.000Z' };
    realtime.deliver(SERVER_EVENTS.approvalUpdate, { walletId: wallet.id, companyId: wallet.companyId, status: 'active', removed: false });
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByText('Pending approval')).toBeNull();
  });

  it('marks holdings, certificates and the dashboard stale when a retirement or a minted chunk is reported', () => {
    signInAs('COMPANY_ADMIN');
    const realtime = fakeClient();
    const { client } = renderScreen(<LiveRefresh client={realtime.client} />);
    const seeded = [['portfolio'], ['certificates', 'list'], ['dashboard', 'summary']];
    const stale = () => seeded.map((key) => client.getQueryState(key)?.isInvalidated ?? false);
    const reseed = () => seeded.forEach((key) => client.setQueryData(key, { seeded: true }));

    reseed();
    realtime.deliver(SERVER_EVENTS.retirementUpdate, {});
    expect(stale()).toEqual([true, true, true]);

    reseed();
    realtime.deliver(SERVER_EVENTS.mintingJobUpdate, {});
    expect(stale()).toEqual([true, false, true]);
  });
});
