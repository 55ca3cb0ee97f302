// The exception queue and the per-project summary, read in the reader's scope (docs/reconciliation.md "The queue").
import { address } from '@solana/kit';
import type { ChainClient } from '@carbonledger/chain';
import {
  alertSeveritiesOf,
  discrepancySeverityOf,
  RESTRICTED_ROUTES,
  type Discrepancy,
  type DiscrepancyList,
  type DiscrepancyListQuery,
  type ReconciliationRun,
  type ReconciliationSummary,
} from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ledgerRange } from './reconciliation.findings';
import { publicOptions, resolutionOptions } from './reconciliation.policy';
import * as repository from './reconciliation.repository';

export function toDiscrepancy(row: repository.DiscrepancyViewRow, now = new Date()): Discrepancy {
  const until = row.resolvedAt ?? now;
  return {
    id: row.id,
    type: row.type,
    severity: discrepancySeverityOf(row.severity),
    entityType: row.entityType,
    entityId: row.entityId,
    companyId: row.companyId,
    tokenMint: row.tokenMint,
    project: row.project,
    description: row.description,
    expected: row.expected,
    actual: row.actual,
    detectedAt: row.detectedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    status: row.status,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    ageSeconds: Math.max(0, Math.floor((until.getTime() - row.detectedAt.getTime()) / 1000)),
    resolution: row.resolution,
    resolutionReason: row.resolutionReason,
    approvalId: row.approvalId,
    resolutions: publicOptions(resolutionOptions(row)),
  };
}

/** Platform administrators see the tenant's discrepancies; the other reconciliation roles those of their company. */
export async function listDiscrepancies(tx: Tx, viewer: Pick<Actor, 'companyId' | 'role' | 'userId'>, query: DiscrepancyListQuery): Promise<DiscrepancyList> {
  const { rows, total } = await repository.listDiscrepancies(
    tx,
    {
      companyId: companyScopeOf(viewer),
      status: query.status,
      type: query.type,
      severities: query.severity ? alertSeveritiesOf(query.severity) : undefined,
      search: query.search || undefined,
      assigneeId: query.assignedToMe ? viewer.userId : undefined,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const now = new Date();
  return { items: rows.map((row) => toDiscrepancy(row, now)), total, page: query.page, pageSize: query.pageSize };
}

/** The discrepancy if the reader may see it; another company's (or a tenant-wide one for a company reader) is not found. */
export async function visibleDiscrepancy(tx: Tx, viewer: Pick<Actor, 'companyId' | 'role'>, id: string): Promise<repository.DiscrepancyViewRow> {
  const row = await repository.findDiscrepancyView(tx, id);
  const scope = companyScopeOf(viewer);
  if (!row || (scope !== undefined && row.companyId !== scope)) throw AppError.notFound('Discrepancy');
  return row;
}

export async function discrepancyView(db: Database, tenantId: string, id: string): Promise<Discrepancy> {
  const row = await db.withTenant(tenantId, (tx) => repository.findDiscrepancyView(tx, id));
  if (!row) throw AppError.notFound('Discrepancy');
  return toDiscrepancy(row);
}

export function toRun(row: repository.RunRow): ReconciliationRun {
  return {
    id: row.id,
    phase: row.phase,
    checked: row.checked,
    total: row.total,
    opened: row.opened,
    seenAgain: row.seenAgain,
    error: row.error,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Per project and vintage (one token mint each): the ledger, the chain's supply read now, their
 * delta, and the registry's VCUs. A company reader sees the mints its company tokenised into.
 */
export async function reconciliationSummary(deps: { db: Database; chain: ChainClient }, actor: Actor): Promise<ReconciliationSummary> {
  const scope = companyScopeOf(actor);
  const { ledgers, counts, lastRun } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const all = await repository.mintLedgers(tx, { tenantId: actor.tenantId });
    const mine = scope ? await repository.mintsOfCompany(tx, scope) : null;
    return {
      ledgers: mine ? all.filter((row) => mine.has(row.mintAddress)) : all,
      counts: await repository.openCountsByMint(tx, scope),
      lastRun: await repository.latestRun(tx),
    };
  });
  const supplies = await Promise.all(ledgers.map((row) => deps.chain.getMint(address(row.mintAddress))));
  return {
    projects: ledgers.map((row, index) => {
      const ledger = ledgerRange(row).expected;
      const supply = supplies[index]?.supply ?? null;
      return {
        tokenMint: row.mintAddress,
        project: row.name,
        symbol: row.symbol,
        vintage: row.vintage,
        decimals: row.decimals,
        ledger: ledger.toString(),
        chain: supply?.toString() ?? null,
        delta: ((supply ?? 0n) - ledger).toString(),
        registryLocked: row.registryLocked.toString(),
        registryRetired: row.registryRetired.toString(),
        openDiscrepancies: counts.get(row.mintAddress) ?? 0,
      };
    }),
    lastRun: lastRun ? toRun(lastRun) : null,
  };
}

/** Who a reader may assign: active users who may open /reconciliation, of the reader's company unless the reader acts tenant-wide. */
export async function reconciliationAssignees(tx: Tx, actor: Actor) {
  const rows = await repository.assignableUsers(tx, RESTRICTED_ROUTES['/reconciliation'], companyScopeOf(actor));
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email, role: row.role }));
}
