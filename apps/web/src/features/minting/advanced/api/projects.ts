import { projectPageSchema, type ProjectPage } from '@carbonledger/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** The most the projects list answers at once; the search narrows it. */
const PAGE_SIZE = 100;

export function fetchWizardProjects(search: string): Promise<ProjectPage> {
  return api.get('/projects', projectPageSchema, { query: { search: search.trim() || undefined, pageSize: PAGE_SIZE } });
}

/** Step 1's project list (GET /projects?search); the previous answer stays while a new search loads. */
export function useWizardProjects(search: string) {
  return useQuery({
    queryKey: ['projects', 'list', { search: search.trim(), pageSize: PAGE_SIZE, purpose: 'mint-wizard' }],
    queryFn: () => fetchWizardProjects(search),
    placeholderData: keepPreviousData,
  });
}
