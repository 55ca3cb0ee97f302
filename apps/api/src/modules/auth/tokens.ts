import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { roleSchema, type Role } from '@carbonledger/contracts';
import { z } from 'zod';

/** What an access token asserts; the session row behind sessionId decides whether it still counts. */
export interface AccessClaims {
  sessionId: string;
  userId: string;
  tenantId: string;
  companyId: string;
  role: Role;
  tokenVersion: number;
}

const claimsSchema = z.object({
  sessionId: z.uuid(),
  userId: z.uuid(),
  tenantId: z.uuid(),
  companyId: z.uuid(),
  role: roleSchema,
  tokenVersion: z.number().int().positive(),
});

const ISSUER = 'carbonledger';
const AUDIENCE = 'carbonledger-api';

export type TokenCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  readonly ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<TokenCheck>;
}

/** HS256 access tokens with jose; the short lifetime bounds what a stolen token is worth. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose imports the key again on every request it checks.
  let verifyKey: Promise<webcrypto.CryptoKey> | undefined;
  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        verifyKey ??= webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
        const { payload } = await jwtVerify(token, await verifyKey, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const claims = claimsSchema.safeParse(payload);
        return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
