/**
 * Query keys of the company's imported VCUs (GET /vcus). Shared because one feature lists
 * them (batch minting) and others change them (importing on the projects screen).
 */
export const availableVcuKeys = { all: ['vcus', 'available'] as const };

/**
 * Query keys of a project's VCU blocks (GET /projects/{id}/vcus), under the projects' keys so that
 * invalidating ['projects'] after an import reaches them. Shared because the projects screen shows
 * them and the mint wizard caps its quantity with them.
 */
export const projectVcuKeys = {
  all: ['projects', 'vcus'] as const,
  of: (projectId: string) => [...projectVcuKeys.all, projectId] as const,
};
