import type { ResetPasswordRequest } from '@carbonledger/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api';

/** Sets the new password of an e-mailed reset link; every session of the account ends. */
export function resetPassword(request: ResetPasswordRequest): Promise<null> {
  return api.post('/auth/password/reset', request, z.null());
}
