import { carbonProjectDetailSchema, type CarbonProjectDetail } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { projectKeys } from './projects';

export function fetchProjectDetail(id: string): Promise<CarbonProjectDetail> {
  return api.get(`/projects/${encodeURIComponent(id)}`, carbonProjectDetailSchema);
}

export const projectDetailQuery = (id: string) => queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => fetchProjectDetail(id) });

export function useProjectDetail(id: string | null) {
  return useQuery({ ...projectDetailQuery(id ?? ''), enabled: id !== null });
}
