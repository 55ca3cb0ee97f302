import type { Role } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { createTenantForTests } from '../tenants/tenants.testing';

/** The embedded sandbox registry, for tests of other modules that drive it directly. */
export { sandboxRegistry } from './sandbox-registry';

/** A first, untouched block of the sandbox's Texas wind project: 5,000 units, vintage 2023. */
export const WIND_BLOCK = '16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0';
export const WIND_PROJECT = '3107';

/**
 * Another tenant with its own company, one user (password Demo!2345) and its own seeded sandbox
 * registry, made by the product's tenant creation (modules/tenants).
 */
export function createRegistryTenant(database: Database, slug: string, role: Role = 'COMPANY_ADMIN'): Promise<Actor & { email: string }> {
  return createTenantForTests(database, slug, role);
}
