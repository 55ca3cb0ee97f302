import { lockedAccountSchema, type LockedAccount } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const lockedAccountKeys = { all: ['locked-accounts'] as const };

export function fetchLockedAccounts(): Promise<LockedAccount[]> {
  return api.get('/security/locked-accounts', z.array(lockedAccountSchema));
}

export const lockedAccountsQuery = () => queryOptions({ queryKey: lockedAccountKeys.all, queryFn: fetchLockedAccounts, staleTime: 30_000 });

export function useLockedAccounts() {
  return useQuery(lockedAccountsQuery());
}
