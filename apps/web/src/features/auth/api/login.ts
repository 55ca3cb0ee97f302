import type { AuthResult, LoginRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { startSession } from '../session';

export async function login(request: LoginRequest): Promise<AuthResult> {
  const answer = await api.post<unknown>('/auth/login', request);
  const { parseAuthResult } = await import('../auth-result');
  return parseAuthResult(answer);
}

/**
 * `onSignedIn` runs before the session starts: starting it unmounts the login page, and a
 * callback given to `mutate` would then never run.
 */
export function useLogin({ onSignedIn }: { onSignedIn?: (result: AuthResult) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      onSignedIn?.(result);
      startSession(result);
    },
  });
}
