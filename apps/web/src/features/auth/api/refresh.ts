import type { AuthResult } from '@carbonledger/contracts';
import { api } from '../../../lib/api';
import { parseAuthResult } from '../auth-result';

export async function refreshTokens(): Promise<AuthResult> {
  return parseAuthResult(await api.post<unknown>('/auth/refresh'));
}
