import {
  REGISTRY_NAMES,
  SERVER_EVENTS,
  formatVerraSerial,
  parseVerraSerial,
  registryIntegrationTexts,
  type RegistryCompanyQuery,
  type RegistryConnection,
  type RegistryId,
  type RegistryLookup,
  type RegistryOverview,
  type RegistrySyncRun,
} from '@carbonledger/contracts';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import type { RealtimeGateway } from '../realtime';
import type { RegistryAdapter, RegistryProvider } from './registry.adapter';
import * as repository from './registry-integration.repository';
import { targetCompany } from './registry-import.service';
import { coversRange } from './ranges';
import { importedBlocks } from './vcu-blocks.queries';
import { liveBlocksOverlapping, unitsOf, type VcuBlockRecord } from './vcu-blocks.service';

export interface RegistrySyncDeps {
  db: Database;
  registry: RegistryProvider;
  config: Pick<AppConfig, 'registryApiUrl'>;
  live: Pick<RealtimeGateway, 'emitToCompany' | 'emitToUser'>;
  /** Queues the run's job (pg-boss); the run itself is idempotent, so a second send only repeats the checks. */
  enqueue: (job: { tenantId: string; runId: string }) => Promise<void>;
}

/** Most holdings one run checks. */
const SYNC_MAX_HOLDINGS = 2000;
/** A progress event every this many holdings (and at each project's end). */
const PROGRESS_EVERY = 25;

export function toSyncRun(run: repository.RegistrySyncRunRecord): RegistrySyncRun {
  return {
    id: run.id,
    registry: run.registry,
    companyId: run.companyId,
    status: run.status,
    total: run.total,
    processed: run.processed,
    mismatches: run.mismatches,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** The endpoint shown for the remote registry: its origin and path, never credentials in it. */
function endpointOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

async function probe(registry: RegistryAdapter): Promise<'connected' | 'unreachable'> {
  try {
    await registry.listProjects({ page: 1, pageSize: 1 });
    return 'connected';
  } catch {
    return 'unreachable';
  }
}

/**
 * The configured registries (docs/product.md §2 /registry): the embedded sandbox and the Verra-format
 * API (REGISTRY_API_URL), which one is in use, whether it answers now, and the last sync the actor may see.
 */
export async function registryOverview(deps: RegistrySyncDeps, actor: Actor): Promise<RegistryOverview> {
  const scope = companyScopeOf(actor);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const registry = deps.registry(tx);
    const checkedAt = new Date().toISOString();
    const status = await probe(registry);
    const entry = async (id: RegistryId, kind: 'sandbox' | 'api', endpoint: string | null): Promise<RegistryConnection> => {
      const active = registry.id === id;
      const lastSync = await repository.latestSync(tx, id, scope);
      return {
        id,
        name: REGISTRY_NAMES[id],
        kind,
        active,
        endpoint,
        status: active ? status : 'not_configured',
        checkedAt,
        lastSync: lastSync ? toSyncRun(lastSync) : null,
      };
    };
    const totals = await repository.holdingTotals(tx, scope);
    const unitsIn = (status: string) => totals.find((row) => row.status === status)?.units ?? '0';
    return {
      registries: [
        await entry('sandbox', 'sandbox', null),
        await entry('verra', 'api', deps.config.registryApiUrl ? endpointOf(deps.config.registryApiUrl) : null),
      ],
      holdings: {
        blocks: totals.reduce((sum, row) => sum + row.blocks, 0),
        available: unitsIn('available'),
        reserved: unitsIn('reserved'),
        tokenised: unitsIn('tokenised'),
        retired: unitsIn('retired'),
      },
    };
  });
}

function emitRun(deps: RegistrySyncDeps, tenantId: string, run: repository.RegistrySyncRunRecord): void {
  const payload = toSyncRun(run);
  if (run.companyId) deps.live.emitToCompany({ tenantId, companyId: run.companyId }, SERVER_EVENTS.registrySyncUpdate, payload);
  else if (run.requestedBy) deps.live.emitToUser(run.requestedBy, SERVER_EVENTS.registrySyncUpdate, payload);
}

/**
 * Starts a sync of the company's holdings (an administrator's without a company: the tenant's)
 * against the registry in use. One run per registry and scope at a time: asking again while one
 * runs answers that run. The checks run in the registry.sync job; progress goes out live.
 */
export async function startRegistrySync(
  deps: RegistrySyncDeps,
  actor: Actor,
  query: RegistryCompanyQuery,
): Promise<{ run: RegistrySyncRun; started: boolean }> {
  const result = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const companyId = query.companyId ? await targetCompany(tx, actor, query) : (companyScopeOf(actor) ?? null);
    const registryId = deps.registry(tx).id;
    const holdings = await importedBlocks(tx, { companyId: companyId ?? undefined, limit: SYNC_MAX_HOLDINGS });
    const run = await repository.insertRunningSync(tx, {
      tenantId: actor.tenantId,
      companyId,
      requestedBy: actor.userId,
      registry: registryId,
      total: holdings.filter((block) => block.registry === registryId).length,
    });
    if (!run) return { run: (await repository.runningSync(tx, registryId, companyId))!, started: false };
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'registry.sync_started',
      resourceType: 'registry_sync',
      resourceId: run.id,
      details: { registry: registryId, companyId, holdings: run.total },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    return { run, started: true };
  });
  if (result.started) {
    await deps.enqueue({ tenantId: actor.tenantId, runId: result.run.id });
    emitRun(deps, actor.tenantId, result.run);
  }
  return { run: toSyncRun(result.run), started: result.started };
}

