import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  apiKeyListSchema,
  apiKeyWithSecretSchema,
  apiUsageSchema,
  auditTrailListSchema,
  canOpenRoute,
  describeActivity,
  vcuSchema,
  type ApiKeyWithSecret,
} from '@carbonledger/contracts';
import { apiKeys, auditLog } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { API_KEY_COPY_MAX_AGE_MS } from './api-keys.gate';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { freeSubranges } from '../minting/minting.testing';

let harness: TestApp;
let companyAdmin: SignedIn;
let admin: SignedIn;
let manager: SignedIn;

const app = () => harness.app;

function manage(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    ...(payload !== undefined && { payload }),
  });
}

async function createKey(who: SignedIn, body: Record<string, unknown>): Promise<ApiKeyWithSecret> {
  const response = await manage(who, 'POST', '/api-keys', { name: 'ERP sync', environment: 'production', permissions: ['transactions:read'], ...body });
  expect(response.statusCode, response.body).toBe(201);
  return apiKeyWithSecretSchema.parse(response.json().data);
}

function withKey(
  secret: string,
  url: string,
  options: { method?: 'GET' | 'POST'; via?: 'bearer' | 'header'; ip?: string; payload?: Record<string, unknown> } = {},
) {
  const credential: Record<string, string> = options.via === 'header' ? { 'x-api-key': secret } : { authorization: `Bearer ${secret}` };
  return app().inject({
    method: options.method ?? 'GET',
    url: `/api/v1${url}`,
    headers: { ...credential, 'x-forwarded-for': options.ip ?? '198.51.100.10', 'idempotency-key': randomUUID() },
    ...(options.payload !== undefined && { payload: options.payload }),
  });
}

