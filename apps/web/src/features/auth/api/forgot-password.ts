import type { ForgotPasswordRequest } from '@carbonledger/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api';

/** 'Forgot password?' (docs/product.md §5): the answer is the same whether or not the account exists. */
export function requestPasswordReset(request: ForgotPasswordRequest): Promise<null> {
  return api.post('/auth/password/forgot', request, z.null());
}
