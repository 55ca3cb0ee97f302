import type { AuthResult, WalletSessionRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAuthResult } from '../auth-result';
import { startSession } from '../session';

export async function walletSession(request: WalletSessionRequest): Promise<AuthResult> {
  return parseAuthResult(await api.post<unknown>('/auth/wallet/session', request));
}

export function useWalletSession() {
  return useMutation({ mutationFn: walletSession, onSuccess: (result) => startSession(result) });
}
