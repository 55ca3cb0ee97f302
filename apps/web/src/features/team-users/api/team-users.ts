import { teamUsersOverviewSchema, type TeamUsersOverview, type TeamUsersQuery } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const teamUsersKeys = { all: ['team-users'] as const, list: (query: TeamUsersQuery) => ['team-users', query] as const };

export function fetchTeamUsers(query: TeamUsersQuery): Promise<TeamUsersOverview> {
  return api.get('/users', teamUsersOverviewSchema, { query: { ...query } });
}

/** Polled while the screen is open: sign-ins, lockouts and accepted invitations change the table without an event of their own. */
export const teamUsersQuery = (query: TeamUsersQuery) =>
  queryOptions({ queryKey: teamUsersKeys.list(query), queryFn: () => fetchTeamUsers(query), refetchInterval: 30_000, placeholderData: keepPreviousData });

export function useTeamUsers(query: TeamUsersQuery) {
  return useQuery(teamUsersQuery(query));
}
