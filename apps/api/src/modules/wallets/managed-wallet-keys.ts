import { randomBytes } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';
import { openSecret, sealSecret } from '../chain';

/** Bound into the ciphertext, so a sealed key only opens for this tenant and address. */
function sealContext(tenantId: string, address: string): string {
  return `managed-wallet:${tenantId}:${address}`;
}

/** A new ed25519 key for a platform-managed wallet, sealed with the master key (AES-256-GCM). */
export async function generateManagedWalletKey(masterKey: Buffer, tenantId: string): Promise<{ address: string; encryptedSecret: string }> {
  const seed = new Uint8Array(randomBytes(32));
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  return { address: signer.address, encryptedSecret: sealSecret(masterKey, seed, sealContext(tenantId, signer.address)) };
}

/** The signer of a platform-managed wallet, so server-side flows can sign for it. */
export async function platformManagedSigner(
  masterKey: Buffer,
  wallet: { tenantId: string; address: string; encryptedSecret: string | null },
): Promise<KeyPairSigner> {
  if (!wallet.encryptedSecret) throw new Error(`wallet ${wallet.address} is not platform-managed`);
  const signer = await createKeyPairSignerFromPrivateKeyBytes(openSecret(masterKey, wallet.encryptedSecret, sealContext(wallet.tenantId, wallet.address)));
  if (signer.address !== wallet.address) throw new Error(`managed wallet key does not match ${wallet.address}`);
  return signer;
}
