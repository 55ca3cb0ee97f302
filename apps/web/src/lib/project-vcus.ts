import { vcuSchema, type Vcu } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { projectVcuKeys } from './vcu-keys';

/**
 * The project's VCU blocks as this company sees them (GET /projects/{id}/vcus): its own imported
 * ones with their state and the registry's free or unavailable ones — what a mint of the project can draw on.
 */
export function fetchProjectVcus(projectId: string): Promise<Vcu[]> {
  return api.get(`/projects/${encodeURIComponent(projectId)}/vcus`, z.array(vcuSchema));
}

export const projectVcusQuery = (projectId: string) =>
  queryOptions({ queryKey: projectVcuKeys.of(projectId), queryFn: () => fetchProjectVcus(projectId), staleTime: 10_000 });

export function useProjectVcus(projectId: string | null) {
  return useQuery({ ...projectVcusQuery(projectId ?? ''), enabled: projectId !== null });
}
