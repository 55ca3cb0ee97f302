import { projectStatsSchema, type ProjectStats } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { projectKeys } from './projects';

export function fetchProjectStats(): Promise<ProjectStats> {
  return api.get('/projects/stats', projectStatsSchema);
}

export const projectStatsQuery = () => queryOptions({ queryKey: projectKeys.stats(), queryFn: fetchProjectStats });

export function useProjectStats() {
  return useQuery(projectStatsQuery());
}
