import type { CompanyListItem, CompanyListQuery, CompanyProfile } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { actsTenantWide, companyScopeOf, type Actor } from '../../lib/actor';
import * as repository from './companies.repository';
import { toListItem, toProfile } from './companies.views';

/** GET /companies: every company of the tenant for ADMIN and SUPER_ADMIN, the caller's own for everyone else. */
export async function listCompanies(tx: Tx, actor: Actor, query: CompanyListQuery = {}): Promise<CompanyListItem[]> {
  const rows = await repository.listCompanies(tx, { onlyId: companyScopeOf(actor), search: query.search || undefined });
  return rows.map(toListItem);
}

/**
 * Asking for another company by id answers 403 (docs/product.md §6 Company scope); a
 * company the tenant does not have (or another tenant's, which row-level security hides) 404.
 */
export function assertMayRead(actor: Actor, companyId: string): void {
  if (!actsTenantWide(actor) && companyId !== actor.companyId) throw new AppError('ACCESS_DENIED');
}

export async function companyProfile(tx: Tx, actor: Actor, companyId: string): Promise<CompanyProfile> {
  assertMayRead(actor, companyId);
  const row = await repository.findCompany(tx, companyId);
  if (!row) throw AppError.notFound('Company');
  return toProfile(row, await repository.membersOf(tx, companyId));
}
