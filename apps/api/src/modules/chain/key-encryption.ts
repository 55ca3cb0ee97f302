import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte AES-256 key from its 64-hex-character configuration form. */
export function masterKeyFromHex(hex: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('the master key must be 64 hexadecimal characters');
  return Buffer.from(hex, 'hex');
}

/**
 * AES-256-GCM: version byte, 12-byte IV, 16-byte tag, ciphertext, base64. `context` is
 * authenticated but not stored, so a sealed secret only opens where it was sealed
 * (same tenant, purpose and address): a row copied elsewhere fails to decrypt.
 */
export function sealSecret(masterKey: Buffer, plaintext: Uint8Array, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** Throws when the master key, the context or the bytes are not the ones it was sealed with. */
export function openSecret(masterKey: Buffer, sealed: string, context: string): Uint8Array {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes[0] !== VERSION || bytes.length <= 1 + IV_BYTES + TAG_BYTES) throw new Error('unrecognised sealed secret');
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', masterKey, iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]));
}
