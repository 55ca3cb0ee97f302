import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { getBase58Encoder } from '@solana/kit';

/** How long a Sign-In-With-Solana message may be signed and used. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface ChallengeFields {
  domain: string;
  uri: string;
  chainId: string;
  walletAddress: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The message in the Sign-In-With-Solana (EIP-4361 style) layout wallets display. */
export function challengeMessage(fields: ChallengeFields): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.walletAddress,
    '',
    'Sign in to Carbonledger.',
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expiresAt.toISOString()}`,
  ].join('\n');
}

export function nonceOf(message: string): string | null {
  return /^Nonce: ([0-9a-f]{32})$/m.exec(message)?.[1] ?? null;
}

/** An ed25519 signature (base64) by the wallet's key over the UTF-8 bytes of the message. */
export function walletSignatureValid(walletAddress: string, message: string, signatureBase64: string): boolean {
  try {
    const publicKey = getBase58Encoder().encode(walletAddress);
    const signature = Buffer.from(signatureBase64, 'base64');
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(message, 'utf8'), key, signature);
  } catch {
    return false;
  }
}
