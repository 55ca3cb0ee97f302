/**
 * Query keys of the company's imported VCUs (GET /vcus). Shared because one feature lists
 * them (batch minting) and others change them (importing on the projects screen).
 */
export const availableVcuKeys = { all: ['vcus', 'available'] as const };