beforeAll(async () => {
  harness = await createTestApp();
  companyAdmin = await signInAs(harness.app, 'companyadmin@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
  manager = await signInAs(harness.app, 'manager@demo.test');
});
afterAll(() => harness.close());

describe('API keys', () => {
  it('shows the secret once, prefixed, and stores only its hash', async () => {
    const { key, secret } = await createKey(companyAdmin, { environment: 'production' });
    expect(secret).toMatch(/^clk_live_[0-9a-f]{16}_/);
    expect(secret.startsWith(key.keyPrefix)).toBe(true);
    const test = await createKey(companyAdmin, { environment: 'staging' });
    expect(test.secret).toMatch(/^clk_test_/);
    const [row] = await app().db.asSystem((tx) => tx.select().from(apiKeys).where(eq(apiKeys.id, key.id)));
    expect(JSON.stringify(row)).not.toContain(secret.slice(key.keyPrefix.length + 1));
    const list = apiKeyListSchema.parse((await manage(companyAdmin, 'GET', '/api-keys')).json().data);
    expect(list.find((item) => item.id === key.id)).toMatchObject({ status: 'active', permissions: ['transactions:read'], lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(secret);
    const audit = await app().db.asSystem((tx) => tx.select().from(auditLog).where(eq(auditLog.resourceId, key.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['api_key.created']);
  });

  it('a key with read transactions only reads transactions, through either header, and is refused minting', async () => {
    const { secret } = await createKey(companyAdmin, { permissions: ['transactions:read'] });
    expect((await withKey(secret, '/transactions')).statusCode).toBe(200);
    expect((await withKey(secret, '/transactions', { via: 'header' })).statusCode).toBe(200);
    const mint = await withKey(secret, '/minting/preview', { method: 'POST', payload: {} });
    expect(mint.statusCode).toBe(403);
    expect((await withKey(secret, '/portfolio')).statusCode).toBe(403);
    expect((await withKey(secret, '/companies')).statusCode).toBe(403);
  });

  it('create transactions opens minting (the body is then checked like a session’s)', async () => {
    const { secret } = await createKey(companyAdmin, { permissions: ['transactions:create'] });
    const mint = await withKey(secret, '/minting/preview', { method: 'POST', payload: {} });
    expect(mint.statusCode).toBe(400);
    expect(mint.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('never reaches sessions, security, profile or key management', async () => {
    const { secret } = await createKey(companyAdmin, { permissions: ['transactions:read', 'transactions:create', 'company:read', 'tokens:read'] });
    for (const url of ['/sessions/active', '/security/alerts', '/auth/csrf-token', '/auth/wallet/list', '/api-keys', '/api-keys/usage', '/dashboard/summary']) {
      const response = await withKey(secret, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.reason, url).toBe('API_KEY__ENDPOINT_NOT_ALLOWED');
    }
    const create = await withKey(secret, '/api-keys', {
      method: 'POST',
      payload: { name: 'x', environment: 'production', permissions: ['transactions:read'] },
    });
    expect(create.statusCode).toBe(403);
    expect((await withKey(secret, '/auth/logout', { method: 'POST', payload: {} })).statusCode).toBe(403);
  });

  it('answers 429 with Retry-After and RateLimit headers past the per-minute limit', async () => {
    const { secret } = await createKey(companyAdmin, { rateLimits: { perMinute: 2, perHour: 100, perDay: 1000 } });
    const first = await withKey(secret, '/transactions');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await withKey(secret, '/transactions')).statusCode).toBe(200);
    const refused = await withKey(secret, '/transactions');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-policy']).toBe('2;w=60, 100;w=3600, 1000;w=86400');
  });

  it('enforces the IP whitelist (an empty one allows all)', async () => {
    const { secret } = await createKey(companyAdmin, { ipWhitelist: '203.0.113.0/24, 192.0.2.7' });
    expect((await withKey(secret, '/transactions', { ip: '203.0.113.45' })).statusCode).toBe(200);
    expect((await withKey(secret, '/transactions', { ip: '192.0.2.7' })).statusCode).toBe(200);
    const refused = await withKey(secret, '/transactions', { ip: '198.51.100.3' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('API_KEY__IP_NOT_ALLOWED');
    const open = await createKey(companyAdmin, { ipWhitelist: '' });
    expect((await withKey(open.secret, '/transactions', { ip: '198.51.100.3' })).statusCode).toBe(200);
    const invalid = await manage(companyAdmin, 'POST', '/api-keys', {
      name: 'x',
      environment: 'production',
      permissions: ['transactions:read'],
      ipWhitelist: '10.0.0.1, not-an-ip',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 401 after expiry, revocation, rotation of the old secret, and to an unknown secret', async () => {
    const expiring = await createKey(companyAdmin, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await withKey(expiring.secret, '/transactions')).statusCode).toBe(200);
    await app().db.asSystem((tx) =>
      tx
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiKeys.id, expiring.key.id)),
    );
    // Written where no process hears of it: this process's copy of the key lives at most API_KEY_COPY_MAX_AGE_MS.
    await new Promise((resolve) => setTimeout(resolve, API_KEY_COPY_MAX_AGE_MS));
    const expired = await withKey(expiring.secret, '/transactions');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.reason).toBe('API_KEY__EXPIRED');

    // Used just before, so the process holds a copy: a revocation or rotation made here drops it at once.
    const revoking = await createKey(companyAdmin, {});
    expect((await withKey(revoking.secret, '/transactions')).statusCode).toBe(200);
    expect((await manage(companyAdmin, 'POST', `/api-keys/${revoking.key.id}/revoke`)).statusCode).toBe(200);
    const revoked = await withKey(revoking.secret, '/transactions');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.reason).toBe('API_KEY__REVOKED');
    expect((await manage(companyAdmin, 'POST', `/api-keys/${revoking.key.id}/rotate`)).statusCode).toBe(409);

    const rotating = await createKey(companyAdmin, {});
    expect((await withKey(rotating.secret, '/transactions')).statusCode).toBe(200);
    const rotated = apiKeyWithSecretSchema.parse((await manage(companyAdmin, 'POST', `/api-keys/${rotating.key.id}/rotate`)).json().data);
    expect((await withKey(rotating.secret, '/transactions')).statusCode).toBe(401);
    expect((await withKey(rotated.secret, '/transactions')).statusCode).toBe(200);

    const forged = `${rotated.key.keyPrefix}_${'A'.repeat(43)}`;
    expect((await withKey(forged, '/transactions')).json().error.reason).toBe('API_KEY__INVALID');
    expect((await withKey('clk_live_nonsense', '/transactions')).statusCode).toBe(401);
  });

  it('refuses an expiry in the past and text a form would never send', async () => {
    const past = await manage(companyAdmin, 'POST', '/api-keys', {
      name: 'x',
      environment: 'production',
      permissions: ['transactions:read'],
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.reason).toBe('API_KEY__EXPIRY_IN_PAST');
    for (const body of [
      { name: 'a\u0000b', environment: 'production', permissions: ['transactions:read'] },
      { name: 'x', description: 'y'.repeat(1_000_000), environment: 'production', permissions: ['transactions:read'] },
      { name: 'x', environment: 'production', permissions: [] },
      { name: 'x', environment: 'production', permissions: ['users:manage'] },
      { name: 'x', environment: 'qa', permissions: ['transactions:read'] },
    ]) {
      const response = await manage(companyAdmin, 'POST', '/api-keys', body);
      expect([400, 413]).toContain(response.statusCode);
    }
  });

  it('names the key in the audit trail entries of what it does; a session’s entries name none', async () => {
    const { key, secret } = await createKey(companyAdmin, { name: 'Registry sync', permissions: ['transactions:create'] });
    const [bySerialOfKey, bySerialOfSession] = await freeSubranges(app(), companyAdmin, '3107', 2, 1n);
    const byKey = await withKey(secret, '/vcus/import', { method: 'POST', payload: { serialNumber: bySerialOfKey } });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const bySession = await manage(companyAdmin, 'POST', '/vcus/import', { serialNumber: bySerialOfSession });
    expect(bySession.statusCode, bySession.body).toBe(201);

    const trailOf = async (vcuId: string | null) => {
      const response = await manage(admin, 'GET', `/audit/trail?action=vcu.imported&resourceId=${vcuId}`);
      expect(response.statusCode, response.body).toBe(200);
      const [entry, ...others] = auditTrailListSchema.parse(response.json().data).items;
      expect(others).toEqual([]);
      return entry!;
    };
    const keyEntry = await trailOf(vcuSchema.parse(byKey.json().data).id);
    // The key's creator is the actor; the details say which key acted, never its secret.
    expect(keyEntry.actor?.id).toBe(companyAdmin.result.user.id);
    expect(keyEntry.details.apiKey).toEqual({ id: key.id, name: 'Registry sync', keyPrefix: key.keyPrefix });
    expect(JSON.stringify(keyEntry)).not.toContain(secret);
    // The trail screen's sentence names the key after the person.
    expect(describeActivity(keyEntry, 'en')).toContain(` via API key Registry sync (${key.keyPrefix}) imported 1 VCUs`);
    const sessionEntry = await trailOf(vcuSchema.parse(bySession.json().data).id);
    expect(sessionEntry.actor?.id).toBe(companyAdmin.result.user.id);
    expect(sessionEntry.details).not.toHaveProperty('apiKey');
    expect(describeActivity(sessionEntry, 'en')).not.toContain('API key');
    // The trail still verifies: the key is hashed into the entry with the rest of the details.
    const verified = await manage(admin, 'GET', '/audit/verify');
    expect(verified.json().data).toMatchObject({ valid: true });
  });

  it('keeps keys to their company: another company’s key ids answer 404, roles outside the screen 403', async () => {
    const platformKey = await createKey(admin, {});
    expect((await manage(companyAdmin, 'POST', `/api-keys/${platformKey.key.id}/revoke`)).statusCode).toBe(404);
    expect((await manage(companyAdmin, 'POST', `/api-keys/${platformKey.key.id}/rotate`)).statusCode).toBe(404);
    expect((await manage(companyAdmin, 'GET', `/api-keys/usage?keyId=${platformKey.key.id}`)).statusCode).toBe(404);
    const list = apiKeyListSchema.parse((await manage(companyAdmin, 'GET', '/api-keys')).json().data);
    expect(list.some((key) => key.id === platformKey.key.id)).toBe(false);
    expect((await manage(manager, 'GET', '/api-keys')).statusCode).toBe(403);
    expect((await manage(manager, 'POST', '/api-keys', { name: 'x', environment: 'production', permissions: ['transactions:read'] })).statusCode).toBe(403);
  });

  it('a key acts for its own company only', async () => {
    const { secret } = await createKey(companyAdmin, { permissions: ['company:read'] });
    const response = await withKey(secret, '/companies');
    expect(response.statusCode).toBe(200);
    const companies = response.json().data as { id: string }[] | { items: { id: string }[] };
    const ids = (Array.isArray(companies) ? companies : companies.items).map((company) => company.id);
    expect(ids).toEqual([companyAdmin.result.user.companyId]);
  });

  it('counts usage per key and company: requests, errors, latency percentiles, top endpoints, last use', async () => {
    const { key, secret } = await createKey(companyAdmin, { permissions: ['transactions:read'] });
    for (let i = 0; i < 3; i += 1) expect((await withKey(secret, '/transactions')).statusCode).toBe(200);
    expect((await withKey(secret, '/portfolio')).statusCode).toBe(403);
    const response = await manage(companyAdmin, 'GET', `/api-keys/usage?period=1h&keyId=${key.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const usage = apiUsageSchema.parse(response.json().data);
    expect(usage.totals).toMatchObject({ requests: 4, errors: 1 });
    expect(usage.totals.p50Ms).not.toBeNull();
    expect(usage.totals.p99Ms! >= usage.totals.p50Ms!).toBe(true);
    expect(usage.topEndpoints[0]).toEqual({ method: 'GET', route: '/api/v1/transactions', requests: 3, errors: 0 });
    expect(usage.series).toHaveLength(60);
    expect(usage.series.reduce((sum, point) => sum + point.requests, 0)).toBe(4);

    for (const period of ['24h', '7d', '30d', '90d']) {
      const longer = apiUsageSchema.parse((await manage(companyAdmin, 'GET', `/api-keys/usage?period=${period}&keyId=${key.id}`)).json().data);
      expect(longer.totals.requests, period).toBe(4);
    }
    const company = apiUsageSchema.parse((await manage(companyAdmin, 'GET', '/api-keys/usage?period=24h')).json().data);
    expect(company.totals.requests).toBeGreaterThan(4);
    const listed = apiKeyListSchema.parse((await manage(companyAdmin, 'GET', '/api-keys')).json().data).find((item) => item.id === key.id)!;
    expect(listed.requests24h).toBe(4);
    expect(listed.lastUsedAt).not.toBeNull();
    expect((await manage(companyAdmin, 'GET', '/api-keys/usage?period=2h')).statusCode).toBe(400);
  });

  it('opens the key screen to the /api-management roles only (docs/product.md §6)', async () => {
    for (const user of DEMO_USERS) {
      const who = await signInAs(harness.app, user.email);
      const allowed = canOpenRoute(user.role, '/api-management');
      expect((await manage(who, 'GET', '/api-keys')).statusCode, user.role).toBe(allowed ? 200 : 403);
      expect((await manage(who, 'GET', '/api-keys/usage')).statusCode, user.role).toBe(allowed ? 200 : 403);
    }
  });

  it('the OpenAPI document offers the API key on exactly the operations a key may call', async () => {
    const document = (await app().inject({ url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; name?: string }> };
    }>();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'X-API-Key' });
    const schemes = (path: string, method: string) => document.paths[path]![method]!.security.flatMap((requirement) => Object.keys(requirement));
    expect(schemes('/api/v1/transactions', 'get')).toEqual(['bearerAuth', 'apiKey']);
    expect(schemes('/api/v1/minting/preview', 'post')).toEqual(['bearerAuth', 'apiKey']);
    expect(schemes('/api/v1/sessions/active', 'get')).toEqual(['bearerAuth']);
    expect(schemes('/api/v1/api-keys', 'get')).toEqual(['bearerAuth']);
    expect(schemes('/api/v1/events/stream', 'get')).toEqual(['bearerAuth', 'apiKey']);
  });
});
