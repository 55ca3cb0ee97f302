import { companyWalletSchema, type CompanyWallet } from '@carbonledger/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';

/** The company's wallets that may receive minted tokens, for the wizard and the batch alike: approved or active (docs/product.md §5 Mint). */
export async function fetchMintWallets(): Promise<CompanyWallet[]> {
  const wallets = await api.get('/wallets', z.array(companyWalletSchema));
  return wallets.filter((wallet) => wallet.operational);
}

export function useMintWallets() {
  return useQuery({ queryKey: ['wallets', 'mint-targets'], queryFn: fetchMintWallets, staleTime: 30_000 });
}
