import type { AuthResult, LoginRequest } from '@carbonledger/contracts';
import { api } from '../../../lib/api';
import { shouldRetryMutation } from '../../../lib/mutation-retry';

async function postLogin(request: LoginRequest): Promise<AuthResult> {
  const answer = await api.post<unknown>('/auth/login', request);
  const { parseAuthResult } = await import('../auth-result');
  return parseAuthResult(answer);
}

/** Sent like every other mutation (docs/product.md §8): a refused sign-in is final, a failed one is tried once more. */
export async function login(request: LoginRequest): Promise<AuthResult> {
  for (let failures = 0; ; failures++) {
    try {
      return await postLogin(request);
    } catch (error) {
      if (!shouldRetryMutation(failures, error)) throw error;
    }
  }
}
