import type { AuthResult, WalletSessionRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAuthResult } from '../auth-result';
import { startSession } from '../session';

export async function walletSession(request: WalletSessionRequest): Promise<AuthResult> {
  return parseAuthResult(await api.post<unknown>('/auth/wallet/session', request));
}

/** `onSignedIn` runs before the session starts (starting it unmounts the page). */
export function useWalletSession({ onSignedIn }: { onSignedIn?: (result: AuthResult) => void } = {}) {
  return useMutation({
    mutationFn: walletSession,
    onSuccess: (result) => {
      onSignedIn?.(result);
      startSession(result);
    },
  });
}
