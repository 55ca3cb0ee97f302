import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { endSession } from '../session';

/** docs/product.md §4: the server is told, but local state is cleared even when that call fails. */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout');
  } catch {
    // The session ends locally regardless; the server revokes it on its own timeout.
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout, retry: false });
}
