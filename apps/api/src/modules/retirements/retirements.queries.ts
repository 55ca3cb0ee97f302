import type { z } from 'zod';
import type { Retirement, RetirementList, RetirementStats, retirementListQuery } from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { LIST_COUNT_LIMIT, pageRows, windowedTotal } from '../../lib/list-window';
import { viewOf, visibleTo, type RetirementDeps } from './retirements.context';
import { reconcileRetirement } from './retirements.lifecycle';
import * as repository from './retirements.repository';
import { toRetirement } from './retirements.view';

/** One read for a settled retirement; one still in flight is reconciled with the chain first and read again. */
export async function getRetirement(deps: RetirementDeps, actor: Actor, id: string): Promise<Retirement> {
  const view = visibleTo(actor, await deps.context.db.withTenant(actor.tenantId, (tx) => repository.findRetirementView(tx, id)));
  if (view.status !== 'processing' && view.status !== 'pending' && view.status !== 'awaiting_signature') return toRetirement(deps, view);
  await reconcileRetirement(deps, actor.tenantId, id, 'observe');
  return viewOf(deps, actor.tenantId, id);
}

export async function listRetirements(deps: RetirementDeps, actor: Actor, query: z.output<typeof retirementListQuery>): Promise<RetirementList> {
  const companyId = companyScopeOf(actor) ?? query.companyId;
  const { rows, matching } = await deps.context.db.withTenant(actor.tenantId, (tx) =>
    repository.listRetirementViews(tx, { companyId, status: query.status }, pageRows(query), LIST_COUNT_LIMIT),
  );
  return { items: rows.map((row) => toRetirement(deps, row)), ...windowedTotal(matching), page: query.page, pageSize: query.pageSize };
}

export async function retirementStatsOf(deps: RetirementDeps, actor: Actor, companyId?: string): Promise<RetirementStats> {
  const scope = companyScopeOf(actor) ?? companyId;
  const stats = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.retirementStats(tx, scope));
  const totalRetired = stats.retired.reduce((total, group) => total + group.amount / 10n ** BigInt(group.decimals), 0n);
  return { totalRetired: totalRetired.toString(), certificates: stats.certificates, transactions: stats.transactions };
}
