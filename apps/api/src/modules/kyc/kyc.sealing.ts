import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a case's personal data and its documents at rest with AES-256-GCM (the pattern of the
 * auth module's secret box, for bytes). The key is derived from the master key for KYC alone,
 * and each sealed value is bound to the record it belongs to (authenticated data): a document
 * copied onto another record, or tampered with, does not open.
 */
export interface KycSealer {
  sealBytes(plaintext: Uint8Array, boundTo: string): Buffer;
  openBytes(sealed: Uint8Array, boundTo: string): Buffer;
  sealJson(value: unknown, boundTo: string): string;
  openJson<T>(sealed: string, boundTo: string): T;
}

export function createKycSealer(masterKey: Buffer): KycSealer {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'carbonledger:kyc-personal-data', 32));
  const sealBytes = (plaintext: Uint8Array, boundTo: string) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  };
  const openBytes = (sealed: Uint8Array, boundTo: string) => {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  };
  return {
    sealBytes,
    openBytes,
    sealJson: (value, boundTo) => sealBytes(Buffer.from(JSON.stringify(value), 'utf8'), boundTo).toString('base64'),
    openJson: <T>(sealed: string, boundTo: string) => JSON.parse(openBytes(Buffer.from(sealed, 'base64'), boundTo).toString('utf8')) as T,
  };
}
