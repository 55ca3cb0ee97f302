import { walletTypeSchema } from '@carbonledger/contracts';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';

export const CONNECT_FEATURE = 'standard:connect';
export const SIGN_MESSAGE_FEATURE = 'solana:signMessage';

type ConnectFeature = { connect: (input?: { silent?: boolean }) => Promise<{ accounts: readonly WalletAccount[] }> };
type SignMessageFeature = {
  signMessage: (...inputs: { account: WalletAccount; message: Uint8Array }[]) => Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
};

/** docs/product.md §7 wallet picker preference. */
const PREFERENCE = ['onekey', 'phantom', 'solflare', 'backpack'];

export function walletTypeOf(name: string): z.infer<typeof walletTypeSchema> {
  const lower = name.toLowerCase();
  return walletTypeSchema.options.find((type) => type !== 'other' && lower.includes(type)) ?? 'other';
}

function rank(wallet: Wallet): number {
  const index = PREFERENCE.findIndex((name) => wallet.name.toLowerCase().includes(name));
  return index === -1 ? PREFERENCE.length : index;
}

function canSignIn(wallet: Wallet): boolean {
  return CONNECT_FEATURE in wallet.features && SIGN_MESSAGE_FEATURE in wallet.features;
}

let snapshot: readonly Wallet[] = [];
function readWallets(): readonly Wallet[] {
  return getWallets()
    .get()
    .filter(canSignIn)
    .sort((a, b) => rank(a) - rank(b));
}

function subscribe(onChange: () => void) {
  const wallets = getWallets();
  const update = () => {
    snapshot = readWallets();
    onChange();
  };
  snapshot = readWallets();
  const offRegister = wallets.on('register', update);
  const offUnregister = wallets.on('unregister', update);
  return () => {
    offRegister();
    offUnregister();
  };
}

/** The Wallet Standard wallets in this browser that can sign a sign-in message. */
export function useSignInWallets(): readonly Wallet[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

export async function connectWallet(wallet: Wallet): Promise<WalletAccount> {
  const feature = wallet.features[CONNECT_FEATURE] as ConnectFeature;
  const { accounts } = await feature.connect();
  const account = accounts[0];
  if (!account) throw new Error('The wallet did not share an account');
  return account;
}

export async function signText(wallet: Wallet, account: WalletAccount, text: string): Promise<string> {
  const feature = wallet.features[SIGN_MESSAGE_FEATURE] as SignMessageFeature;
  const [output] = await feature.signMessage({ account, message: new TextEncoder().encode(text) });
  if (!output) throw new Error('The wallet returned no signature');
  return btoa(String.fromCharCode(...output.signature));
}
