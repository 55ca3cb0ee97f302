import {
  createKeyPairFromPrivateKeyBytes,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Address,
} from '@solana/kit';
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features';
import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
  StandardEventsNames,
} from '@wallet-standard/features';
import { sendTransactionBase64 } from './rpc';

export const LOCAL_DEV_WALLET_NAME = 'Local dev wallet';
/** localStorage key of the wallet's 32-byte ed25519 seed (base64). A development key only: never holds real value. */
export const LOCAL_DEV_WALLET_STORAGE_KEY = 'carbonledger.localDevWallet.secretKey';
export const LOCAL_DEV_CHAIN = 'solana:localnet';

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2e7d32"/><path d="M8 11h16v12H8z" fill="none" stroke="#fff" stroke-width="2"/><circle cx="20" cy="17" r="2" fill="#fff"/></svg>',
)}`;

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature;

type SecretStorage = Pick<Storage, 'getItem' | 'setItem'>;

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** The stored seed, or a new random one saved under LOCAL_DEV_WALLET_STORAGE_KEY. */
export function loadOrCreateSeed(storage: SecretStorage): Uint8Array {
  const stored = storage.getItem(LOCAL_DEV_WALLET_STORAGE_KEY);
  if (stored) {
    const seed = fromBase64(stored);
    if (seed.length === 32) return seed;
  }
  const seed = crypto.getRandomValues(new Uint8Array(32));
  storage.setItem(LOCAL_DEV_WALLET_STORAGE_KEY, toBase64(seed));
  return seed;
}

export function hasStoredSeed(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(LOCAL_DEV_WALLET_STORAGE_KEY) !== null;
}

/** Whether this browser's WebCrypto can make ed25519 keys (Chromium, Firefox, Safari 17+). */
export async function supportsEd25519(): Promise<boolean> {
  try {
    await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify']);
    return true;
  } catch {
    return false;
  }
}

/**
 * A Wallet Standard wallet whose key lives in this browser, for the embedded chain only:
 * it signs messages and transactions without asking, so it must never be offered on a real cluster.
 */
export class LocalDevWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = LOCAL_DEV_WALLET_NAME;
  readonly icon = ICON;
  readonly chains = [LOCAL_DEV_CHAIN] as const;
  readonly features: Features;
  #connected = false;
  readonly #listeners: { [E in StandardEventsNames]?: StandardEventsListeners[E][] } = {};

  private constructor(
    readonly account: WalletAccount,
    private readonly keyPair: CryptoKeyPair,
    private readonly sendWire: (wireBase64: string) => Promise<string>,
  ) {
    const supportedTransactionVersions = ['legacy', 0] as const;
    this.features = {
      'standard:connect': { version: '1.0.0', connect: async () => this.connect() },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => this.disconnect() },
      'standard:events': { version: '1.0.0', on: (event, listener) => this.on(event, listener) },
      'solana:signMessage': { version: '1.1.0', signMessage: (...inputs) => Promise.all(inputs.map((input) => this.signMessage(input))) },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions,
        signTransaction: (...inputs) => Promise.all(inputs.map((input) => this.signTransaction(input))),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions,
        signAndSendTransaction: (...inputs) => Promise.all(inputs.map((input) => this.signAndSendTransaction(input))),
      },
    };
  }

  static async fromSeed(seed: Uint8Array, sendWire: (wireBase64: string) => Promise<string> = sendTransactionBase64): Promise<LocalDevWallet> {
    const keyPair = await createKeyPairFromPrivateKeyBytes(seed);
    const address = await getAddressFromPublicKey(keyPair.publicKey);
    const account: WalletAccount = {
      address,
      publicKey: new Uint8Array(getAddressEncoder().encode(address)),
      chains: [LOCAL_DEV_CHAIN],
      features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      label: LOCAL_DEV_WALLET_NAME,
    };
    return new LocalDevWallet(account, keyPair, sendWire);
  }

  get address(): Address {
    return this.account.address as Address;
  }

  get accounts(): readonly WalletAccount[] {
    return this.#connected ? [this.account] : [];
  }

  private connect() {
    if (!this.#connected) {
      this.#connected = true;
      this.emitChange();
    }
    return { accounts: this.accounts };
  }

  private disconnect() {
    if (this.#connected) {
      this.#connected = false;
      this.emitChange();
    }
  }

  private on<E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): () => void {
    const listeners = (this.#listeners[event] ??= []) as StandardEventsListeners[E][];
    listeners.push(listener);
    return () => {
      this.#listeners[event] = listeners.filter((existing) => existing !== listener);
    };
  }

  private emitChange() {
    for (const listener of this.#listeners.change ?? []) listener({ accounts: this.accounts });
  }

  private assertOwnAccount(account: WalletAccount) {
    if (!this.#connected) throw new Error(`${LOCAL_DEV_WALLET_NAME} is not connected`);
    if (account.address !== this.account.address) throw new Error(`${LOCAL_DEV_WALLET_NAME} does not hold ${account.address}`);
  }

  private async signMessage({ account, message }: SolanaSignMessageInput) {
    this.assertOwnAccount(account);
    const signature = await signBytes(this.keyPair.privateKey, message);
    return { signedMessage: message, signature: new Uint8Array(signature) };
  }

  private async signWire(transaction: Uint8Array) {
    const decoded = getTransactionDecoder().decode(transaction);
    if (!(this.address in decoded.signatures)) throw new Error(`The transaction does not need a signature of ${this.address}`);
    return partiallySignTransaction([this.keyPair], decoded);
  }

  private async signTransaction({ account, transaction }: SolanaSignTransactionInput) {
    this.assertOwnAccount(account);
    const signed = await this.signWire(transaction);
    return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) };
  }

  private async signAndSendTransaction({ account, transaction }: SolanaSignAndSendTransactionInput) {
    this.assertOwnAccount(account);
    const signed = await this.signWire(transaction);
    const signature = await this.sendWire(getBase64EncodedWireTransaction(signed));
    return { signature: new Uint8Array(getBase58Encoder().encode(signature)) };
  }
}

let registered: Promise<LocalDevWallet> | null = null;

/** Creates (or reloads) the browser's local dev wallet and registers it with the Wallet Standard, once per page. */
export function registerLocalDevWallet(storage: SecretStorage = localStorage): Promise<LocalDevWallet> {
  registered ??= LocalDevWallet.fromSeed(loadOrCreateSeed(storage)).then((wallet) => {
    getWallets().register(wallet);
    return wallet;
  });
  return registered;
}
