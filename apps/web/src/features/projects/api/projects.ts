import { projectPageSchema, type ProjectListQuery, type ProjectPage } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const projectKeys = {
  all: ['projects'] as const,
  list: (query: ProjectListQuery) => [...projectKeys.all, 'list', query] as const,
  stats: () => [...projectKeys.all, 'stats'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
};

export function fetchProjects(query: ProjectListQuery): Promise<ProjectPage> {
  return api.get('/projects', projectPageSchema, { query: { ...query, search: query.search || undefined } });
}

export const projectsQuery = (query: ProjectListQuery) => queryOptions({ queryKey: projectKeys.list(query), queryFn: () => fetchProjects(query) });

/** The previous page stays on screen while a new search or filter loads, so the grid does not flash empty. */
export function useProjects(query: ProjectListQuery) {
  return useQuery({ ...projectsQuery(query), placeholderData: keepPreviousData });
}
