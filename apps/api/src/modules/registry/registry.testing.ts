import { eq } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companies, tenants, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { hashPassword } from '../../lib/passwords';
import { seedSandboxRegistry } from './sandbox-seed';

/** The embedded sandbox registry, for tests of other modules that drive it directly. */
export { sandboxRegistry } from './sandbox-registry';

/** A first, untouched block of the sandbox's Texas wind project: 5,000 units, vintage 2023. */
export const WIND_BLOCK = '16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0';
export const WIND_PROJECT = '3107';

/** Another tenant with its own company, one user (password Demo!2345) and its own seeded sandbox registry. */
export async function createRegistryTenant(database: Database, slug: string, role: Role = 'COMPANY_ADMIN'): Promise<Actor & { email: string }> {
  const passwordHash = await hashPassword('Demo!2345');
  return database.asSystem(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ name: slug, slug }).onConflictDoNothing().returning();
    const tenantId = tenant?.id ?? (await tx.select().from(tenants).where(eq(tenants.slug, slug)))[0]!.id;
    const [company] = await tx
      .insert(companies)
      .values({ tenantId, name: `${slug} Carbon Ltd.` })
      .returning();
    const email = `${role.toLowerCase()}@${slug}.test`;
    const [user] = await tx
      .insert(users)
      .values({ tenantId, companyId: company!.id, email, passwordHash, role, firstName: slug, lastName: 'Owner', status: 'active', verified: true })
      .returning();
    await seedSandboxRegistry(tx, tenantId);
    return { tenantId, companyId: company!.id, userId: user!.id, role, email };
  });
}
