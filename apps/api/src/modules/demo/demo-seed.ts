import type { Database } from '../../db/database';
import { seedDemoAccounts } from '../../db/seed';
import { seedSandboxRegistry } from '../registry';

/**
 * The demo tenant a first start finds (SEED_DEMO): its companies, one user per role and its
 * sandbox registry's projects and VCU blocks, in one transaction under the seed's advisory
 * lock. Idempotent: running it again changes nothing that exists.
 */
export function seedDemo(database: Database, options: { password: string }): Promise<{ tenantId: string }> {
  return seedDemoAccounts(database, { password: options.password, alsoSeed: seedSandboxRegistry });
}
