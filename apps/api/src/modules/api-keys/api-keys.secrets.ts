import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIXES, type ApiKeyEnvironment } from '@carbonledger/contracts';

/**
 * An API key's secret: `clk_live_` or `clk_test_`, a public id that finds the key's row, `_`,
 * and 32 random bytes. Only the SHA-256 of the random part is stored: with 256 bits of entropy
 * a fast hash is enough (nothing to brute-force), and it keeps the per-request check cheap.
 */
export interface IssuedSecret {
  secret: string;
  publicId: string;
  /** What the list shows of the key: its prefix and public id. */
  keyPrefix: string;
  secretHash: string;
}

const PRESENTED = /^clk_(live|test)_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

function hashOf(random: string): string {
  return createHash('sha256').update(random).digest('hex');
}

export function issueSecret(environment: ApiKeyEnvironment): IssuedSecret {
  const publicId = randomBytes(8).toString('hex');
  const random = randomBytes(32).toString('base64url');
  const keyPrefix = `${API_KEY_PREFIXES[environment]}${publicId}`;
  return { secret: `${keyPrefix}_${random}`, publicId, keyPrefix, secretHash: hashOf(random) };
}

/** Whether a credential is shaped like an API key (so the caller is not a session). */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith('clk_');
}

/** The public id and random part of a presented key, or null when it is not well formed. */
export function parsePresented(credential: string): { publicId: string; random: string } | null {
  const match = PRESENTED.exec(credential);
  return match ? { publicId: match[2]!, random: match[3]! } : null;
}

/** Compares the presented random part with the stored hash in constant time. */
export function secretMatches(random: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashOf(random), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
