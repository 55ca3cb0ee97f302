import { z } from 'zod';

export const componentStatus = z.enum(['up', 'down']);

export const componentHealth = z.object({
  status: componentStatus,
  detail: z.string(),
  latencyMs: z.number().nonnegative(),
});

export const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  components: z.object({
    database: componentHealth,
    chain: componentHealth,
    jobs: componentHealth,
    realtime: componentHealth,
  }),
});

export type ComponentHealth = z.infer<typeof componentHealth>;
export type HealthReport = z.infer<typeof healthReport>;

/** GET /health/live: the process answers (an orchestrator restarts it when it stops answering). */
export const livenessReport = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().nonnegative(),
});

/**
 * GET /health/ready: whether this process should get traffic; the database, the chain and,
 * when REDIS_URL is set, Redis are checked (`redis` is absent without it).
 */
export const readinessReport = z.object({
  status: z.enum(['ready', 'not_ready']),
  components: z.object({
    database: componentHealth,
    chain: componentHealth,
    redis: componentHealth.optional(),
  }),
});

export type LivenessReport = z.infer<typeof livenessReport>;
export type ReadinessReport = z.infer<typeof readinessReport>;
