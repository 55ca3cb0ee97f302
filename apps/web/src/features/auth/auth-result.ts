import { authResultSchema, type AuthResult } from '@carbonledger/contracts';

/**
 * docs/product.md §7 allows the token as tokens.accessToken or access_token; both become the
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
