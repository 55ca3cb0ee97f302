import type { OffsetRequest, OffsetRequestList, OffsetRequestStatus, OffsetToken } from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import { requireRequest, scopeOf, viewOf, type OffsetDeps } from './offsets.context';
import * as repository from './offsets.repository';
import { statusFilterOf, toOffsetRequest } from './offsets.view';

/** The requests the reader may see (offsets.context.ts scopeOf), newest first. */
export async function listOffsetRequests(
  deps: OffsetDeps,
  actor: Actor,
  query: { status?: OffsetRequestStatus; page: number; pageSize: number },
): Promise<OffsetRequestList> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { rows, total } = await repository.listRequestViews(tx, await scopeOf(tx, actor), statusFilterOf(query.status), {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map((row) => toOffsetRequest(row, deps.publicBaseUrl)), total, page: query.page, pageSize: query.pageSize };
  });
}

export async function getOffsetRequest(deps: OffsetDeps, actor: Actor, id: string): Promise<OffsetRequest> {
  await deps.db.withTenant(actor.tenantId, (tx) => requireRequest(tx, actor, id));
  return viewOf(deps, actor.tenantId, id);
}

/** What a request may name: every project token of the tenant (the platform sources any of them). */
export async function offsetTokens(deps: OffsetDeps, actor: Actor): Promise<OffsetToken[]> {
  return deps.db.withTenant(actor.tenantId, (tx) => repository.projectTokens(tx));
}
