import { carbonProjectSchema, type CarbonProject } from '@carbonledger/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** One project by id (GET /projects/{id}), for a wizard opened with ?projectId=; its VCU blocks are not needed here. */
export function fetchWizardProject(id: string): Promise<CarbonProject> {
  return api.get(`/projects/${encodeURIComponent(id)}`, carbonProjectSchema);
}

export function useWizardProject(id: string | null) {
  return useQuery({ queryKey: ['projects', 'summary', id], queryFn: () => fetchWizardProject(id!), enabled: id !== null });
}
