import { z } from 'zod';
import { USAGE_PERIODS } from './constants';
import { multiLineText, singleLineText } from './text';
import type { Permission } from './roles';

/**
 * API keys (docs/product.md §2 /api-management, §3 API key, §5 API key rules, §6 API key
 * permissions, §9 usage periods): machine access for a company's integrations. The secret is
 * shown once, at creation and rotation; the platform stores only its hash.
 */
export const apiKeyTexts = {
  loadFailed: 'Failed to load API keys. Please try again later.',
  created: 'API key created. Copy the secret now: it will not be shown again.',
  rotated: 'API key rotated. Copy the new secret now: it will not be shown again.',
  revoked: 'API key revoked.',
  notFound: 'API key not found.',
  notActive: 'This API key is revoked or expired.',
  ipNotAllowed: 'This API key is not allowed from your IP address.',
  expired: 'This API key has expired.',
  invalid: 'Invalid API key.',
  notAllowedForKeys: 'This endpoint cannot be called with an API key.',
  invalidIpWhitelist: 'Enter IP addresses or CIDR ranges separated by commas.',
  expiryInPast: 'The expiry must be in the future.',
  permissionsRequired: 'Choose at least one permission.',
} as const;

export const API_KEY_ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export const apiKeyEnvironmentSchema = z.enum(API_KEY_ENVIRONMENTS);
export type ApiKeyEnvironment = z.infer<typeof apiKeyEnvironmentSchema>;

/**
 * docs/product.md §6 API key permissions — read transactions, create transactions, read company
 * data, read carbon tokens — as the catalogue permissions they are.
 */
export const API_KEY_PERMISSIONS = ['transactions:read', 'transactions:create', 'company:read', 'tokens:read'] as const satisfies readonly Permission[];
export const apiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS);
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

/**
 * What each API key permission lets a key call: the endpoints guarded by these catalogue
 * permissions, and nothing else (every other endpoint answers 403 to a key). Creating
 * transactions is minting and retiring tokens, the company's on-chain transactions.
 */
export const API_KEY_PERMISSION_GRANTS: Record<ApiKeyPermission, readonly Permission[]> = {
  'transactions:read': ['transactions:read'],
  'transactions:create': ['transactions:create', 'tokens:mint', 'retirements:create'],
  'company:read': ['company:read'],
  'tokens:read': ['tokens:read'],
};

/** The catalogue permissions a key holding these API key permissions acts with. */
export function apiKeyGrants(permissions: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const permission of permissions) {
    if (Object.hasOwn(API_KEY_PERMISSION_GRANTS, permission)) for (const grant of API_KEY_PERMISSION_GRANTS[permission as ApiKeyPermission]) granted.add(grant);
  }
  return [...granted];
}

/** Secrets start with these, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIXES: Record<ApiKeyEnvironment, string> = {
  production: 'clk_live_',
  staging: 'clk_test_',
  development: 'clk_test_',
};

/** The limits a new key gets when the form leaves them as they are (docs/product.md §9: values not shown). */
export const API_KEY_DEFAULT_RATE_LIMITS = { perMinute: 60, perHour: 1000, perDay: 10000 } as const;
const RATE_LIMIT_MAX = 1_000_000;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6 = /^[0-9a-fA-F:]{2,39}(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/;

/** One IP whitelist entry: an IPv4 or IPv6 address, optionally a CIDR range. */
export function isIpWhitelistEntry(value: string): boolean {
  return IPV4.test(value) || (value.includes(':') && IPV6.test(value));
}

/** docs/product.md §5: comma-separated; an empty list allows all IPs. */
export function parseIpWhitelist(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const ipWhitelistField = z
  .string()
  .max(2000)
  .refine((value) => parseIpWhitelist(value).every(isIpWhitelistEntry), { message: apiKeyTexts.invalidIpWhitelist });

const rateLimitField = z.coerce.number().int().min(1).max(RATE_LIMIT_MAX);

export const apiKeyRateLimitsSchema = z.object({ perMinute: rateLimitField, perHour: rateLimitField, perDay: rateLimitField });
export type ApiKeyRateLimits = z.infer<typeof apiKeyRateLimitsSchema>;

export const createApiKeyRequest = z.object({
  name: singleLineText().trim().min(1).max(100),
  description: multiLineText().max(500).optional(),
  environment: apiKeyEnvironmentSchema,
  permissions: z.array(apiKeyPermissionSchema).min(1, apiKeyTexts.permissionsRequired).max(API_KEY_PERMISSIONS.length),
  rateLimits: apiKeyRateLimitsSchema.default(API_KEY_DEFAULT_RATE_LIMITS),
  /** Comma-separated addresses or CIDR ranges; empty allows all. */
  ipWhitelist: ipWhitelistField.default(''),
  /** Empty means no expiry. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export const apiKeyStatusSchema = z.enum(API_KEY_STATUSES);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  environment: apiKeyEnvironmentSchema,
  /** The recognisable start of the secret (prefix and public id), never the secret. */
  keyPrefix: z.string(),
  permissions: z.array(apiKeyPermissionSchema),
  rateLimits: apiKeyRateLimitsSchema,
  ipWhitelist: z.array(z.string()),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  status: apiKeyStatusSchema,
  /** Requests in the last 24 hours. */
  requests24h: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  rotatedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

/** The answer to create and rotate: the only time the secret leaves the platform. */
export const apiKeyWithSecretSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

export const apiKeyIdParams = z.object({ id: z.uuid() });

/** docs/product.md §9 usage analytics periods. */
export const usagePeriodSchema = z.enum(USAGE_PERIODS);
export type UsagePeriod = z.infer<typeof usagePeriodSchema>;

/** Each period's length and the width of one chart point, in seconds. */
export const USAGE_PERIOD_SECONDS: Record<UsagePeriod, { span: number; bucket: number }> = {
  '1h': { span: 3600, bucket: 60 },
  '24h': { span: 86_400, bucket: 3600 },
  '7d': { span: 7 * 86_400, bucket: 6 * 3600 },
  '30d': { span: 30 * 86_400, bucket: 86_400 },
  '90d': { span: 90 * 86_400, bucket: 86_400 },
};

export const apiUsageQuery = z.object({
  period: usagePeriodSchema.default('24h'),
  /** One key's usage; without it, the whole company's. */
  keyId: z.uuid().optional(),
});

export const apiUsageSchema = z.object({
  period: usagePeriodSchema,
  totals: z.object({
    requests: z.number().int(),
    errors: z.number().int(),
    p50Ms: z.number().nullable(),
    p95Ms: z.number().nullable(),
    p99Ms: z.number().nullable(),
  }),
  series: z.array(z.object({ at: z.string(), requests: z.number().int(), errors: z.number().int() })),
  topEndpoints: z.array(z.object({ method: z.string(), route: z.string(), requests: z.number().int(), errors: z.number().int() })),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

/**
 * Upper bounds (ms) of the latency histogram each aggregate row keeps; a request slower than
 * the last lands in an extra overflow bucket. Percentiles read from summed histograms.
 */
export const USAGE_LATENCY_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;
