import { expect } from 'vitest';
import type { AuthResult } from '@carbonledger/contracts';
import type { App } from '../../app';

export const DEMO_PASSWORD = 'Demo!2345';

export interface SignedIn {
  result: AuthResult;
  token: string;
  csrf: string;
  /** Headers of an authenticated state-changing request. */
  headers: Record<string, string>;
}

let ipCounter = 1;
/** A fresh client IP per sign-in keeps the per-IP login rate limit out of tests that are not about it. */
export function nextClientIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function signInAs(
  app: App,
  email: string,
  extra: { password?: string; mfaToken?: string; headers?: Record<string, string> } = {},
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': nextClientIp(), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', ...extra.headers },
    payload: { email, password: extra.password ?? DEMO_PASSWORD, ...(extra.mfaToken ? { mfaToken: extra.mfaToken } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json().data as AuthResult;
  const csrf = String(response.headers['x-csrf-token']);
  const token = result.tokens.accessToken;
  return { result, token, csrf, headers: { authorization: `Bearer ${token}`, 'x-csrf-token': csrf } };
}
