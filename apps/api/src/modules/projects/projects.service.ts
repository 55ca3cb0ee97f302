import {
  registryTexts,
  type CarbonProject,
  type CarbonProjectDetail,
  type ProjectListQuery,
  type ProjectPage,
  type ProjectStats,
  type RegistryVcuBlock,
  type Vcu,
  type VcuListQuery,
} from '@carbonledger/contracts';
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/database';
import type { Cache } from '../../lib/cache';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { importVcuBlock, importedBlocks, importedBlocksOfProject, unitsOf, type RegistryAdapter, type VcuBlockRecord } from '../registry';

/**
 * The registry's catalogue pages and figures are the hot read of /carbon-projects (an HTTP call
 * when Verra is configured): cached per tenant for PROJECTS_CACHE_TTL_SECONDS. An import drops
 * the tenant's entries at once (projectsCacheKeys); mints and retirements, which move the
 * available and retired figures, show once the entry expires.
 */
export const PROJECTS_CACHE_TTL_SECONDS = 30;
export const projectsCacheKeys = {
  list: (tenantId: string, query: ProjectListQuery) =>
    `projects:list:${tenantId}:${createHash('sha256')
      .update(JSON.stringify([query.search, query.type, query.page, query.pageSize]))
      .digest('hex')
      .slice(0, 16)}`,
  stats: (tenantId: string) => `projects:stats:${tenantId}`,
  /** Every entry of the tenant (a glob for Cache.deleteMatching). */
  tenant: (tenantId: string) => `projects:*:${tenantId}*`,
};

export function searchProjectsCached(cache: Cache, tenantId: string, registry: RegistryAdapter, query: ProjectListQuery): Promise<ProjectPage> {
  return cache.wrap(projectsCacheKeys.list(tenantId, query), PROJECTS_CACHE_TTL_SECONDS, () => searchProjects(registry, query));
}

export function projectStatsCached(cache: Cache, tenantId: string, registry: RegistryAdapter): Promise<ProjectStats> {
  return cache.wrap(projectsCacheKeys.stats(tenantId), PROJECTS_CACHE_TTL_SECONDS, () => projectStats(registry));
}

export async function searchProjects(registry: RegistryAdapter, query: ProjectListQuery): Promise<ProjectPage> {
  const { items, total } = await registry.listProjects({
    search: query.search || undefined,
    type: query.type === 'all' ? undefined : query.type,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export function projectStats(registry: RegistryAdapter): Promise<ProjectStats> {
  return registry.projectStats();
}

async function requireProject(registry: RegistryAdapter, projectId: string): Promise<CarbonProject> {
  const project = await registry.getProject(projectId);
  if (!project) throw new AppError('NOT_FOUND', registryTexts.projectNotFound);
  return project;
}

export async function projectDetail(registry: RegistryAdapter, projectId: string): Promise<CarbonProjectDetail> {
  const project = await requireProject(registry, projectId);
  return { ...project, vcuBlocks: await registry.listVcuBlocks(projectId) };
}

function vintageOf(vintageStart: string, vintageEnd: string): string {
  const first = vintageStart.slice(0, 4);
  const last = vintageEnd.slice(0, 4);
  return first === last ? first : `${first}–${last}`;
}

function recordToVcu(record: VcuBlockRecord, project: CarbonProject): Vcu {
  return {
    id: record.id,
    serialNumber: record.serialNumber,
    registry: record.registry,
    projectId: record.projectId,
    projectName: project.name,
    vintage: vintageOf(record.vintageStart, record.vintageEnd),
    vintageStart: record.vintageStart,
    vintageEnd: record.vintageEnd,
    amount: unitsOf(record).toString(),
    status: record.status === 'released' ? 'not_imported' : record.status,
    verification: {
      status: 'verified',
      verifier: record.verifier,
      issuanceDate: record.issuanceDate,
      registryReference: record.retirementReference ?? record.registryReference,
    },
    mintAddress: record.mintAddress,
    createdAt: record.createdAt.toISOString(),
  };
}

function registryBlockToVcu(block: RegistryVcuBlock, project: CarbonProject, registry: RegistryAdapter): Vcu {
  return {
    id: null,
    serialNumber: block.serialNumber,
    registry: registry.id,
    projectId: block.projectId,
    projectName: project.name,
    vintage: vintageOf(block.vintageStart, block.vintageEnd),
    vintageStart: block.vintageStart,
    vintageEnd: block.vintageEnd,
    amount: block.units,
    status: block.status === 'issued' ? 'not_imported' : 'unavailable',
    verification: { status: 'verified', verifier: block.verifier, issuanceDate: block.issuanceDate, registryReference: null },
    mintAddress: null,
    createdAt: null,
  };
}

/**
 * The project's VCUs as the viewer sees them: the imported blocks of the viewer's company
 * (of the whole tenant for platform administrators, companyId undefined) with their state,
 * and the registry's other blocks, free to import or unavailable — another company's
 * import shows as unavailable, without its id or mint. Serial order.
 */
export async function projectVcus(tx: Tx, registry: RegistryAdapter, projectId: string, companyId: string | undefined): Promise<Vcu[]> {
  const project = await requireProject(registry, projectId);
  const [records, blocks] = await Promise.all([importedBlocksOfProject(tx, registry.id, projectId, companyId), registry.listVcuBlocks(projectId)]);
  const held = (block: RegistryVcuBlock) => {
    const start = BigInt(block.blockStart);
    const end = BigInt(block.blockEnd);
    return records.some((record) => record.blockStart <= end && record.blockEnd >= start);
  };
  const fromRegistry = blocks
    .filter((block) => !held(block))
    .map((block) => ({ start: BigInt(block.blockStart), vcu: registryBlockToVcu(block, project, registry) }));
  const own = records.map((record) => ({ start: record.blockStart, vcu: recordToVcu(record, project) }));
  return [...own, ...fromRegistry].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)).map((entry) => entry.vcu);
}

export async function importVcu(tx: Tx, registry: RegistryAdapter, actor: Actor, serialNumber: string): Promise<Vcu> {
  const record = await importVcuBlock(tx, registry, actor, serialNumber);
  return recordToVcu(record, await requireProject(registry, record.projectId));
}

/** The imported VCUs of the viewer's company (of the whole tenant when companyId is undefined) across projects, with their project names. */
export async function importedVcus(tx: Tx, registry: RegistryAdapter, query: VcuListQuery, companyId: string | undefined): Promise<Vcu[]> {
  const records = (await importedBlocks(tx, { ...query, companyId })).filter((record) => record.registry === registry.id);
  const projects = new Map<string, CarbonProject>();
  for (const projectId of new Set(records.map((record) => record.projectId))) {
    const project = await registry.getProject(projectId);
    if (project) projects.set(projectId, project);
  }
  return records.flatMap((record) => {
    const project = projects.get(record.projectId);
    return project ? [recordToVcu(record, project)] : [];
  });
}
