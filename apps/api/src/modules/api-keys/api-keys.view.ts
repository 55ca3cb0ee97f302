import type { ApiKey, ApiKeyStatus } from '@carbonledger/contracts';
import type { ApiKeyRow } from './api-keys.repository';

export function statusOf(row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now = Date.now()): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

export function toApiKey(row: ApiKeyRow, requests24h: number): ApiKey {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    environment: row.environment,
    keyPrefix: row.keyPrefix,
    permissions: row.permissions,
    rateLimits: { perMinute: row.rateLimitPerMinute, perHour: row.rateLimitPerHour, perDay: row.rateLimitPerDay },
    ipWhitelist: row.ipWhitelist,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    status: statusOf(row),
    requests24h,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
  };
}
