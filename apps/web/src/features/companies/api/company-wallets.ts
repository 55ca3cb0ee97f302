import { companyWalletSchema, type CompanyWallet } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { companyKeys } from './companies';

/** The company's wallets (GET /wallets?companyId=, platform administrators; a company's own users without it). */
export function fetchCompanyWallets(companyId: string, own: boolean): Promise<CompanyWallet[]> {
  return api.get('/wallets', z.array(companyWalletSchema), { query: own ? {} : { companyId } });
}

export function useCompanyWallets(companyId: string, own: boolean, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: [...companyKeys.detail(companyId), 'wallets'] as const, queryFn: () => fetchCompanyWallets(companyId, own) }),
    enabled,
  });
}
