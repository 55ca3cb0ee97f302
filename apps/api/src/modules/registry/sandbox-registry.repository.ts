import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ProjectType, RegistryBlockStatus } from '@carbonledger/contracts';
import { rowsOf, type Tx } from '../../db/database';
import { registryProjects, registryVcuBlocks } from '../../db/schema';

export type SandboxBlockRow = typeof registryVcuBlocks.$inferSelect;
export type NewSandboxBlock = typeof registryVcuBlocks.$inferInsert;
export type NewSandboxProject = typeof registryProjects.$inferInsert;

export interface SandboxProjectRow {
  project_id: string;
  name: string;
  description: string;
  location: string;
  country: string;
  type: ProjectType;
  technology: string;
  methodology: string;
  methodology_name: string;
  developer: string;
  standard: string;
  sectoral_scope: number;
  co_benefits: string[];
  vintages: number[] | null;
  total: string;
  available: string;
  retired: string;
}

export interface ProjectFilter {
  search?: string | undefined;
  type?: ProjectType | undefined;
  projectId?: string | undefined;
}

/** Credits per project: every issued unit counts in total; free ones are available, retired ones retired. */
const PROJECTS_WITH_CREDITS = sql`
  with credits as (
    select tenant_id, project_id,
      sum(block_end - block_start + 1)::text as total,
      coalesce(sum(block_end - block_start + 1) filter (where status = 'issued'), 0)::text as available,
      coalesce(sum(block_end - block_start + 1) filter (where status = 'retired'), 0)::text as retired,
      array_agg(distinct extract(year from vintage_start)::int) as vintages
    from registry_vcu_blocks
    group by tenant_id, project_id
  )
  select p.project_id, p.name, p.description, p.location, p.country, p.type, p.technology, p.methodology,
    p.methodology_name, p.developer, p.standard, p.sectoral_scope, p.co_benefits, c.vintages,
    coalesce(c.total, '0') as total, coalesce(c.available, '0') as available, coalesce(c.retired, '0') as retired
  from registry_projects p
  left join credits c on c.tenant_id = p.tenant_id and c.project_id = p.project_id`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf(filter: ProjectFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.projectId) conditions.push(sql`p.project_id = ${filter.projectId}`);
  if (filter.type) conditions.push(sql`p.type = ${filter.type}`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const digits = filter.search.replace(/^(VCS|VERRA)[\s#-]*/i, '');
    conditions.push(sql`(p.name ilike ${pattern} or p.location ilike ${pattern} or p.country ilike ${filter.search} or p.project_id = ${digits})`);
  }
  return sql.join(conditions, sql` and `);
}

export async function findProjects(tx: Tx, filter: ProjectFilter, page: { limit: number; offset: number }): Promise<SandboxProjectRow[]> {
  const result = await tx.execute(
    sql`${PROJECTS_WITH_CREDITS} where ${whereOf(filter)} order by p.name, p.project_id limit ${page.limit} offset ${page.offset}`,
  );
  return rowsOf<SandboxProjectRow>(result);
}

export async function countProjects(tx: Tx, filter: ProjectFilter): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as n from registry_projects p where ${whereOf(filter)}`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

export async function findProject(tx: Tx, projectId: string): Promise<SandboxProjectRow | null> {
  return (await findProjects(tx, { projectId }, { limit: 1, offset: 0 }))[0] ?? null;
}

export interface CreditTotalsRow {
  type: ProjectType;
  project_count: number;
  total: string;
  available: string;
  retired: string;
}

export async function creditTotalsByType(tx: Tx): Promise<CreditTotalsRow[]> {
  const result = await tx.execute(sql`
    with projects as (${PROJECTS_WITH_CREDITS})
    select type, count(*)::int as project_count, sum(total::numeric)::text as total,
      sum(available::numeric)::text as available, sum(retired::numeric)::text as retired
    from projects group by type order by type`);
  return rowsOf<CreditTotalsRow>(result);
}

export function blocksOfProject(tx: Tx, projectId: string): Promise<SandboxBlockRow[]> {
  return tx.select().from(registryVcuBlocks).where(eq(registryVcuBlocks.projectId, projectId)).orderBy(asc(registryVcuBlocks.blockStart));
}

/** The blocks overlapping a range in serial order, locked against concurrent changes. */
export function lockOverlappingBlocks(tx: Tx, projectId: string, blockStart: bigint, blockEnd: bigint): Promise<SandboxBlockRow[]> {
  return tx
    .select()
    .from(registryVcuBlocks)
    .where(and(eq(registryVcuBlocks.projectId, projectId), lte(registryVcuBlocks.blockStart, blockEnd), gte(registryVcuBlocks.blockEnd, blockStart)))
    .orderBy(asc(registryVcuBlocks.blockStart))
    .for('update');
}

export async function narrowBlock(
  tx: Tx,
  id: string,
  change: { blockStart: bigint; blockEnd: bigint; serialNumber: string; status: RegistryBlockStatus; reference: string | null },
): Promise<void> {
  await tx
    .update(registryVcuBlocks)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(registryVcuBlocks.id, id));
}

export async function insertBlocks(tx: Tx, blocks: NewSandboxBlock[]): Promise<void> {
  if (blocks.length > 0) await tx.insert(registryVcuBlocks).values(blocks);
}

export async function insertProjects(tx: Tx, projects: NewSandboxProject[]): Promise<string[]> {
  if (projects.length === 0) return [];
  const inserted = await tx.insert(registryProjects).values(projects).onConflictDoNothing().returning({ projectId: registryProjects.projectId });
  return inserted.map((row) => row.projectId);
}
