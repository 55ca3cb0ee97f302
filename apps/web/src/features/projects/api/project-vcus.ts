import { vcuSchema, type Vcu } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { projectKeys } from './projects';

export function fetchProjectVcus(id: string): Promise<Vcu[]> {
  return api.get(`/projects/${encodeURIComponent(id)}/vcus`, z.array(vcuSchema));
}

/** The blocks as this company sees them (its own imports and the registry's free or unavailable ones). */
export const projectVcusQuery = (id: string) => queryOptions({ queryKey: projectKeys.vcus(id), queryFn: () => fetchProjectVcus(id), staleTime: 10_000 });

export function useProjectVcus(id: string | null) {
  return useQuery({ ...projectVcusQuery(id ?? ''), enabled: id !== null });
}
