import type { MetricsSnapshot, SystemStatsPayload } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { queueSummaries } from './jobs-monitor.service';
import type { MetricsCollector } from './metrics.collector';
import { assertPlatformOperator } from './operations.access';

export interface MetricsDeps {
  db: Database;
  metrics: MetricsCollector;
}

export async function metricsSnapshot(deps: MetricsDeps, actor: Actor): Promise<MetricsSnapshot> {
  await assertPlatformOperator(deps.db, actor);
  return deps.metrics.snapshot();
}

/** What system_stats and system_stats_update add for the platform company's administrators: System Metrics and the job queues. */
export async function operationsStats(deps: MetricsDeps): Promise<NonNullable<SystemStatsPayload['operations']>> {
  const [metrics, queues] = await Promise.all([deps.metrics.snapshot(), queueSummaries(deps.db)]);
  return { metrics, queues };
}
