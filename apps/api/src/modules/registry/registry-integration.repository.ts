import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { RegistryId } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companies, registryImports, registrySyncRuns, users, vcuBlocks } from '../../db/schema';

export type RegistryImportRecord = typeof registryImports.$inferSelect;
export type NewRegistryImport = typeof registryImports.$inferInsert;
export type RegistrySyncRunRecord = typeof registrySyncRuns.$inferSelect;
export type RegistryImportListed = RegistryImportRecord & { companyName: string; importedByName: string | null };

export async function insertImport(tx: Tx, record: NewRegistryImport): Promise<RegistryImportRecord> {
  const [row] = await tx.insert(registryImports).values(record).returning();
  return row!;
}

export async function attachBlocksToImport(tx: Tx, importId: string, blockIds: readonly string[]): Promise<void> {
  if (blockIds.length === 0) return;
  await tx
    .update(vcuBlocks)
    .set({ importId })
    .where(sql`${vcuBlocks.id} in ${blockIds}`);
}

const listedColumns = {
  record: registryImports,
  companyName: companies.name,
  importedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

function listed(row: { record: RegistryImportRecord; companyName: string; importedByName: string | null }): RegistryImportListed {
  return { ...row.record, companyName: row.companyName, importedByName: row.importedByName };
}

/** The latest imports of one company (every company's when companyId is undefined), newest first. */
export async function recentImports(tx: Tx, companyId: string | undefined, limit: number): Promise<RegistryImportListed[]> {
  const rows = await tx
    .select(listedColumns)
    .from(registryImports)
    .innerJoin(companies, eq(companies.id, registryImports.companyId))
    .leftJoin(users, eq(users.id, registryImports.importedBy))
    .where(companyId ? eq(registryImports.companyId, companyId) : undefined)
    .orderBy(desc(registryImports.createdAt))
    .limit(limit);
  return rows.map(listed);
}

export async function findImport(tx: Tx, id: string): Promise<RegistryImportListed | null> {
  const [row] = await tx
    .select(listedColumns)
    .from(registryImports)
    .innerJoin(companies, eq(companies.id, registryImports.companyId))
    .leftJoin(users, eq(users.id, registryImports.importedBy))
    .where(eq(registryImports.id, id));
  return row ? listed(row) : null;
}

export async function companyExists(tx: Tx, companyId: string): Promise<boolean> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return row !== undefined;
}

/** Units of the live holdings by state, of one company or (undefined) the whole tenant. */
export async function holdingTotals(tx: Tx, companyId: string | undefined): Promise<{ status: string; blocks: number; units: string }[]> {
  return tx
    .select({
      status: vcuBlocks.status,
      blocks: sql<number>`count(*)::int`,
      units: sql<string>`sum(${vcuBlocks.blockEnd} - ${vcuBlocks.blockStart} + 1)::text`,
    })
    .from(vcuBlocks)
    .where(and(sql`${vcuBlocks.status} <> 'released'`, companyId ? eq(vcuBlocks.companyId, companyId) : undefined))
    .groupBy(vcuBlocks.status);
}

/** A new running sync, or null when one of the same registry and scope is already running (the partial unique index). */
export async function insertRunningSync(
  tx: Tx,
  run: { tenantId: string; companyId: string | null; requestedBy: string; registry: RegistryId; total: number },
): Promise<RegistrySyncRunRecord | null> {
  const [row] = await tx.insert(registrySyncRuns).values(run).onConflictDoNothing().returning();
  return row ?? null;
}

export async function runningSync(tx: Tx, registry: RegistryId, companyId: string | null): Promise<RegistrySyncRunRecord | null> {
  const [row] = await tx
    .select()
    .from(registrySyncRuns)
    .where(
      and(
        eq(registrySyncRuns.registry, registry),
        eq(registrySyncRuns.status, 'running'),
        companyId ? eq(registrySyncRuns.companyId, companyId) : isNull(registrySyncRuns.companyId),
      ),
    );
  return row ?? null;
}

export async function findSync(tx: Tx, id: string): Promise<RegistrySyncRunRecord | null> {
  const [row] = await tx.select().from(registrySyncRuns).where(eq(registrySyncRuns.id, id));
  return row ?? null;
}

/** The latest run of a registry that the scope may see: its company's, or (undefined) any. */
export async function latestSync(tx: Tx, registry: RegistryId, companyId: string | undefined): Promise<RegistrySyncRunRecord | null> {
  const [row] = await tx
    .select()
    .from(registrySyncRuns)
    .where(and(eq(registrySyncRuns.registry, registry), companyId ? eq(registrySyncRuns.companyId, companyId) : undefined))
    .orderBy(desc(registrySyncRuns.startedAt))
    .limit(1);
  return row ?? null;
}

export async function updateSync(
  tx: Tx,
  id: string,
  change: Partial<Pick<RegistrySyncRunRecord, 'status' | 'total' | 'processed' | 'mismatches' | 'error' | 'finishedAt'>>,
): Promise<RegistrySyncRunRecord> {
  const [row] = await tx.update(registrySyncRuns).set(change).where(eq(registrySyncRuns.id, id)).returning();
  return row!;
}

/** Every tenant's running syncs: what a crash left unfinished, resumed at start. */
export function allRunningSyncs(tx: Tx): Promise<Pick<RegistrySyncRunRecord, 'id' | 'tenantId'>[]> {
  return tx.select({ id: registrySyncRuns.id, tenantId: registrySyncRuns.tenantId }).from(registrySyncRuns).where(eq(registrySyncRuns.status, 'running'));
}
