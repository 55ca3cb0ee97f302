import { randomBytes } from 'node:crypto';
import {
  createKeyPairSignerFromPrivateKeyBytes,
  signBytes,
  type Address,
  type ReadonlyUint8Array,
  type SignatureBytes,
  type TransactionPartialSigner,
} from '@solana/kit';
import type { Tx } from '../../db/database';
import type { PlatformKeyPurpose } from '../../db/schema';
import { openSecret, sealSecret } from './key-encryption';
import { findPlatformKey, insertPlatformKeyOnce, type PlatformKeyRow } from './platform-keys.repository';

export type { PlatformKeyPurpose };
export const PLATFORM_KEY_PURPOSES: readonly PlatformKeyPurpose[] = ['issuer', 'freeze', 'retirement_delegate'];

/**
 * A key the platform signs with on a tenant's behalf: a kit transaction signer (so builders
 * take it like any signer) that can also sign raw bytes. A KMS-backed signer implements the
 * same shape without the key ever being in this process.
 */
export interface PlatformSigner extends TransactionPartialSigner {
  readonly purpose: PlatformKeyPurpose;
  sign(bytes: ReadonlyUint8Array): Promise<SignatureBytes>;
}

export type PlatformSigners = Record<PlatformKeyPurpose, PlatformSigner>;

export interface PlatformKeyring {
  /** The tenant's key for this purpose, generated and stored encrypted on first use. */
  signer(tx: Tx, tenantId: string, purpose: PlatformKeyPurpose): Promise<PlatformSigner>;
  signers(tx: Tx, tenantId: string): Promise<PlatformSigners>;
}

function sealContext(row: Pick<PlatformKeyRow, 'tenantId' | 'purpose' | 'address'>): string {
  return `platform-key:${row.tenantId}:${row.purpose}:${row.address}`;
}

async function signerFromSeed(seed: Uint8Array, purpose: PlatformKeyPurpose): Promise<PlatformSigner> {
  const keyPairSigner = await createKeyPairSignerFromPrivateKeyBytes(seed);
  return {
    address: keyPairSigner.address,
    purpose,
    signTransactions: keyPairSigner.signTransactions,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-member-access -- kit types keyPair as the DOM's CryptoKeyPair, which Node's lib does not declare
    sign: (bytes) => signBytes(keyPairSigner.keyPair.privateKey, bytes),
  };
}

/** Keys stored in the tenant's platform_keys table, sealed with the master key (AES-256-GCM). */
export function createDatabaseKeyring(masterKey: Buffer): PlatformKeyring {
  const cache = new Map<string, PlatformSigner>();

  const load = async (row: PlatformKeyRow): Promise<PlatformSigner> => {
    const cacheKey = `${row.tenantId}:${row.purpose}:${row.address}`;
    const cached = cache.get(cacheKey);
    if (cached) return cached;
    const signer = await signerFromSeed(openSecret(masterKey, row.encryptedSecret, sealContext(row)), row.purpose);
    if (signer.address !== row.address) throw new Error(`platform ${row.purpose} key does not match its stored address`);
    cache.set(cacheKey, signer);
    return signer;
  };

  const keyring: PlatformKeyring = {
    async signer(tx, tenantId, purpose) {
      const existing = await findPlatformKey(tx, tenantId, purpose);
      if (existing) return load(existing);
      const seed = new Uint8Array(randomBytes(32));
      const generated = await signerFromSeed(seed, purpose);
      const row = { tenantId, purpose, address: generated.address as string };
      return load(await insertPlatformKeyOnce(tx, { ...row, encryptedSecret: sealSecret(masterKey, seed, sealContext(row)) }));
    },
    async signers(tx, tenantId) {
      const entries: [PlatformKeyPurpose, PlatformSigner][] = [];
      for (const purpose of PLATFORM_KEY_PURPOSES) entries.push([purpose, await keyring.signer(tx, tenantId, purpose)]);
      return Object.fromEntries(entries) as PlatformSigners;
    },
  };
  return keyring;
}

export async function platformKeyAddresses(keyring: PlatformKeyring, tx: Tx, tenantId: string): Promise<Record<PlatformKeyPurpose, Address>> {
  const signers = await keyring.signers(tx, tenantId);
  return { issuer: signers.issuer.address, freeze: signers.freeze.address, retirement_delegate: signers.retirement_delegate.address };
}
