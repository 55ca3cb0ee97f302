import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { rowsOf } from '../../db/database';
import { apiKeys, apiKeyUsage } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;
export type UsageRow = typeof apiKeyUsage.$inferInsert;

export async function insertKey(tx: Tx, row: NewApiKeyRow): Promise<ApiKeyRow> {
  const [inserted] = await tx.insert(apiKeys).values(row).returning();
  return inserted!;
}

/** The key a presented secret names, in any tenant (run as the system: the tenant is not known yet). */
export async function findKeyByPublicId(tx: Tx, publicId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.publicId, publicId));
  return row;
}

export async function findKey(tx: Tx, id: string, companyId: string | undefined): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), companyId ? eq(apiKeys.companyId, companyId) : undefined));
  return row;
}

export async function listKeys(tx: Tx, companyId: string | undefined): Promise<ApiKeyRow[]> {
  return tx
    .select()
    .from(apiKeys)
    .where(companyId ? eq(apiKeys.companyId, companyId) : undefined)
    .orderBy(desc(apiKeys.createdAt));
}

export async function updateKey(tx: Tx, id: string, changes: Partial<NewApiKeyRow>): Promise<ApiKeyRow> {
  const [row] = await tx.update(apiKeys).set(changes).where(eq(apiKeys.id, id)).returning();
  return row!;
}

export async function touchLastUsed(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, ${at}), ${at})` })
    .where(eq(apiKeys.id, id));
}

/** Adds a flush's counts to the minute's row (histograms added bucket by bucket). */
export async function addUsage(tx: Tx, rows: UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(apiKeyUsage)
    .values(rows)
    .onConflictDoUpdate({
      target: [apiKeyUsage.apiKeyId, apiKeyUsage.minute, apiKeyUsage.method, apiKeyUsage.route],
      set: {
        requests: sql`${apiKeyUsage.requests} + excluded.requests`,
        errors: sql`${apiKeyUsage.errors} + excluded.errors`,
        latencyHistogram: sql`(select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i) from unnest(${apiKeyUsage.latencyHistogram}, excluded.latency_histogram) with ordinality as h(a, b, i))`,
      },
    });
}

export async function deleteUsageBefore(tx: Tx, before: Date): Promise<void> {
  await tx.delete(apiKeyUsage).where(lt(apiKeyUsage.minute, before));
}

export interface UsageScope {
  companyId: string | undefined;
  keyId: string | undefined;
  since: Date;
}

function scopeWhere(scope: UsageScope): SQL {
  return and(
    sql`${apiKeyUsage.minute} >= ${scope.since.toISOString()}`,
    scope.companyId ? eq(apiKeyUsage.companyId, scope.companyId) : undefined,
    scope.keyId ? eq(apiKeyUsage.apiKeyId, scope.keyId) : undefined,
  )!;
}

export async function usageTotals(tx: Tx, scope: UsageScope): Promise<{ requests: number; errors: number }> {
  const [row] = await tx
    .select({ requests: sql<string>`coalesce(sum(${apiKeyUsage.requests}), 0)`, errors: sql<string>`coalesce(sum(${apiKeyUsage.errors}), 0)` })
    .from(apiKeyUsage)
    .where(scopeWhere(scope));
  return { requests: Number(row?.requests ?? 0), errors: Number(row?.errors ?? 0) };
}

/** The histograms of the scope summed bucket by bucket (index 0 first). */
export async function usageHistogram(tx: Tx, scope: UsageScope): Promise<number[]> {
  const rows = rowsOf<{ i: string; n: string }>(
    await tx.execute(sql`
      select h.i, sum(h.n) as n from ${apiKeyUsage}, unnest(${apiKeyUsage.latencyHistogram}) with ordinality as h(n, i)
      where ${scopeWhere(scope)} group by h.i order by h.i`),
  );
  const histogram: number[] = [];
  for (const row of rows) histogram[Number(row.i) - 1] = Number(row.n);
  return Array.from(histogram, (n) => n ?? 0);
}

export async function usageSeries(tx: Tx, scope: UsageScope, bucketSeconds: number): Promise<{ at: Date; requests: number; errors: number }[]> {
  const rows = rowsOf<{ bucket: string; requests: string; errors: string }>(
    await tx.execute(sql`
      select floor(extract(epoch from ${apiKeyUsage.minute}) / ${bucketSeconds})::bigint as bucket,
        sum(${apiKeyUsage.requests}) as requests, sum(${apiKeyUsage.errors}) as errors
      from ${apiKeyUsage} where ${scopeWhere(scope)} group by 1 order by 1`),
  );
  return rows.map((row) => ({ at: new Date(Number(row.bucket) * bucketSeconds * 1000), requests: Number(row.requests), errors: Number(row.errors) }));
}

export async function topEndpoints(tx: Tx, scope: UsageScope, limit: number) {
  const rows = await tx
    .select({
      method: apiKeyUsage.method,
      route: apiKeyUsage.route,
      requests: sql<string>`sum(${apiKeyUsage.requests})`,
      errors: sql<string>`sum(${apiKeyUsage.errors})`,
    })
    .from(apiKeyUsage)
    .where(scopeWhere(scope))
    .groupBy(apiKeyUsage.method, apiKeyUsage.route)
    .orderBy(sql`sum(${apiKeyUsage.requests}) desc`, apiKeyUsage.route)
    .limit(limit);
  return rows.map((row) => ({ method: row.method, route: row.route, requests: Number(row.requests), errors: Number(row.errors) }));
}

/** Requests per key since a moment, for the list's usage column. */
export async function requestsPerKey(tx: Tx, since: Date, companyId: string | undefined): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: apiKeyUsage.apiKeyId, requests: sql<string>`sum(${apiKeyUsage.requests})` })
    .from(apiKeyUsage)
    .where(and(sql`${apiKeyUsage.minute} >= ${since.toISOString()}`, companyId ? eq(apiKeyUsage.companyId, companyId) : undefined))
    .groupBy(apiKeyUsage.apiKeyId);
  return new Map(rows.map((row) => [row.id, Number(row.requests)]));
}
