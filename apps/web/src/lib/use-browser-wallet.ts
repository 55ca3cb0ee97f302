import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LOCAL_DEV_WALLET_NAME, hasStoredSeed, registerLocalDevWallet, supportsEd25519 } from './local-dev-wallet/local-dev-wallet';
import { useWalletStore } from './wallet';
import { connectWallet } from './wallet-standard';
import { useEmbeddedChain } from './embedded-chain';
import { detectConflicts, findConnected, pickerEntries, useRegisteredWallets, type InjectedProviders, type PickerEntry } from './browser-wallets';

/** The local dev wallet the user connected last, reconnected on the next visit (it never asks for approval). */
const RECONNECT_KEY = 'carbonledger.localDevWallet.connectedAddress';

export interface BrowserWallet {
  entries: PickerEntry[];
  conflicts: ReturnType<typeof detectConflicts>;
  embeddedChain: boolean;
  connected: { wallet: Wallet; account: WalletAccount } | null;
  connect: (entry: PickerEntry) => Promise<void>;
  disconnect: () => void;
}

/**
 * The page's browser wallets and the one the user connected. On the embedded chain the local dev
 * wallet is offered too; once its key exists in this browser it is registered on every visit.
 */
export function useBrowserWallet(): BrowserWallet {
  const registered = useRegisteredWallets();
  const embeddedChain = useEmbeddedChain();
  const [ed25519, setEd25519] = useState(false);
  const connectedInfo = useWalletStore((state) => state.connected);
  const setConnected = useWalletStore((state) => state.setConnected);

  useEffect(() => {
    if (!embeddedChain) return;
    void supportsEd25519().then(setEd25519);
    if (!hasStoredSeed(localStorage)) return;
    void registerLocalDevWallet().then(async (wallet) => {
      if (localStorage.getItem(RECONNECT_KEY) !== wallet.address || useWalletStore.getState().connected) return;
      const account = await connectWallet(wallet);
      setConnected({ name: wallet.name, address: account.address });
    });
  }, [embeddedChain, setConnected]);

  const entries = useMemo(() => pickerEntries(registered, { localDevWalletLoadable: embeddedChain && ed25519 }), [registered, embeddedChain, ed25519]);
  const conflicts = useMemo(() => detectConflicts(registered, window as InjectedProviders), [registered]);
  // Read on every render: a wallet registering or leaving re-renders through useRegisteredWallets.
  const connected = findConnected(connectedInfo);

  const connect = useCallback(
    async (entry: PickerEntry) => {
      const wallet = entry.state === 'loadable' ? await registerLocalDevWallet() : entry.wallet;
      if (!wallet) return;
      const account = await connectWallet(wallet);
      if (wallet.name === LOCAL_DEV_WALLET_NAME) localStorage.setItem(RECONNECT_KEY, account.address);
      else localStorage.removeItem(RECONNECT_KEY);
      setConnected({ name: wallet.name, address: account.address });
    },
    [setConnected],
  );

  const disconnect = useCallback(() => {
    const feature = connected?.wallet.features['standard:disconnect'] as { disconnect?: () => Promise<void> } | undefined;
    void feature?.disconnect?.();
    localStorage.removeItem(RECONNECT_KEY);
    setConnected(null);
  }, [connected, setConnected]);

  return { entries, conflicts, embeddedChain, connected, connect, disconnect };
}
