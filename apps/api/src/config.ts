import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
/** OTLP over HTTP only: the gRPC exporter would bring @grpc/grpc-js for what a collector also accepts over HTTP. */
const otlpProtocol = z.enum(['http/protobuf', 'http/json'], { error: 'must be http/protobuf or http/json (grpc is not supported)' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_APP_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SOLANA_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SOLANA_WS_URL: z.url({ protocol: /^wss?$/ }).optional(),
  SOLANA_CLUSTER: z.enum(['devnet', 'testnet', 'mainnet-beta', 'localnet']).default('devnet'),
  SOLANA_COMMITMENT: z.enum(['confirmed', 'finalized']).default('confirmed'),
  SOLANA_EXPLORER_URL: z.url({ protocol: /^https?$/ }).default('https://explorer.solana.com'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  // Bearer token for the Prometheus scrape of GET /metrics; unset, only loopback clients may scrape.
  METRICS_TOKEN: z.string().min(16).optional(),
  SEED_DEMO: booleanFlag.optional(),
  SEED_DEMO_HOLDINGS: booleanFlag.optional(),
  DEMO_PASSWORD: z.string().min(8).default('Demo!2345'),
  JWT_SECRET: z.string().min(32).optional(),
  MASTER_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 64 hexadecimal characters')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().int().min(1).default(12),
  CHAIN_SNAPSHOT_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  AUDIT_ANCHOR_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  RECONCILIATION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  WEB_DIST_DIR: z.string().optional(),
  // No proxy is assumed: believing X-Forwarded-For from loopback would let any local client pick its own rate-limit bucket.
  TRUST_PROXY: z.string().min(1).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SENTRY_DSN: z.url().optional(),
  // Web Push (RFC 8292) application server keys, base64url; without them a pair is generated once into DATA_DIR/secrets.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  // Host[:port] as a Host header names it (lower case, the port unless it is the scheme's default).
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.length > 0 && hosts.every((host) => /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host)),
      'must be host or host:port names, comma-separated',
    )
    .optional(),
  REGISTRY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  REGISTRY_API_KEY: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** A live carbon-price feed (CSV `date,price` or JSON `[{date, price}]`, NZD/t NZU); without it the embedded series (modules/market/data). */
  MARKET_DATA_URL: z.url({ protocol: /^https?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Carbonledger <no-reply@carbonledger.local>'),
  // Seconds between a webhook delivery's attempts (docs/product.md §2 /webhooks): the Standard Webhooks schedule, ~27 h in all.
  WEBHOOK_RETRY_SCHEDULE_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'must be comma-separated numbers of seconds')
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((value) => value.split(',').map(Number)),
  WEBHOOK_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // Lets production webhooks reach private addresses over http (an on-premises receiver, the e2e run); off by default (SSRF).
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.optional(),
  // OpenTelemetry traces (lib/tracing.ts), on with OTEL_EXPORTER_OTLP_ENDPOINT only; each keeps its OpenTelemetry meaning.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('carbonledger-api'),
});

const configSchema = envSchema
  // Migrations need the owner, which the app connection is not.
  .refine((e) => e.DATABASE_APP_URL === undefined || e.DATABASE_URL !== undefined, {
    path: ['DATABASE_APP_URL'],
    message: 'needs DATABASE_URL, the schema owner that runs the migrations',
  })
  // A key pair is one: half of it from the environment and half generated would never verify.
  .refine((e) => (e.VAPID_PUBLIC_KEY === undefined) === (e.VAPID_PRIVATE_KEY === undefined), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
  })
  // Tracing is on with OTEL_EXPORTER_OTLP_ENDPOINT only; a traces URL alone would be silently ignored.
  .refine((e) => e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT === undefined || e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined, {
    path: ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'],
    message: 'needs OTEL_EXPORTER_OTLP_ENDPOINT, which turns tracing on',
  })
  .transform(toConfig);
export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO= npm start` behaves like not setting FOO. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * The names a local client reaches the listen address by. The first names links made without a
 * request: a single listen address itself (it certainly answers there), else `localhost`.
 */
function localHostsOf(listenAddress: string, port: number): string[] {
  const named =
    listenAddress === '0.0.0.0' || listenAddress === '::' ? [] : [(listenAddress.includes(':') ? `[${listenAddress}]` : listenAddress).toLowerCase()];
  return [...new Set([...named, 'localhost', '127.0.0.1', '[::1]'])].map((host) => `${host}:${port}`);
}

function toConfig(e: z.output<typeof envSchema>) {
  const seedDemo = e.SEED_DEMO ?? e.DATABASE_URL === undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    // npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command.
    dataDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    solanaRpcUrl: e.SOLANA_RPC_URL,
    solanaWsUrl: e.SOLANA_WS_URL,
    solanaCommitment: e.SOLANA_COMMITMENT,
    solanaCluster: e.SOLANA_RPC_URL ? e.SOLANA_CLUSTER : ('localnet' as const),
    solanaExplorerUrl: e.SOLANA_EXPLORER_URL.replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    seedDemo,
    // Holdings only on top of the demo accounts; the test harness seeds accounts but wants empty screens.
    seedDemoHoldings: seedDemo && (e.SEED_DEMO_HOLDINGS ?? e.NODE_ENV !== 'test'),
    demoPassword: e.DEMO_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    masterKey: e.MASTER_KEY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionIdleTimeoutMinutes: e.SESSION_IDLE_TIMEOUT_MINUTES,
    sessionAbsoluteTimeoutHours: e.SESSION_ABSOLUTE_TIMEOUT_HOURS,
    chainSnapshotIntervalSeconds: e.CHAIN_SNAPSHOT_INTERVAL_SECONDS,
    auditAnchorIntervalMinutes: e.AUDIT_ANCHOR_INTERVAL_MINUTES,
    reconciliationIntervalMinutes: e.RECONCILIATION_INTERVAL_MINUTES,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sentryDsn: e.SENTRY_DSN,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: e.ALLOWED_HOSTS ?? localHostsOf(e.HOST, e.PORT),
    registryApiUrl: e.REGISTRY_API_URL,
    registryApiKey: e.REGISTRY_API_KEY,
    smtpUrl: e.SMTP_URL,
    marketDataUrl: e.MARKET_DATA_URL,
    mailFrom: e.MAIL_FROM,
    webhookRetryScheduleSeconds: e.WEBHOOK_RETRY_SCHEDULE_SECONDS,
    webhookDispatchIntervalMs: e.WEBHOOK_DISPATCH_INTERVAL_MS,
    webhookAllowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          // The OTLP rule: the signal's own URL as given, else the base URL with the signal's path.
          url: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/?$/, '/')}v1/traces`,
          protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
          serviceName: e.OTEL_SERVICE_NAME,
        }
      : undefined,
  };
}
