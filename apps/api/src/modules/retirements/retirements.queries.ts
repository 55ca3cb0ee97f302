import type { z } from 'zod';
import type { Retirement, RetirementList, RetirementStats, retirementListQuery } from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
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
  const { rows, total } = await deps.context.db.withTenant(actor.tenantId, (tx) =>
    repository.listRetirementViews(tx, { companyId, status: query.status }, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  );
  return { items: rows.map((row) => toRetirement(deps, row)), total, page: query.page, pageSize: query.pageSize };
}

export async function retirementStatsOf(deps: RetirementDeps, actor: Actor, companyId?: string): Promise<RetirementStats> {
  const scope = companyScopeOf(actor) ?? companyId;
  const stats = await deps.context.db.withTenant(actor.tenantId, (tx) => repository.retirementStats(tx, scope));
  const totalRetired = stats.retired.reduce((total, group) => total + group.amount / 10n ** BigInt(group.decimals), 0n);
  return { totalRetired: totalRetired.toString(), certificates: stats.certificates, transactions: stats.transactions };
}
