import {
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  address,
  type SignatureBytes,
} from '@solana/kit';
import type { StandardConnectFeature } from '@wallet-standard/features';
import { describe, expect, it } from 'vitest';
import { LOCAL_DEV_WALLET_STORAGE_KEY, LocalDevWallet, loadOrCreateSeed } from './local-dev-wallet';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

async function connectedWallet(send?: (wire: string) => Promise<string>) {
  const wallet = await LocalDevWallet.fromSeed(loadOrCreateSeed(memoryStorage()), send);
  await (wallet.features as StandardConnectFeature)['standard:connect'].connect();
  return wallet;
}

function memoTransactionFor(payer: string) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 150n }, m),
    (m) =>
      appendTransactionMessageInstruction(
        { programAddress: address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'), data: new TextEncoder().encode('carbonledger') },
        m,
      ),
  );
  return compileTransaction(message);
}

describe('local dev wallet', () => {
  it('keeps its seed in localStorage under a named key and reloads the same address', async () => {
    const storage = memoryStorage();
    const first = await LocalDevWallet.fromSeed(loadOrCreateSeed(storage));
    const second = await LocalDevWallet.fromSeed(loadOrCreateSeed(storage));
    expect(storage.items.has(LOCAL_DEV_WALLET_STORAGE_KEY)).toBe(true);
    expect(second.address).toBe(first.address);
    const other = await LocalDevWallet.fromSeed(loadOrCreateSeed(memoryStorage()));
    expect(other.address).not.toBe(first.address);
  });

  it('shares its account only after connect and drops it on disconnect, telling listeners', async () => {
    const wallet = await LocalDevWallet.fromSeed(loadOrCreateSeed(memoryStorage()));
    const changes: number[] = [];
    wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1));
    expect(wallet.accounts).toHaveLength(0);
    const { accounts } = await wallet.features['standard:connect'].connect();
    expect(accounts.map((account) => account.address)).toEqual([wallet.address]);
    await wallet.features['standard:disconnect'].disconnect();
    expect(wallet.accounts).toHaveLength(0);
    expect(changes).toEqual([1, 0]);
  });

  it('signs a message with a signature that verifies against its address', async () => {
    const wallet = await connectedWallet();
    const message = new TextEncoder().encode('Register this wallet with Carbonledger');
    const [output] = await wallet.features['solana:signMessage'].signMessage({ account: wallet.account, message });
    const publicKey = await getPublicKeyFromAddress(wallet.address);
    expect(await verifySignature(publicKey, output!.signature as SignatureBytes, message)).toBe(true);
    expect(await verifySignature(publicKey, output!.signature as SignatureBytes, new TextEncoder().encode('something else'))).toBe(false);
  });

  it('refuses to sign before connect or for an account it does not hold', async () => {
    const wallet = await LocalDevWallet.fromSeed(loadOrCreateSeed(memoryStorage()));
    const message = new Uint8Array([1, 2, 3]);
    await expect(wallet.features['solana:signMessage'].signMessage({ account: wallet.account, message })).rejects.toThrow(/not connected/);
    const other = await connectedWallet();
    await wallet.features['standard:connect'].connect();
    await expect(wallet.features['solana:signMessage'].signMessage({ account: other.account, message })).rejects.toThrow(/does not hold/);
  });

  it('signs a transaction in which it is the fee payer, leaving the message untouched', async () => {
    const wallet = await connectedWallet();
    const unsigned = memoTransactionFor(wallet.address);
    const [output] = await wallet.features['solana:signTransaction'].signTransaction({
      account: wallet.account,
      transaction: new Uint8Array(getTransactionEncoder().encode(unsigned)),
    });
    const signed = getTransactionDecoder().decode(output!.signedTransaction);
    expect(new Uint8Array(signed.messageBytes)).toEqual(new Uint8Array(unsigned.messageBytes));
    const signature = signed.signatures[wallet.address];
    expect(signature).toBeTruthy();
    expect(await verifySignature(await getPublicKeyFromAddress(wallet.address), signature!, signed.messageBytes)).toBe(true);
  });

  it('refuses a transaction that does not need its signature', async () => {
    const wallet = await connectedWallet();
    const stranger = await connectedWallet();
    const transaction = new Uint8Array(getTransactionEncoder().encode(memoTransactionFor(stranger.address)));
    await expect(wallet.features['solana:signTransaction'].signTransaction({ account: wallet.account, transaction })).rejects.toThrow(
      /does not need a signature/,
    );
  });

  it('signs and sends through the given sender and answers the signature bytes', async () => {
    const sent: string[] = [];
    const wallet = await connectedWallet(async (wire) => {
      sent.push(wire);
      const decoded = getTransactionDecoder().decode(Uint8Array.from(atob(wire), (char) => char.charCodeAt(0)));
      return getBase58Decoder().decode(decoded.signatures[wallet.address]!);
    });
    const unsigned = memoTransactionFor(wallet.address);
    const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: wallet.account,
      transaction: new Uint8Array(getTransactionEncoder().encode(unsigned)),
      chain: 'solana:localnet',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toBe(getBase64EncodedWireTransaction(unsigned));
    expect(output!.signature).toHaveLength(64);
  });
});
