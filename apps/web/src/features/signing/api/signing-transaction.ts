import { signingTransactionSchema, type SigningTransaction } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const signingKeys = { transaction: (id: string) => ['signing', 'transaction', id] as const };

export function fetchSigningTransaction(id: string): Promise<SigningTransaction> {
  return api.get(`/signing/transactions/${encodeURIComponent(id)}`, signingTransactionSchema);
}

export const signingTransactionQuery = (id: string) => queryOptions({ queryKey: signingKeys.transaction(id), queryFn: () => fetchSigningTransaction(id) });

export function useSigningTransaction(id: string | null) {
  return useQuery({ ...signingTransactionQuery(id ?? ''), enabled: id !== null });
}
