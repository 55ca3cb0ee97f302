import { type createApiKeyRequest, parseIpWhitelist, type ApiKeyWithSecret, type AuditAction } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import * as repository from './api-keys.repository';
import { issueSecret } from './api-keys.secrets';
import { statusOf, toApiKey } from './api-keys.view';

export interface ApiKeyDeps {
  db: Database;
  /** The gate's copies of keys a committed change makes wrong (api-keys.gate.ts). */
  forgetKeys: (publicIds: readonly string[]) => void;
}

async function audit(tx: Tx, actor: Actor, action: AuditAction, key: repository.ApiKeyRow, details: Record<string, unknown> = {}) {
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    resourceType: 'api_key',
    resourceId: key.id,
    // Never the secret or its hash: the prefix is how people recognise a key.
    details: { companyId: key.companyId, name: key.name, keyPrefix: key.keyPrefix, ...details },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

/** docs/product.md §2 /api-management create: the secret is in this answer and nowhere else. */
export async function createKey(deps: ApiKeyDeps, actor: Actor, input: z.output<typeof createApiKeyRequest>): Promise<ApiKeyWithSecret> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError('API_KEY__EXPIRY_IN_PAST');
  const issued = issueSecret(input.environment);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await repository.insertKey(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      createdBy: actor.userId,
      name: input.name,
      description: input.description?.trim() || null,
      environment: input.environment,
      publicId: issued.publicId,
      keyPrefix: issued.keyPrefix,
      secretHash: issued.secretHash,
      permissions: [...new Set(input.permissions)],
      rateLimitPerMinute: input.rateLimits.perMinute,
      rateLimitPerHour: input.rateLimits.perHour,
      rateLimitPerDay: input.rateLimits.perDay,
      ipWhitelist: parseIpWhitelist(input.ipWhitelist),
      expiresAt,
    });
    await audit(tx, actor, 'api_key.created', row, { environment: row.environment, permissions: row.permissions });
    return { key: toApiKey(row, 0), secret: issued.secret };
  });
}

async function activeKeyForUpdate(tx: Tx, actor: Actor, id: string): Promise<repository.ApiKeyRow> {
  const row = await repository.findKey(tx, id, companyScopeOf(actor));
  if (!row) throw new AppError('API_KEY__NOT_FOUND');
  if (statusOf(row) !== 'active') throw new AppError('API_KEY__NOT_ACTIVE');
  return row;
}

/**
 * A new secret for the same key (permissions, limits and usage stay); the old secret stops
 * working at once here, and within API_KEY_COPY_MAX_AGE_MS on every other process.
 */
export async function rotateKey(deps: ApiKeyDeps, actor: Actor, id: string): Promise<ApiKeyWithSecret> {
  const rotated = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await activeKeyForUpdate(tx, actor, id);
    const issued = issueSecret(current.environment);
    const row = await repository.updateKey(tx, id, {
      publicId: issued.publicId,
      keyPrefix: issued.keyPrefix,
      secretHash: issued.secretHash,
      rotatedAt: new Date(),
    });
    await audit(tx, actor, 'api_key.rotated', row, { previousKeyPrefix: current.keyPrefix });
    return { answer: { key: toApiKey(row, 0), secret: issued.secret }, previousPublicId: current.publicId };
  });
  deps.forgetKeys([rotated.previousPublicId]);
  return rotated.answer;
}

export async function revokeKey(deps: ApiKeyDeps, actor: Actor, id: string) {
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await activeKeyForUpdate(tx, actor, id);
    const revoked = await repository.updateKey(tx, id, { revokedAt: new Date() });
    await audit(tx, actor, 'api_key.revoked', revoked);
    return revoked;
  });
  deps.forgetKeys([row.publicId]);
  return toApiKey(row, 0);
}
