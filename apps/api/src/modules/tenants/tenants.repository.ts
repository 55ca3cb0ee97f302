import { and, eq, sql } from 'drizzle-orm';
import { APP_ROLE, type Tx } from '../../db/database';
import { companies, files, tenants, type TenantBranding } from '../../db/schema';

export type TenantRow = typeof tenants.$inferSelect;

export async function tenantWithSlug(tx: Tx, slug: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  return row?.id;
}

export async function insertTenant(tx: Tx, tenant: { name: string; slug: string; theme: TenantRow['theme']; branding: TenantBranding }): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(tenant).returning();
  return row!;
}

/**
 * From here on the transaction runs as the tenant's row-level-security role with the new
 * tenant set, exactly as db.withTenant does: the tenant row is made with system rights (no
 * tenant context can insert another tenant), everything inside it is tenant work.
 */
export async function enterTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${APP_ROLE}, true)`);
}

export async function findTenant(tx: Tx, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

export async function findTenantForUpdate(tx: Tx, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row;
}

export async function updateLook(tx: Tx, tenantId: string, look: Pick<TenantRow, 'theme' | 'branding'>): Promise<TenantRow> {
  const [row] = await tx.update(tenants).set(look).where(eq(tenants.id, tenantId)).returning();
  return row!;
}

/** The content type of a file the tenant stored (row-level security: only its own uploads). */
export async function storedFileType(tx: Tx, cid: string): Promise<string | undefined> {
  const [row] = await tx.select({ contentType: files.contentType }).from(files).where(eq(files.cid, cid)).limit(1);
  return row?.contentType;
}

/** Whether the caller belongs to its tenant's platform company (docs/product.md §1: its users are the Platform Admins). */
export async function isPlatformCompany(tx: Tx, tenantId: string, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ isPlatform: companies.isPlatform })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, tenantId)));
  return row?.isPlatform === true;
}
