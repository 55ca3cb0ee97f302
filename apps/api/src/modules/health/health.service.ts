import type { FastifyInstance } from 'fastify';
import type { ComponentHealth, HealthReport, LivenessReport, ReadinessReport } from '@carbonledger/contracts';
import { pingRedis } from '../../lib/redis';

const VERSION = process.env.npm_package_version ?? '0.1.0';
const CHECK_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<string>): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    const detail = await Promise.race([check(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);
    return { status: 'up', detail, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error), latencyMs: Math.round(performance.now() - started) };
  }
}

export async function checkHealth(app: FastifyInstance): Promise<HealthReport> {
  const [database, chain, jobs, realtime] = await Promise.all([
    probe(async () => {
      await app.db.ping();
      return app.db.kind;
    }),
    probe(async () => {
      const health = await app.chain.health();
      return `${health.driver} slot ${health.slot}`;
    }),
    probe(async () => {
      const queues = await app.jobs.getQueues();
      return `${queues.length} queues`;
    }),
    // A worker serves no sockets (ROLE=worker), which is its normal state, not an outage.
    probe(async () => (app.config.role === 'worker' ? 'not served (ROLE=worker)' : `${app.realtime.engine.clientsCount} clients`)),
  ]);
  const components = { database, chain, jobs, realtime };
  const allUp = Object.values(components).every((component) => component.status === 'up');
  return { status: allUp ? 'ok' : 'degraded', version: VERSION, uptimeSeconds: Math.round(process.uptime()), components };
}

export function checkLiveness(): LivenessReport {
  return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
}

/**
 * Whether this process should get traffic: what a request needs (database, chain, Redis when
 * configured) answers, and the process is not draining for a shutdown.
 */
export async function checkReadiness(app: FastifyInstance, options: { draining: boolean }): Promise<ReadinessReport> {
  const redisUrl = app.config.redisUrl;
  const [database, chain, redis] = await Promise.all([
    probe(async () => {
      await app.db.ping();
      return app.db.kind;
    }),
    probe(async () => {
      const health = await app.chain.health();
      return `${health.driver} slot ${health.slot}`;
    }),
    redisUrl
      ? probe(async () => {
          await pingRedis(redisUrl);
          return 'PONG';
        })
      : undefined,
  ]);
  const components = { database, chain, ...(redis ? { redis } : {}) };
  const allUp = Object.values(components).every((component) => component.status === 'up');
  return { status: allUp && !options.draining ? 'ready' : 'not_ready', components };
}
