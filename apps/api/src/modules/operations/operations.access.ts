import type { Database } from '../../db/database';
import { actsTenantWide, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repository from './operations.repository';

/**
 * Queues, cache and process figures are the whole deployment's, every tenant's jobs among
 * them: only the platform company's ADMIN and SUPER_ADMIN see and act on them (docs/product.md
 * §2 Jobs Monitor, Cache Dashboard, System Metrics).
 */
export async function isPlatformOperator(db: Database, who: Pick<Actor, 'role' | 'tenantId' | 'companyId'>): Promise<boolean> {
  if (!actsTenantWide(who)) return false;
  return db.withTenant(who.tenantId, (tx) => repository.isPlatformCompany(tx, who.tenantId, who.companyId));
}

export async function assertPlatformOperator(db: Database, actor: Actor): Promise<void> {
  if (!(await isPlatformOperator(db, actor))) throw new AppError('OPERATIONS__PLATFORM_ONLY');
}
