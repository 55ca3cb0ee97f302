import { companyWalletSchema, type CompanyWallet, type RegisterExternalWalletRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './wallets';

/** The wallet and the server's message: registered, or (informational) already pending / already approved. */
export interface RegistrationOutcome {
  wallet: CompanyWallet;
  message: string;
}

export async function registerExternalWallet(body: RegisterExternalWalletRequest): Promise<RegistrationOutcome> {
  const result = await api.request<unknown>('POST', '/wallets/external', { body });
  return { wallet: companyWalletSchema.parse(result.data), message: result.message };
}

export function useRegisterExternalWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerExternalWallet, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
