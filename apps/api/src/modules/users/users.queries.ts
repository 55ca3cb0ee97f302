import { ROLES, type TeamUser, type TeamUsersOverview, type TeamUsersQuery, type UserStatistics } from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { UsersDeps } from './users.deps';
import * as repository from './users.repository';
import { toTeamUser } from './users.views';

function statisticsOf(users: readonly TeamUser[]): UserStatistics {
  const count = (test: (user: TeamUser) => boolean) => users.filter(test).length;
  return {
    total: users.length,
    active: count((user) => user.status === 'active'),
    inactive: count((user) => user.status === 'inactive'),
    suspended: count((user) => user.status === 'suspended'),
    pendingVerification: count((user) => user.status === 'pending_verification'),
    verified: count((user) => user.verified),
    locked: count((user) => user.lockedUntil !== null),
    mfaEnabled: count((user) => user.mfaEnabled),
  };
}

function matches(user: TeamUser, query: TeamUsersQuery): boolean {
  if (query.status && user.status !== query.status) return false;
  if (query.role && user.role !== query.role) return false;
  if (!query.search) return true;
  const needle = query.search.toLowerCase();
  return [user.firstName, user.lastName, `${user.firstName} ${user.lastName}`, user.email, user.companyName].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** docs/product.md §2 Team: statistics and role distribution of everyone the viewer may see, and the table filtered by the query. */
export async function teamOverview(deps: UsersDeps, viewer: Actor, query: TeamUsersQuery): Promise<TeamUsersOverview> {
  const now = new Date();
  const rows = await deps.db.withTenant(viewer.tenantId, (tx) => repository.listTeam(tx, { companyId: companyScopeOf(viewer) }, now));
  const everyone = rows.map((row) => toTeamUser(row, now));
  return {
    users: everyone.filter((user) => matches(user, query)),
    statistics: statisticsOf(everyone),
    roleDistribution: ROLES.map((role) => ({ role, count: everyone.filter((user) => user.role === role).length })).filter((entry) => entry.count > 0),
  };
}

/** One row of the team table, in the viewer's scope. */
export async function teamUserOf(deps: UsersDeps, viewer: Actor, userId: string): Promise<TeamUser> {
  const now = new Date();
  const [row] = await deps.db.withTenant(viewer.tenantId, (tx) => repository.listTeam(tx, { companyId: companyScopeOf(viewer), userId }, now));
  if (!row) throw AppError.notFound('User');
  return toTeamUser(row, now);
}
