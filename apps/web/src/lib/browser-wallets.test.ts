import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { LOCAL_DEV_WALLET_NAME } from './local-dev-wallet/local-dev-wallet';
import { detectConflicts, hasConflicts, pickerEntries } from './browser-wallets';

const SIGNING_FEATURES = { 'standard:connect': {}, 'solana:signMessage': {} };

function wallet(name: string, overrides: Partial<Wallet> = {}): Wallet {
  return { version: '1.0.0', name, icon: 'data:image/svg+xml;base64,', chains: ['solana:devnet'], features: SIGNING_FEATURES, accounts: [], ...overrides };
}

const summary = (entries: ReturnType<typeof pickerEntries>) => entries.map((entry) => `${entry.name}:${entry.state}`);

describe('wallet picker', () => {
  it('orders installed wallets OneKey, Phantom, Solflare, Backpack, then the others by name', () => {
    const registered = [wallet('Zeta Wallet'), wallet('Backpack'), wallet('Solflare'), wallet('Acme Wallet'), wallet('Phantom'), wallet('OneKey')];
    expect(summary(pickerEntries(registered, { localDevWalletLoadable: false }))).toEqual([
      'OneKey:installed',
      'Phantom:installed',
      'Solflare:installed',
      'Backpack:installed',
      'Acme Wallet:installed',
      'Zeta Wallet:installed',
    ]);
  });

  it('lists preferred wallets that are missing as not detected, with where to get them, after the usable ones', () => {
    const entries = pickerEntries([wallet('Solflare')], { localDevWalletLoadable: false });
    expect(summary(entries)).toEqual(['Solflare:installed', 'OneKey:notDetected', 'Phantom:notDetected', 'Backpack:notDetected']);
    expect(entries.find((entry) => entry.name === 'Phantom')?.installUrl).toMatch(/^https:\/\/phantom\.app/);
  });

  it('marks wallets that cannot sign a Solana message as unsupported', () => {
    const entries = pickerEntries(
      [wallet('Phantom', { features: { 'standard:connect': {} } }), wallet('EthOnly', { chains: ['eip155:1'] }), wallet('Backpack')],
      { localDevWalletLoadable: false },
    );
    expect(summary(entries)).toEqual(['Backpack:installed', 'OneKey:notDetected', 'Phantom:unsupported', 'Solflare:notDetected', 'EthOnly:unsupported']);
  });

  it('offers the local dev wallet as loadable until it is registered, then as installed', () => {
    expect(summary(pickerEntries([], { localDevWalletLoadable: true }))[0]).toBe(`${LOCAL_DEV_WALLET_NAME}:loadable`);
    expect(summary(pickerEntries([], { localDevWalletLoadable: false }))).not.toContain(`${LOCAL_DEV_WALLET_NAME}:loadable`);
    const loaded = pickerEntries([wallet(LOCAL_DEV_WALLET_NAME, { chains: ['solana:localnet'] })], { localDevWalletLoadable: true });
    expect(summary(loaded).filter((entry) => entry.startsWith(LOCAL_DEV_WALLET_NAME))).toEqual([`${LOCAL_DEV_WALLET_NAME}:installed`]);
  });
});

describe('wallet conflicts', () => {
  it('reports a name claimed by two extensions', () => {
    const conflicts = detectConflicts([wallet('Phantom'), wallet('Phantom'), wallet('Solflare')], {});
    expect(conflicts.duplicateNames).toEqual(['Phantom']);
    expect(hasConflicts(conflicts)).toBe(true);
  });

  it('reports window.solana taken over by another extension', () => {
    const phantomProvider = { isPhantom: true };
    expect(detectConflicts([], { solana: { isSolflare: true }, phantom: { solana: phantomProvider } }).solanaOverridden).toBe(true);
    expect(detectConflicts([], { solana: { isPhantom: true, isSolflare: true } }).solanaOverridden).toBe(true);
  });

  it('stays quiet for one extension that owns window.solana', () => {
    const phantomProvider = { isPhantom: true };
    const conflicts = detectConflicts([wallet('Phantom'), wallet('Solflare')], { solana: phantomProvider, phantom: { solana: phantomProvider } });
    expect(hasConflicts(conflicts)).toBe(false);
  });
});
