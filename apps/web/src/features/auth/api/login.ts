import type { AuthResult, LoginRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAuthResult } from '../auth-result';
import { startSession } from '../session';

export async function login(request: LoginRequest): Promise<AuthResult> {
  return parseAuthResult(await api.post<unknown>('/auth/login', request));
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => startSession(result),
  });
}
