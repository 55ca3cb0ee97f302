import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database';
import { seedDemo } from '../apps/api/src/modules/demo';
import { users } from '../apps/api/src/db/schema';
import { measure, report } from './harness';

/**
 * The price of row-level security: the same user list read as the owner (no RLS, no role
 * switch) and through withTenant (SET ROLE + tenant setting + policy), in one run.
 */
export async function run() {
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  const { tenantId } = await seedDemo(database, { password: 'Bench!2345' });
  const iterations = 2000;
  const baseline = await measure('owner query (no isolation)', iterations, () =>
    database.asSystem((tx) => tx.select().from(users).where(eq(users.tenantId, tenantId))),
  );
  const isolated = await measure('tenant query (RLS + app role)', iterations, () => database.withTenant(tenantId, (tx) => tx.select().from(users)));
  report(`Tenant isolation overhead (${database.kind}, ${iterations} reads)`, baseline, isolated);
  await database.close();
}
