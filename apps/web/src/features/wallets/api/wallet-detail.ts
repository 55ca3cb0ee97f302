import { companyWalletDetailSchema, type CompanyWalletDetail } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './wallets';

export function fetchWalletDetail(id: string): Promise<CompanyWalletDetail> {
  return api.get(`/wallets/${encodeURIComponent(id)}`, companyWalletDetailSchema);
}

/** Balances and allowed mints are read from the chain by the server on every call. */
export const walletDetailQuery = (id: string) => queryOptions({ queryKey: walletKeys.detail(id), queryFn: () => fetchWalletDetail(id), staleTime: 5_000 });

export function useWalletDetail(id: string | null) {
  return useQuery({ ...walletDetailQuery(id ?? ''), enabled: id !== null });
}
