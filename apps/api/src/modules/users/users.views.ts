import type { TeamUser } from '@carbonledger/contracts';
import type { TeamRow } from './users.repository';

/** How a user reads in the team table (docs/product.md §2 Team). */
export function toTeamUser(row: TeamRow, now: Date): TeamUser {
  const { user, credentials } = row;
  const lockedUntil = credentials?.lockedUntil && credentials.lockedUntil > now ? credentials.lockedUntil.toISOString() : null;
  return {
    id: user.id,
    role: user.role,
    companyId: user.companyId,
    tenantId: user.tenantId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    jobTitle: user.jobTitle,
    status: user.status,
    verified: user.verified,
    mfaEnabled: credentials?.mfaEnabled ?? false,
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
    memberSince: user.createdAt.toISOString(),
    companyName: row.companyName,
    lockedUntil,
    mustChangePassword: credentials?.mustChangePassword ?? false,
    invitationExpiresAt: row.invitationExpiresAt ? new Date(row.invitationExpiresAt).toISOString() : null,
  };
}
