import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@carbonledger/contracts';
import { hashPassword } from '../lib/passwords';
import type { Database, Tx } from './database';
import { companies, tenants, users } from './schema';

export const DEMO_TENANT_SLUG = 'demo';
const SEED_LOCK_KEY = 741_852_965;
/** The demo customer company: the company users below belong to it, and the demo holdings go to it. */
export const DEMO_CUSTOMER_COMPANY = 'Verde Energia S.A.';

interface DemoUser {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  jobTitle: string;
  platform: boolean;
}

/** One demo user per role; the platform roles sit in the platform company. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'superadmin@demo.test', role: 'SUPER_ADMIN', firstName: 'Sofia', lastName: 'Almeida', jobTitle: 'Platform Owner', platform: true },
  { email: 'admin@demo.test', role: 'ADMIN', firstName: 'Arthur', lastName: 'Mendes', jobTitle: 'Platform Administrator', platform: true },
  { email: 'companyadmin@demo.test', role: 'COMPANY_ADMIN', firstName: 'Camila', lastName: 'Rocha', jobTitle: 'Sustainability Director', platform: false },
  { email: 'cso@demo.test', role: 'CSO', firstName: 'Carlos', lastName: 'Souza', jobTitle: 'Chief Security Officer', platform: false },
  { email: 'hda@demo.test', role: 'HEAD_OF_DIGITAL_ASSETS', firstName: 'Helena', lastName: 'Dias', jobTitle: 'Head of Digital Assets', platform: false },
  { email: 'manager@demo.test', role: 'MANAGER', firstName: 'Marcos', lastName: 'Lima', jobTitle: 'Carbon Portfolio Manager', platform: false },
  { email: 'finance@demo.test', role: 'FINANCE', firstName: 'Fernanda', lastName: 'Costa', jobTitle: 'Finance Lead', platform: false },
  { email: 'operator@demo.test', role: 'OPERATOR', firstName: 'Otavio', lastName: 'Pereira', jobTitle: 'Operations Analyst', platform: false },
  { email: 'viewer@demo.test', role: 'VIEWER', firstName: 'Vera', lastName: 'Nunes', jobTitle: 'Auditor', platform: false },
];

async function ensureCompany(tx: Tx, tenantId: string, name: string, isPlatform: boolean, extra: Partial<typeof companies.$inferInsert>) {
  const existing = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.name, name)));
  if (existing[0]) return existing[0].id;
  const [created] = await tx
    .insert(companies)
    .values({ tenantId, name, isPlatform, ...extra })
    .returning({ id: companies.id });
  return created!.id;
}

/**
 * Demo tenant, its platform and customer companies, and one user per role. Idempotent:
 * running it again changes nothing that exists. `alsoSeed` runs in the same locked
 * transaction for the tenant's module data (the demo module passes the sandbox registry's):
 * db/ knows no module.
 */
export async function seedDemoAccounts(
  database: Database,
  options: { password: string; alsoSeed?: (tx: Tx, tenantId: string) => Promise<void> },
): Promise<{ tenantId: string }> {
  const passwordHash = await hashPassword(options.password);
  return database.asSystem(async (tx) => {
    // Two processes starting together on one database seed one after the other, not into each other.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await tx
      .insert(tenants)
      .values({
        name: 'Demo',
        slug: DEMO_TENANT_SLUG,
        branding: { customColors: { primary: '#0f4c5c', secondary: '#9acd32' }, fonts: { body: 'Inter', display: 'Inter' } },
      })
      .onConflictDoNothing({ target: tenants.slug });
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG));
    const tenantId = tenant!.id;
    const platformId = await ensureCompany(tx, tenantId, 'Carbonledger Platform', true, {
      legalName: 'Carbonledger Ltda.',
      country: 'BR',
      kycStatus: 'approved',
    });
    const customerId = await ensureCompany(tx, tenantId, DEMO_CUSTOMER_COMPANY, false, {
      legalName: DEMO_CUSTOMER_COMPANY,
      country: 'BR',
      taxId: '12.345.678/0001-90',
      kycStatus: 'approved',
    });
    await tx
      .insert(users)
      .values(
        DEMO_USERS.map((user) => ({
          tenantId,
          companyId: user.platform ? platformId : customerId,
          email: user.email,
          passwordHash,
          role: user.role,
          firstName: user.firstName,
          lastName: user.lastName,
          jobTitle: user.jobTitle,
          department: user.platform ? 'Platform' : 'Sustainability',
          status: 'active' as const,
          verified: true,
        })),
      )
      .onConflictDoNothing();
    await options.alsoSeed?.(tx, tenantId);
    return { tenantId };
  });
}
