import type { Wallet, WalletAccount } from '@wallet-standard/base';

export const SIGN_TRANSACTION_FEATURE = 'solana:signTransaction';

type SignTransactionFeature = {
  signTransaction: (
    ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: `${string}:${string}` }[]
  ) => Promise<readonly { signedTransaction: Uint8Array }[]>;
};

export function canSignTransactions(wallet: Wallet): boolean {
  return SIGN_TRANSACTION_FEATURE in wallet.features;
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text.trim()), (char) => char.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Asks the wallet to sign a base64 wire transaction and answers the signed one in base64. */
export async function signTransactionBase64(wallet: Wallet, account: WalletAccount, unsignedTxBase64: string): Promise<string> {
  const feature = wallet.features[SIGN_TRANSACTION_FEATURE] as SignTransactionFeature | undefined;
  if (!feature) throw new Error(`${wallet.name} cannot sign transactions`);
  const [output] = await feature.signTransaction({ account, transaction: fromBase64(unsignedTxBase64), chain: account.chains[0] });
  if (!output) throw new Error('The wallet returned no transaction');
  return toBase64(output.signedTransaction);
}

/**
 * Explorer link of a transaction: on the embedded chain the explorer reads this server's /rpc
 * (docs/wallets.md), otherwise docs/product.md's devnet.
 */
export function explorerTransactionUrl(signature: string, embeddedChain: boolean, origin?: string): string {
  const cluster = embeddedChain ? `cluster=custom&customUrl=${encodeURIComponent(`${origin ?? window.location.origin}/rpc`)}` : 'cluster=devnet';
  return `https://explorer.solana.com/tx/${signature}?${cluster}`;
}
