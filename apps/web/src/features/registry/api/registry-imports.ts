import { registryImportSummarySchema, type RegistryImportSummary } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { registryKeys } from './registry-overview';

export function fetchRegistryImports(): Promise<RegistryImportSummary[]> {
  return api.get('/registry/imports', z.array(registryImportSummarySchema));
}

export const registryImportsQuery = () => queryOptions({ queryKey: [...registryKeys.all, 'imports'], queryFn: fetchRegistryImports });

export function useRegistryImports() {
  return useQuery(registryImportsQuery());
}
