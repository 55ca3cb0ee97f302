import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { useSyncExternalStore } from 'react';
import { LOCAL_DEV_WALLET_NAME } from './local-dev-wallet/local-dev-wallet';

/** docs/product.md §7 adapter states. */
export type AdapterState = 'installed' | 'loadable' | 'notDetected' | 'unsupported';

export interface PickerEntry {
  name: string;
  icon?: string;
  state: AdapterState;
  wallet?: Wallet;
  installUrl?: string;
}

/** docs/product.md §7 picker preference, then every other wallet. */
export const PREFERRED_WALLETS = [
  { match: 'onekey', name: 'OneKey', installUrl: 'https://onekey.so/download' },
  { match: 'phantom', name: 'Phantom', installUrl: 'https://phantom.app/download' },
  { match: 'solflare', name: 'Solflare', installUrl: 'https://solflare.com/download' },
  { match: 'backpack', name: 'Backpack', installUrl: 'https://backpack.app/download' },
] as const;

const REQUIRED_FEATURES = ['standard:connect', 'solana:signMessage'] as const;

function preferenceRank(name: string): number {
  const lower = name.toLowerCase();
  const index = PREFERRED_WALLETS.findIndex((preferred) => lower.includes(preferred.match));
  return index === -1 ? PREFERRED_WALLETS.length : index;
}

function isSolanaWallet(wallet: Wallet): boolean {
  return wallet.chains.some((chain) => chain.startsWith('solana:'));
}

/** A registered wallet is usable when it speaks Solana and can connect and sign the ownership message. */
export function isSupported(wallet: Wallet): boolean {
  return isSolanaWallet(wallet) && REQUIRED_FEATURES.every((feature) => feature in wallet.features);
}

const STATE_ORDER: Record<AdapterState, number> = { installed: 0, loadable: 0, unsupported: 1, notDetected: 1 };

/**
 * The picker's rows: registered wallets (installed or unsupported), the local dev wallet when it can
 * be loaded, and the preferred wallets that are not detected (with where to get them). Usable rows
 * first; within each part, OneKey, Phantom, Solflare, Backpack, then the rest by name.
 */
export function pickerEntries(registered: readonly Wallet[], options: { localDevWalletLoadable: boolean }): PickerEntry[] {
  const entries: PickerEntry[] = registered.map((wallet) => ({
    name: wallet.name,
    icon: wallet.icon,
    state: isSupported(wallet) ? 'installed' : 'unsupported',
    wallet,
  }));
  const present = (match: string) => registered.some((wallet) => wallet.name.toLowerCase().includes(match));
  for (const preferred of PREFERRED_WALLETS) {
    if (!present(preferred.match)) entries.push({ name: preferred.name, state: 'notDetected', installUrl: preferred.installUrl });
  }
  if (options.localDevWalletLoadable && !registered.some((wallet) => wallet.name === LOCAL_DEV_WALLET_NAME)) {
    entries.push({ name: LOCAL_DEV_WALLET_NAME, state: 'loadable' });
  }
  return entries.sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || preferenceRank(a.name) - preferenceRank(b.name) || a.name.localeCompare(b.name));
}

interface InjectedSolana {
  isPhantom?: boolean;
  isSolflare?: boolean;
  isBackpack?: boolean;
  isOneKey?: boolean;
}

/** What the page can see of injected providers, for the conflict check. */
export interface InjectedProviders {
  solana?: InjectedSolana;
  phantom?: { solana?: unknown };
  solflare?: unknown;
  backpack?: unknown;
}

export interface WalletConflicts {
  /** Names claimed by more than one registered wallet. */
  duplicateNames: string[];
  /** window.solana belongs to another extension than the one that normally owns it. */
  solanaOverridden: boolean;
}

/** docs/product.md §8: several wallet extensions fighting over the page. */
export function detectConflicts(registered: readonly Wallet[], injected: InjectedProviders): WalletConflicts {
  const counts = new Map<string, number>();
  for (const wallet of registered) counts.set(wallet.name, (counts.get(wallet.name) ?? 0) + 1);
  const duplicateNames = [...counts].filter(([, count]) => count > 1).map(([name]) => name);
  const solana = injected.solana;
  const claims = solana ? [solana.isPhantom, solana.isSolflare, solana.isBackpack, solana.isOneKey].filter(Boolean).length : 0;
  const phantomReplaced = Boolean(solana && injected.phantom?.solana && injected.phantom.solana !== solana);
  return { duplicateNames, solanaOverridden: claims > 1 || phantomReplaced };
}

export function hasConflicts(conflicts: WalletConflicts): boolean {
  return conflicts.duplicateNames.length > 0 || conflicts.solanaOverridden;
}

let snapshot: readonly Wallet[] = [];
function subscribe(onChange: () => void) {
  const wallets = getWallets();
  const update = () => {
    snapshot = wallets.get();
    onChange();
  };
  snapshot = wallets.get();
  const offRegister = wallets.on('register', update);
  const offUnregister = wallets.on('unregister', update);
  return () => {
    offRegister();
    offUnregister();
  };
}

/** Every Wallet Standard wallet registered in this page, supported or not. */
export function useRegisteredWallets(): readonly Wallet[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** The Wallet object and account behind the connected wallet recorded in the wallet store. */
export function findConnected(connected: { name: string; address: string } | null): { wallet: Wallet; account: WalletAccount } | null {
  if (!connected) return null;
  const wallet = getWallets()
    .get()
    .find((candidate) => candidate.name === connected.name);
  const account = wallet?.accounts.find((candidate) => candidate.address === connected.address);
  return wallet && account ? { wallet, account } : null;
}
