import type { CompanyListItem, CompanyMember, CompanyProfile, CompanySummary } from '@carbonledger/contracts';
import type { CompanyListRow, CompanyRow } from './companies.repository';

/** How a company reads in the answers: the summary, a row of the list, the profile. */
export function toSummary(row: CompanyRow): CompanySummary {
  return { id: row.id, name: row.name, isPlatform: row.isPlatform, kycStatus: row.kycStatus };
}

export function toListItem(row: CompanyListRow): CompanyListItem {
  return {
    ...toSummary(row),
    legalName: row.legalName,
    taxId: row.taxId,
    country: row.country,
    userCount: row.userCount,
    wallets: { total: row.walletsTotal, operational: row.walletsOperational, pending: row.walletsPending },
    createdAt: row.createdAt.toISOString(),
  };
}

export interface MemberRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: CompanyMember['role'];
  status: CompanyMember['status'];
  lastLoginAt: Date | null;
}

export function toProfile(row: CompanyListRow, members: MemberRow[]): CompanyProfile {
  const contact = row.contact;
  return {
    ...toListItem(row),
    address: row.address ?? null,
    contact: { name: contact.name ?? null, email: contact.email ?? null, phone: contact.phone ?? null, website: contact.website ?? null },
    members: members.map(({ lastLoginAt, ...member }) => ({ ...member, lastLogin: lastLoginAt?.toISOString() ?? null })),
    updatedAt: row.updatedAt.toISOString(),
  };
}
