import { companyWalletSchema, type CompanyWallet, type WalletListQuery } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const walletKeys = {
  all: ['wallets'] as const,
  list: (query: WalletListQuery) => [...walletKeys.all, 'list', query] as const,
  detail: (id: string) => [...walletKeys.all, 'detail', id] as const,
};

export function fetchWallets(query: WalletListQuery): Promise<CompanyWallet[]> {
  return api.get('/wallets', z.array(companyWalletSchema), { query: { ...query } });
}

export const walletsQuery = (query: WalletListQuery = {}) =>
  queryOptions({ queryKey: walletKeys.list(query), queryFn: () => fetchWallets(query), staleTime: 10_000 });

export function useWallets(query: WalletListQuery = {}, enabled = true) {
  return useQuery({ ...walletsQuery(query), enabled });
}
