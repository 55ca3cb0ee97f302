// @vitest-environment happy-dom
import type { CompanyWallet } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrowserWallet } from '../../../lib/use-browser-wallet';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi, type ApiRequest } from '../../../test/screen';
import { CompanyWalletsSection } from './CompanyWalletsSection';
import { WalletApprovalsView } from './WalletApprovalsView';

setUpScreenTests();

const wallet = (overrides: Partial<CompanyWallet>): CompanyWallet => ({
  id: crypto.randomUUID(),
  companyId: '7c0a4a52-4a4d-4d3f-9c55-9d1b0e3c0002',
  companyName: 'Verde Energia S.A.',
  address: 'Wa11et1111111111111111111111111111111111111',
  name: 'Treasury',
  type: 'external',
  provider: 'phantom',
  status: 'active',
  operational: true,
  primary: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  createdBy: 'Ana Lima',
  approvedBy: 'Admin User',
  approvedAt: '2026-11-24T10:05:00.000Z',
  statusReason: null,
  verifiedOnChainAt: null,
  ...overrides,
});

const noBrowserWallet: BrowserWallet = {
  entries: [],
  conflicts: { duplicateNames: [], solanaOverridden: false },
  embeddedChain: false,
  connected: null,
  connect: async () => {},
  disconnect: () => {},
};

/** The wallets API: lists `wallets`, records every change asked of it. */
function walletsApi(wallets: CompanyWallet[]) {
  const changes: ApiRequest[] = [];
  stubApi((request) => {
    if (request.method === 'GET') return ok(wallets);
    changes.push(request);
    return ok(wallets.find((candidate) => request.path.includes(candidate.id)) ?? wallets[0]);
  });
  return changes;
}

describe('wallet actions that cannot be taken back ask first', () => {
  it('approval names the wallet, its company and what opens on chain, and is sent only when confirmed', async () => {
    signInAs('ADMIN');
    const pending = wallet({ status: 'pending', operational: false, approvedBy: null, approvedAt: null });
    const changes = walletsApi([pending]);
    renderScreen(<WalletApprovalsView />);

    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve wallet' });
    expect(dialog.textContent).toContain(`Approve Treasury (${pending.address}) of Verde Energia S.A.? Its token accounts are opened on chain`);
    expect(changes).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(changes.map((change) => `${change.method} ${change.path}`)).toEqual([`POST /wallets/${pending.id}/approve`]));
  });

  it('rejection says what it does to the wallet besides asking why', async () => {
    signInAs('ADMIN');
    walletsApi([wallet({ status: 'pending', operational: false, approvedBy: null, approvedAt: null })]);
    renderScreen(<WalletApprovalsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject wallet' });
    expect(dialog.textContent).toContain('The wallet cannot be used for token operations and the company cannot register it again');
  });

  it('set as primary names the wallet that stops being primary, and is sent only when confirmed', async () => {
    signInAs('COMPANY_ADMIN');
    const current = wallet({ name: 'Old treasury', address: 'Pr1mary111111111111111111111111111111111111', primary: true });
    const next = wallet({ name: 'New treasury', address: 'Next111111111111111111111111111111111111111' });
    const changes = walletsApi([current, next]);
    renderScreen(<CompanyWalletsSection browserWallet={noBrowserWallet} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Set as primary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set as primary wallet?' });
    expect(dialog.textContent).toContain(
      `Make New treasury (${next.address}) your company's primary wallet? New tokens are then minted into it by default instead of Old treasury (${current.address}).`,
    );
    expect(changes).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Set as primary' }));
    await waitFor(() => expect(changes.map((change) => `${change.method} ${change.path}`)).toEqual([`PUT /wallets/${next.id}/primary`]));
  });
});
