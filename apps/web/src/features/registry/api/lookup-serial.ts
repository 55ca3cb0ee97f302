import { registryLookupSchema, type RegistryLookup } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registryKeys } from './registry-overview';

export function fetchSerialLookup(serialNumber: string): Promise<RegistryLookup> {
  return api.get('/registry/lookup', registryLookupSchema, { query: { serialNumber } });
}

export const serialLookupQuery = (serialNumber: string) =>
  queryOptions({
    queryKey: [...registryKeys.all, 'lookup', serialNumber],
    queryFn: () => fetchSerialLookup(serialNumber),
    enabled: serialNumber !== '',
    retry: false,
  });

/** Looks a serial up once it is submitted (an empty one looks nothing up). */
export function useSerialLookup(serialNumber: string) {
  return useQuery(serialLookupQuery(serialNumber));
}
