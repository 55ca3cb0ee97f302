import { authResultSchema, type AuthResult } from '@carbonledger/contracts';

/**
 * SPEC §7 allows the token as tokens.accessToken or access_token; both become the
 * contract's shape before validation.
 */
export function parseAuthResult(raw: unknown): AuthResult {
  if (typeof raw !== 'object' || raw === null) return authResultSchema.parse(raw);
  const value = raw as Record<string, unknown> & { tokens?: Record<string, unknown>; expires_in?: unknown };
  const tokens = { ...value.tokens };
  tokens.accessToken ??= tokens.access_token ?? value.access_token;
  tokens.expiresIn ??= tokens.expires_in ?? value.expires_in ?? value.expiresIn;
  return authResultSchema.parse({ ...value, tokens });
}

/** Seconds of lifetime left in a JWT, read from its exp claim; null if it has none. */
export function tokenSecondsLeft(token: string, now = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp - now / 1000 : null;
  } catch {
    return null;
  }
}
