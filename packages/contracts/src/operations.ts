import { z } from 'zod';

/**
 * Operations screens of docs/product.md §2 (Jobs Monitor, Cache Dashboard, System Metrics):
 * the deployment's job queues, cache and process figures. They are the platform's, not a
 * tenant's, so the platform company's administrators (exactly ADMIN or SUPER_ADMIN) see them.
 */
export const operationsTexts = {
  platformOnly: 'Only administrators of the platform company see the operations screens.',
  jobNotFound: 'The job was not found.',
  jobNotRetryable: 'Only a failed job can be retried.',
  jobNotCancellable: 'Only a pending job can be cancelled.',
  queueNotFound: 'The queue was not found.',
  cancelledJob: 'Cancelled by an administrator.',
} as const;

/** docs/product.md §4 job statuses. */
export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed', 'retrying'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** The Jobs Monitor tabs: Active Jobs (pending, running, retrying), Job History (finished), Failed Jobs. */
export const jobViewSchema = z.enum(['active', 'history', 'failed']);
export type JobView = z.infer<typeof jobViewSchema>;

const queueName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/, 'must be a queue name');

export const jobListQuery = z.object({
  view: jobViewSchema.default('active'),
  queue: queueName.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type JobListQuery = z.input<typeof jobListQuery>;

/** docs/product.md §3 Job. */
export const jobSchema = z.object({
  id: z.uuid(),
  /** What the job is about: its singleton key (the record it works on) or, without one, its queue. */
  name: z.string(),
  queue: z.string(),
  status: jobStatusSchema,
  /** Percent done: 100 once completed; before that what the queue's feature reports (a batch mint's chunks), else 0. */
  progress: z.number().int().min(0).max(100),
  attempts: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  errorMessage: z.string().nullable(),
  data: z.unknown(),
  result: z.unknown(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobListSchema = z.array(jobSchema);

export const jobQueueSchema = z.object({
  name: z.string(),
  paused: z.boolean(),
  pausedAt: z.iso.datetime().nullable(),
  counts: z.object({
    pending: z.number().int().nonnegative(),
    running: z.number().int().nonnegative(),
    retrying: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;
export const jobQueueListSchema = z.array(jobQueueSchema);

export const jobIdParams = z.object({ id: z.uuid() });
export const queueNameParams = z.object({ name: queueName });

/** docs/product.md §3 Cache key. */
export const cacheKeySchema = z.object({
  key: z.string(),
  /** What the value is (a JSON object, array, string, number…); on Redis the key's Redis type is `string`. */
  type: z.string(),
  /** Seconds left, null when the key does not expire. */
  ttlSeconds: z.number().int().nullable(),
  memoryBytes: z.number().int().nonnegative(),
  lastAccessAt: z.iso.datetime().nullable(),
});
export type CacheKey = z.infer<typeof cacheKeySchema>;

export const cacheKeysQuery = z.object({
  /** A glob: `*` any run of characters, `?` one. */
  pattern: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w:.*?-]+$/, 'must be letters, digits, : . - _ and the wildcards * ?')
    .default('*'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const cacheKeyListSchema = z.object({ keys: z.array(cacheKeySchema), truncated: z.boolean() });
export type CacheKeyList = z.infer<typeof cacheKeyListSchema>;

export const cachePatternSchema = z.object({ pattern: z.string(), keys: z.number().int().nonnegative(), memoryBytes: z.number().int().nonnegative() });
export type CachePattern = z.infer<typeof cachePatternSchema>;

export const cacheStatsSchema = z.object({
  backend: z.enum(['memory', 'redis']),
  keys: z.number().int().nonnegative(),
  memoryBytes: z.number().int().nonnegative(),
  /** The cache's memory limit (in-process), or Redis's maxmemory (0: none). */
  maxMemoryBytes: z.number().int().nonnegative(),
  hits: z.number().int().nonnegative(),
  misses: z.number().int().nonnegative(),
  /** hits / (hits + misses) of this process since it started, null before the first read. */
  hitRatio: z.number().min(0).max(1).nullable(),
  defaultTtlSeconds: z.number().int().positive(),
  patterns: z.array(cachePatternSchema),
});
export type CacheStats = z.infer<typeof cacheStatsSchema>;

/** A key the product's cache holds: the same characters its keys are made of (a NUL or a control character is no key). */
export const cacheKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[\w:.@/=-]+$/, 'must be letters, digits and : . @ / = - _'),
});
export const cacheDeletePatternRequest = z.object({ pattern: cacheKeysQuery.shape.pattern.unwrap() });
export const cacheDeletedSchema = z.object({ deleted: z.number().int().nonnegative() });

/** Per route figures of the Performance tab (a sliding window of the last minute, percentiles over ten minutes). */
export const routeMetricsSchema = z.object({
  method: z.string(),
  route: z.string(),
  requestsPerMinute: z.number().nonnegative(),
  errorRate: z.number().min(0).max(1),
  total: z.number().int().nonnegative(),
  p50Ms: z.number().nonnegative().nullable(),
  p95Ms: z.number().nonnegative().nullable(),
  p99Ms: z.number().nonnegative().nullable(),
});
export type RouteMetrics = z.infer<typeof routeMetricsSchema>;

export const metricsSnapshotSchema = z.object({
  timestamp: z.iso.datetime(),
  performance: z.object({
    requestsPerMinute: z.number().nonnegative(),
    errorRate: z.number().min(0).max(1),
    p50Ms: z.number().nonnegative().nullable(),
    p95Ms: z.number().nonnegative().nullable(),
    p99Ms: z.number().nonnegative().nullable(),
    routes: z.array(routeMetricsSchema),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).nullable(),
    sizeBytes: z.number().int().nonnegative().nullable(),
    slowQueries: z.array(z.object({ query: z.string(), durationMs: z.number().nonnegative(), state: z.string() })),
  }),
  network: z.object({
    connectedSockets: z.number().int().nonnegative(),
    connectedUsers: z.number().int().nonnegative(),
    bytesIn: z.number().int().nonnegative(),
    bytesOut: z.number().int().nonnegative(),
    bytesInPerSecond: z.number().nonnegative(),
    bytesOutPerSecond: z.number().nonnegative(),
  }),
  system: z.object({
    cpuPercent: z.number().nonnegative(),
    loadAverage: z.array(z.number()),
    rssBytes: z.number().int().nonnegative(),
    heapUsedBytes: z.number().int().nonnegative(),
    heapTotalBytes: z.number().int().nonnegative(),
    totalMemoryBytes: z.number().int().nonnegative(),
    freeMemoryBytes: z.number().int().nonnegative(),
    eventLoopLagMs: z.number().nonnegative(),
    uptimeSeconds: z.number().nonnegative(),
  }),
});
export type MetricsSnapshot = z.infer<typeof metricsSnapshotSchema>;
