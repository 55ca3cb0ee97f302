import { vcuSchema, type Vcu } from '@carbonledger/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api';

/**
 * The project's VCU blocks as this company sees them (GET /projects/{id}/vcus): its own imported
 * ones with their state and the registry's free ones — what a mint of the project can draw on.
 */
export function fetchProjectVcus(projectId: string): Promise<Vcu[]> {
  return api.get(`/projects/${encodeURIComponent(projectId)}/vcus`, z.array(vcuSchema));
}

export function useProjectVcus(projectId: string | null) {
  return useQuery({ queryKey: ['projects', 'vcus', projectId, 'mint-wizard'], queryFn: () => fetchProjectVcus(projectId!), enabled: projectId !== null, staleTime: 10_000 });
}
