import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { RegistryId, VcuRecordStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { vcuBlocks } from '../../db/schema';

export type VcuBlockRow = typeof vcuBlocks.$inferSelect;
export type NewVcuBlock = typeof vcuBlocks.$inferInsert;
export type VcuBlockChange = Partial<
  Pick<VcuBlockRow, 'blockEnd' | 'serialNumber' | 'status' | 'mintReference' | 'mintAddress' | 'retirementReference' | 'registryReference'>
>;

/** Which of the tenant's blocks a change applies to; conditions combine with "and". */
export interface VcuBlockSelection {
  status: VcuRecordStatus;
  registry?: RegistryId;
  projectId?: string;
  vintageYear?: number;
  ids?: readonly string[];
  mintReference?: string;
  mintAddress?: string;
  companyId?: string;
}

function conditionsOf(selection: VcuBlockSelection): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(vcuBlocks.status, selection.status),
    selection.registry ? eq(vcuBlocks.registry, selection.registry) : undefined,
    selection.projectId ? eq(vcuBlocks.projectId, selection.projectId) : undefined,
    selection.vintageYear ? sql`extract(year from ${vcuBlocks.vintageStart}) = ${selection.vintageYear}` : undefined,
    selection.ids ? inArray(vcuBlocks.id, [...selection.ids]) : undefined,
    selection.mintReference ? eq(vcuBlocks.mintReference, selection.mintReference) : undefined,
    selection.mintAddress ? eq(vcuBlocks.mintAddress, selection.mintAddress) : undefined,
    selection.companyId ? eq(vcuBlocks.companyId, selection.companyId) : undefined,
  ];
  return and(...conditions)!;
}

export async function insertVcuBlock(tx: Tx, block: NewVcuBlock): Promise<VcuBlockRow> {
  const [row] = await tx.insert(vcuBlocks).values(block).returning();
  return row!;
}

export async function updateVcuBlock(tx: Tx, id: string, change: VcuBlockChange): Promise<VcuBlockRow> {
  const [row] = await tx
    .update(vcuBlocks)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(vcuBlocks.id, id))
    .returning();
  return row!;
}

/** The same change to many blocks in one statement (the whole blocks a reservation takes); answers them in the order of `ids`. */
export async function updateVcuBlocks(tx: Tx, ids: readonly string[], change: VcuBlockChange): Promise<VcuBlockRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(vcuBlocks)
    .set({ ...change, updatedAt: new Date() })
    .where(inArray(vcuBlocks.id, [...ids]))
    .returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/** The same change to every selected block in one statement (a batch mint moves a thousand at once); answers them in serial order. */
export async function updateSelection(tx: Tx, selection: VcuBlockSelection, change: VcuBlockChange): Promise<VcuBlockRow[]> {
  const rows = await tx
    .update(vcuBlocks)
    .set({ ...change, updatedAt: new Date() })
    .where(conditionsOf(selection))
    .returning();
  return rows.sort((a, b) => a.vintageStart.localeCompare(b.vintageStart) || (a.blockStart < b.blockStart ? -1 : a.blockStart > b.blockStart ? 1 : 0));
}

/** The selected blocks in serial order, locked so that concurrent takers queue behind this transaction. */
export function lockSelection(tx: Tx, selection: VcuBlockSelection): Promise<VcuBlockRow[]> {
  return tx.select().from(vcuBlocks).where(conditionsOf(selection)).orderBy(asc(vcuBlocks.vintageStart), asc(vcuBlocks.blockStart)).for('update');
}

export async function sumUnits(tx: Tx, selection: VcuBlockSelection): Promise<bigint> {
  const [row] = await tx
    .select({ units: sql<string>`coalesce(sum(${vcuBlocks.blockEnd} - ${vcuBlocks.blockStart} + 1), 0)::text` })
    .from(vcuBlocks)
    .where(conditionsOf(selection));
  return BigInt(row!.units);
}

/** The tenant's (or one company's) live (not released) records of one registry project, in serial order. */
export function liveBlocksOfProject(tx: Tx, registry: RegistryId, projectId: string, companyId: string | undefined): Promise<VcuBlockRow[]> {
  return tx
    .select()
    .from(vcuBlocks)
    .where(
      and(
        eq(vcuBlocks.registry, registry),
        eq(vcuBlocks.projectId, projectId),
        ne(vcuBlocks.status, 'released'),
        companyId ? eq(vcuBlocks.companyId, companyId) : undefined,
      ),
    )
    .orderBy(asc(vcuBlocks.blockStart));
}

/** The tenant's (or one company's) live records, optionally of one status or project, by project, vintage and serial. */
export function liveBlocks(tx: Tx, filter: { status?: VcuRecordStatus; projectId?: string; companyId?: string; limit: number }): Promise<VcuBlockRow[]> {
  return tx
    .select()
    .from(vcuBlocks)
    .where(
      and(
        ne(vcuBlocks.status, 'released'),
        filter.status ? eq(vcuBlocks.status, filter.status) : undefined,
        filter.projectId ? eq(vcuBlocks.projectId, filter.projectId) : undefined,
        filter.companyId ? eq(vcuBlocks.companyId, filter.companyId) : undefined,
      ),
    )
    .orderBy(asc(vcuBlocks.projectId), asc(vcuBlocks.vintageStart), asc(vcuBlocks.blockStart))
    .limit(filter.limit);
}

export async function findVcuBlock(tx: Tx, id: string): Promise<VcuBlockRow | null> {
  const [row] = await tx.select().from(vcuBlocks).where(eq(vcuBlocks.id, id));
  return row ?? null;
}

/** The tenant's live (not released) records of a registry project that overlap a serial range, in serial order. */
export function liveBlocksOverlapping(tx: Tx, registry: RegistryId, projectId: string, blockStart: bigint, blockEnd: bigint): Promise<VcuBlockRow[]> {
  return tx
    .select()
    .from(vcuBlocks)
    .where(
      and(
        eq(vcuBlocks.registry, registry),
        eq(vcuBlocks.projectId, projectId),
        ne(vcuBlocks.status, 'released'),
        lte(vcuBlocks.blockStart, blockEnd),
        gte(vcuBlocks.blockEnd, blockStart),
      ),
    )
    .orderBy(asc(vcuBlocks.blockStart));
}
