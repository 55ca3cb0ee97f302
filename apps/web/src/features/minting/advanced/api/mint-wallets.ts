import { companyWalletSchema, type CompanyWallet } from '@carbonledger/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api';

/** The company's wallets that may receive minted tokens: those an administrator approved (SPEC §5 Mint). */
export async function fetchApprovedWallets(): Promise<CompanyWallet[]> {
  const wallets = await api.get('/wallets', z.array(companyWalletSchema));
  return wallets.filter((wallet) => wallet.operational);
}

export function useApprovedWallets() {
  return useQuery({ queryKey: ['wallets', 'approved', 'mint-wizard'], queryFn: fetchApprovedWallets, staleTime: 30_000 });
}
