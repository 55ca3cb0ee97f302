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
