import { USAGE_PERIOD_SECONDS, type ApiKey, type ApiUsage, type UsagePeriod } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { companyScopeOf, type ActingApiKey, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { ApiKeyDeps } from './api-keys.commands';
import * as repository from './api-keys.repository';
import type { UsageAggregator } from './api-keys.usage';
import { percentileOf } from './api-keys.usage';
import { statusOf, toApiKey } from './api-keys.view';

export interface ApiKeyQueryDeps extends ApiKeyDeps {
  usage: UsageAggregator;
}

const TOP_ENDPOINTS = 10;

/**
 * Whether the key a caller acts with still opens the API (neither revoked nor expired, and its
 * secret not rotated away), without counting a use: long-lived connections it opened (the
 * event stream) end once it does not.
 */
export async function apiKeyIsLive(tx: Tx, key: Pick<ActingApiKey, 'id' | 'keyPrefix'>, now = Date.now()): Promise<boolean> {
  const row = await repository.findKey(tx, key.id, undefined);
  return Boolean(row && row.keyPrefix === key.keyPrefix && statusOf(row, now) === 'active');
}

/** The keys of the actor's company (every company's for platform administrators), newest first, with last use and 24 h requests. */
export async function listKeys(deps: ApiKeyQueryDeps, actor: Actor): Promise<ApiKey[]> {
  await deps.usage.flush();
  const scope = companyScopeOf(actor);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const rows = await repository.listKeys(tx, scope);
    const requests = await repository.requestsPerKey(tx, new Date(Date.now() - 86_400_000), scope);
    return rows.map((row) => toApiKey(row, requests.get(row.id) ?? 0));
  });
}

/** docs/product.md §9 usage analytics over a period, of one key or the whole company. */
export async function usageOf(deps: ApiKeyQueryDeps, actor: Actor, query: { period: UsagePeriod; keyId?: string | undefined }): Promise<ApiUsage> {
  // This process's buffered calls count at once; other processes' arrive with their next flush.
  await deps.usage.flush();
  const companyId = companyScopeOf(actor);
  const { span, bucket } = USAGE_PERIOD_SECONDS[query.period];
  const now = Date.now();
  // The first point starts on a bucket boundary, so every point covers a whole bucket.
  const since = new Date(Math.floor((now - span * 1000) / (bucket * 1000) + 1) * bucket * 1000);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    if (query.keyId && !(await repository.findKey(tx, query.keyId, companyId))) throw new AppError('API_KEY__NOT_FOUND');
    const scope = { companyId, keyId: query.keyId, since };
    const totals = await repository.usageTotals(tx, scope);
    const histogram = await repository.usageHistogram(tx, scope);
    const recorded = new Map((await repository.usageSeries(tx, scope, bucket)).map((point) => [point.at.getTime(), point]));
    const series: ApiUsage['series'] = [];
    for (let at = since.getTime(); at <= now; at += bucket * 1000) {
      const point = recorded.get(at);
      series.push({ at: new Date(at).toISOString(), requests: point?.requests ?? 0, errors: point?.errors ?? 0 });
    }
    return {
      period: query.period,
      totals: { ...totals, p50Ms: percentileOf(histogram, 50), p95Ms: percentileOf(histogram, 95), p99Ms: percentileOf(histogram, 99) },
      series,
      topEndpoints: await repository.topEndpoints(tx, scope, TOP_ENDPOINTS),
    };
  });
}
