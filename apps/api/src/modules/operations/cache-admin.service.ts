import type { AuditAction, CacheKeyList, CachePattern, CacheStats } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import type { Cache, CacheEntryInfo } from '../../lib/cache';
import { recordAudit } from '../audit';
import { assertPlatformOperator } from './operations.access';

export interface CacheAdminDeps {
  db: Database;
  cache: Cache;
}

/** How many keys the Key Patterns and Memory Analysis tabs group, at most. */
const PATTERN_SCAN_LIMIT = 10_000;

/** Keys are `area:kind:…` (e.g. `projects:list:<tenant>:<query>`): a pattern is the first two parts and a wildcard. */
function patternOf(key: string): string {
  const parts = key.split(':');
  return parts.length > 2 ? `${parts.slice(0, 2).join(':')}:*` : key;
}

function patternsOf(entries: CacheEntryInfo[]): CachePattern[] {
  const groups = new Map<string, CachePattern>();
  for (const entry of entries) {
    const pattern = patternOf(entry.key);
    const group = groups.get(pattern) ?? { pattern, keys: 0, memoryBytes: 0 };
    group.keys += 1;
    group.memoryBytes += entry.memoryBytes;
    groups.set(pattern, group);
  }
  return [...groups.values()].sort((a, b) => b.memoryBytes - a.memoryBytes);
}

export async function cacheStats(deps: CacheAdminDeps, actor: Actor): Promise<CacheStats> {
  await assertPlatformOperator(deps.db, actor);
  const [counters, listing] = await Promise.all([deps.cache.counters(), deps.cache.list('*', PATTERN_SCAN_LIMIT)]);
  const reads = counters.hits + counters.misses;
  return {
    backend: deps.cache.backend,
    keys: counters.keys,
    memoryBytes: counters.memoryBytes,
    maxMemoryBytes: counters.maxMemoryBytes,
    hits: counters.hits,
    misses: counters.misses,
    hitRatio: reads > 0 ? counters.hits / reads : null,
    defaultTtlSeconds: deps.cache.defaultTtlSeconds,
    patterns: patternsOf(listing.entries),
  };
}

export async function cacheKeys(deps: CacheAdminDeps, actor: Actor, query: { pattern: string; limit: number }): Promise<CacheKeyList> {
  await assertPlatformOperator(deps.db, actor);
  const { entries, truncated } = await deps.cache.list(query.pattern, query.limit);
  return { keys: entries.map((entry) => ({ ...entry, lastAccessAt: entry.lastAccessAt?.toISOString() ?? null })), truncated };
}

async function audited(deps: CacheAdminDeps, actor: Actor, action: AuditAction, details: Record<string, unknown>) {
  await deps.db.withTenant(actor.tenantId, (tx) =>
    recordAudit(tx, { tenantId: actor.tenantId, actorUserId: actor.userId, action, resourceType: 'cache', details, ip: actor.ip, requestId: actor.requestId }),
  );
}

/** A deleted key is read again from its source on the next request: deleting never loses data. */
export async function deleteCacheKey(deps: CacheAdminDeps, actor: Actor, key: string): Promise<{ deleted: number }> {
  await assertPlatformOperator(deps.db, actor);
  const deleted = (await deps.cache.delete(key)) ? 1 : 0;
  await audited(deps, actor, 'cache.key_deleted', { key, deleted });
  return { deleted };
}

export async function deleteCachePattern(deps: CacheAdminDeps, actor: Actor, pattern: string): Promise<{ deleted: number }> {
  await assertPlatformOperator(deps.db, actor);
  const deleted = await deps.cache.deleteMatching(pattern);
  await audited(deps, actor, 'cache.pattern_deleted', { pattern, deleted });
  return { deleted };
}