export function registrySync(deps: RegistrySyncDeps, actor: Actor, id: string): Promise<RegistrySyncRun> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const run = await repository.findSync(tx, id);
    const scope = companyScopeOf(actor);
    if (!run || (scope !== undefined && run.companyId !== scope)) throw new AppError('NOT_FOUND', registryIntegrationTexts.syncNotFound);
    return toSyncRun(run);
  });
}

/** What the registry should say of a holding: locked while the platform holds it, retired once retired. */
function expectedRegistryStatus(block: VcuBlockRecord): 'locked' | 'retired' {
  return block.status === 'retired' ? 'retired' : 'locked';
}

/**
 * The registry.sync job: each holding of the run's scope checked against the registry's blocks
 * (one registry read per project). Idempotent: it recomputes from the registry every time, and a
 * run already finished is left as it is. A registry that stops answering fails the run with the
 * registry's text; the holdings are never changed by a sync.
 */
export async function runRegistrySync(deps: RegistrySyncDeps, job: { tenantId: string; runId: string }): Promise<void> {
  const { tenantId, runId } = job;
  const run = await deps.db.withTenant(tenantId, (tx) => repository.findSync(tx, runId));
  if (!run || run.status !== 'running') return;
  const update = async (change: Parameters<typeof repository.updateSync>[2]) => {
    const updated = await deps.db.withTenant(tenantId, (tx) => repository.updateSync(tx, runId, change));
    emitRun(deps, tenantId, updated);
  };
  try {
    const holdings = (
      await deps.db.withTenant(tenantId, (tx) => importedBlocks(tx, { companyId: run.companyId ?? undefined, limit: SYNC_MAX_HOLDINGS }))
    ).filter((block) => block.registry === run.registry);
    const mismatches: RegistrySyncRun['mismatches'] = [];
    let processed = 0;
    await update({ total: holdings.length, processed: 0, mismatches: [] });
    const byProject = new Map<string, VcuBlockRecord[]>();
    for (const block of holdings) byProject.set(block.projectId, [...(byProject.get(block.projectId) ?? []), block]);
    for (const [projectId, blocks] of byProject) {
      const registryBlocks = await deps.db.withTenant(tenantId, async (tx) => {
        const registry = deps.registry(tx);
        if (registry.id !== run.registry) throw new AppError('SERVICE_UNAVAILABLE', 'The registry in use changed while the sync ran');
        return (await registry.listVcuBlocks(projectId)).map((block) => ({ ...block, blockStart: BigInt(block.blockStart), blockEnd: BigInt(block.blockEnd) }));
      });
      for (const block of blocks) {
        const covering = registryBlocks.filter((candidate) => candidate.blockStart <= block.blockEnd && candidate.blockEnd >= block.blockStart);
        const expected = expectedRegistryStatus(block);
        if (!coversRange(covering, block.blockStart, block.blockEnd)) {
          mismatches.push({ serialNumber: block.serialNumber, holdingStatus: block.status, registryStatus: 'missing' });
        } else {
          const differing = covering.find((candidate) => candidate.status !== expected);
          if (differing) mismatches.push({ serialNumber: block.serialNumber, holdingStatus: block.status, registryStatus: differing.status });
        }
        processed += 1;
        if (processed % PROGRESS_EVERY === 0) await update({ processed, mismatches });
      }
      await update({ processed, mismatches });
    }
    await update({ status: 'completed', processed, mismatches, finishedAt: new Date() });
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The registry sync stopped on an unexpected error';
    await update({ status: 'failed', error: message.slice(0, 1000), finishedAt: new Date() });
    if (!(error instanceof AppError)) throw error;
  }
}

/** Holds of a range as the lookup shows them: the actor's company's in full, another company's without id or mint. */
function holdingOf(block: VcuBlockRecord, scope: string | undefined): RegistryLookup['holdings'][number] {
  const ownCompany = scope === undefined || block.companyId === scope;
  return {
    id: ownCompany ? block.id : null,
    serialNumber: block.serialNumber,
    status: block.status === 'released' ? 'available' : block.status,
    ownCompany,
    mintAddress: ownCompany ? block.mintAddress : null,
    retiredOn: block.retiredOn,
  };
}

/** Serial-number lookup: the registry's blocks and this tenant's holdings that overlap the range. */
export function lookupSerial(deps: RegistrySyncDeps, actor: Actor, serialNumber: string): Promise<RegistryLookup> {
  const parsed = parseVerraSerial(serialNumber);
  if (!parsed.ok) throw AppError.validation({ serialNumber: parsed.errors.map((error) => error.message) });
  const serial = parsed.serial;
  const scope = companyScopeOf(actor);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const registry = deps.registry(tx);
    // One after the other: a transaction's connection runs one query at a time.
    const project = await registry.getProject(serial.projectId);
    const blocks = await registry.listVcuBlocks(serial.projectId);
    const held = await liveBlocksOverlapping(tx, registry.id, serial);
    return {
      serialNumber: formatVerraSerial(serial),
      projectId: serial.projectId,
      projectName: project?.name ?? null,
      units: unitsOf(serial).toString(),
      vintageStart: serial.vintageStart,
      vintageEnd: serial.vintageEnd,
      country: serial.country,
      registryBlocks: blocks.filter((block) => BigInt(block.blockStart) <= serial.blockEnd && BigInt(block.blockEnd) >= serial.blockStart),
      holdings: held.map((block) => holdingOf(block, scope)),
    };
  });
}
