import {
  effectivePermissions,
  profilePhotoUrl,
  type AuthResult,
  type CompanySummary,
  type SessionRestore,
  type Tenant,
  type User,
} from '@carbonledger/contracts';
import type { Account, CredentialsRow, UserRow } from './auth.repository';

export function toUser(user: UserRow, credentials: CredentialsRow | null): User {
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
    bio: user.bio,
    department: user.department,
    photoUrl: user.photoCid ? profilePhotoUrl(user.photoCid) : null,
    status: user.status,
    verified: user.verified,
    mfaEnabled: credentials?.mfaEnabled ?? false,
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
    memberSince: user.createdAt.toISOString(),
  };
}

export function toCompany(company: Account['company']): CompanySummary {
  return { id: company.id, name: company.name, isPlatform: company.isPlatform, kycStatus: company.kycStatus };
}

export function toTenant(tenant: Account['tenant']): Tenant {
  return { id: tenant.id, name: tenant.name, theme: tenant.theme, branding: tenant.branding };
}

export function toSessionRestore(account: Account, session: { id: string; fingerprint: string }): SessionRestore {
  return {
    user: toUser(account.user, account.credentials),
    company: toCompany(account.company),
    tenant: toTenant(account.tenant),
    session: { sessionId: session.id, fingerprint: session.fingerprint, permissions: effectivePermissions(account.user.role, account.customPermissions) },
  };
}

export function toAuthResult(account: Account, session: { id: string; fingerprint: string }, tokens: { accessToken: string; expiresIn: number }): AuthResult {
  return { ...toSessionRestore(account, session), tokens };
}
