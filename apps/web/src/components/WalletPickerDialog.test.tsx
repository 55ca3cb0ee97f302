// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Wallet } from '@wallet-standard/base';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadSignedInTexts } from '../lib/i18n';
import { detectConflicts, pickerEntries, type PickerEntry } from '../lib/browser-wallets';
import type { BrowserWallet } from '../lib/use-browser-wallet';
import { WalletPickerDialog } from './WalletPickerDialog';

function wallet(name: string, features: Record<string, unknown> = { 'standard:connect': {}, 'solana:signMessage': {} }): Wallet {
  return { version: '1.0.0', name, icon: 'data:image/svg+xml;base64,', chains: ['solana:devnet'], features, accounts: [] };
}

function browserWallet(registered: Wallet[], connected: PickerEntry[]): BrowserWallet {
  return {
    entries: pickerEntries(registered, { localDevWalletLoadable: true }),
    conflicts: detectConflicts(registered, {}),
    embeddedChain: true,
    connected: null,
    connect: async (entry) => void connected.push(entry),
    disconnect: () => undefined,
  };
}

describe('wallet picker dialog', () => {
  beforeAll(async () => {
    await initI18n();
    await loadSignedInTexts();
  });
  afterEach(cleanup);

  it('lists the wallets in specified order with their adapter states, links missing ones to their download and connects a usable one', async () => {
    const connected: PickerEntry[] = [];
    render(
      <WalletPickerDialog
        open
        onClose={() => undefined}
        browserWallet={browserWallet([wallet('Backpack'), wallet('Phantom'), wallet('Legacy', { 'standard:connect': {} })], connected)}
      />,
    );
    const list = screen.getByRole('list', { name: 'Choose a wallet' });
    const order = [...list.children].map((row) => row.textContent);
    expect(order).toEqual([
      'PhantomInstalled',
      'BackpackInstalled',
      'Local dev walletLoadable',
      'OneKeyNot detectedGet it',
      'SolflareNot detectedGet it',
      'LegacyUnsupported',
    ]);
    expect(within(list).getAllByRole('link', { name: 'Get it' })[0]?.getAttribute('href')).toBe('https://onekey.so/download');
    fireEvent.click(screen.getByRole('button', { name: /Local dev wallet/ }));
    await vi.waitFor(() => expect(connected.map((entry) => entry.name)).toEqual(['Local dev wallet']));
  });

  it('warns when two extensions claim the same wallet name', () => {
    render(<WalletPickerDialog open onClose={() => undefined} browserWallet={browserWallet([wallet('Phantom'), wallet('Phantom')], [])} />);
    expect(screen.getByText(/Several wallet extensions claim the same name \(Phantom\)/)).toBeTruthy();
  });
});
