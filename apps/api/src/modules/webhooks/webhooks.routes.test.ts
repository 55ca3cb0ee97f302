import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import {
  webhookListSchema,
  webhookMessageListSchema,
  webhookPayloadSchema,
  webhookSchema,
  webhookTexts,
  webhookWithSecretSchema,
  type Role,
  type WebhookMessage,
  type WebhookWithSecret,
} from '@carbonledger/contracts';
import { eq } from 'drizzle-orm';
import { auditLog, companies, notifications, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, signInAs, type SignedIn } from '../auth/auth.testing';
import { recordWebhookEvent } from './webhooks.outbox';
import { startReceiver, type Receiver } from './webhooks.testing';

let harness: TestApp;
let receiver: Receiver;
let companyAdmin: SignedIn;
let admin: SignedIn;
let other: SignedIn;
const app = () => harness.app;

function call(who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function create(who: SignedIn, body: Record<string, unknown>): Promise<WebhookWithSecret> {
  const response = await call(who, 'POST', '/webhooks', body);
  expect(response.statusCode, response.body).toBe(201);
  return webhookWithSecretSchema.parse(response.json().data);
}

async function log(who: SignedIn, id: string): Promise<WebhookMessage[]> {
  const response = await call(who, 'GET', `/webhooks/${id}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return webhookMessageListSchema.parse(response.json().data).items;
}

/** Polls the delivery log until `done` holds (deliveries run on the job queue). */
async function logUntil(who: SignedIn, id: string, done: (messages: WebhookMessage[]) => boolean, timeoutMs = 15_000): Promise<WebhookMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await log(who, id);
    if (done(messages)) return messages;
    if (Date.now() > deadline) throw new Error(`delivery log never got there: ${JSON.stringify(messages)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function headersOf(delivery: { headers: Record<string, string | string[] | undefined> }): Record<string, string> {
  return Object.fromEntries(Object.entries(delivery.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** An event as a business change records it: in a transaction of the tenant. */
async function emitApprovalDecided(who: SignedIn, reason: string) {
  await app().db.withTenant(who.result.tenant.id, (tx) =>
    recordWebhookEvent(tx, {
      tenantId: who.result.tenant.id,
      companyId: who.result.company.id,
      type: 'approval.decided',
      data: {
        workflowId: crypto.randomUUID(),
        companyId: who.result.company.id,
        operationType: 'mint',
        decision: 'rejected',
        level: 1,
        reason,
      },
    }),
  );
}

beforeAll(async () => {
  // A short retry schedule and dispatch interval, so that retries and disabling happen within the test.
  harness = await createTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' } });
  receiver = await startReceiver();
  companyAdmin = await signInAs(app(), 'companyadmin@demo.test');
  admin = await signInAs(app(), 'admin@demo.test');
  const tenantId = admin.result.tenant.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await app().db.asSystem(async (tx) => {
    const [company] = await tx.insert(companies).values({ tenantId, name: 'Webhooks Other Co', kycStatus: 'approved' }).returning();
    await tx.insert(users).values({
      tenantId,
      companyId: company!.id,
      email: 'olga@webhooks-other.test',
      passwordHash,
      role: 'COMPANY_ADMIN',
      firstName: 'Olga',
      lastName: 'Other',
    });
  });
  other = await signInAs(app(), 'olga@webhooks-other.test');
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await harness?.close();
});

describe('webhook endpoints', () => {
  it('creates a signed endpoint whose secret is shown once, lists it and audits it', async () => {
    const created = await create(companyAdmin, { url: receiver.url, description: 'ERP', events: ['mint.completed', 'retirement.completed', 'mint.completed'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.webhook).toMatchObject({ url: receiver.url, events: ['mint.completed', 'retirement.completed'], signed: true, enabled: true });

    const read = await call(companyAdmin, 'GET', `/webhooks/${created.webhook.id}`);
    expect(read.body).not.toContain('whsec_');
    expect(webhookSchema.parse(read.json().data).id).toBe(created.webhook.id);
    const list = webhookListSchema.parse((await call(companyAdmin, 'GET', '/webhooks')).json().data);
    expect(list.items.map((item) => item.id)).toContain(created.webhook.id);

    const audit = await app().db.asSystem((tx) => tx.select().from(auditLog).where(eq(auditLog.resourceId, created.webhook.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['webhook.created']);
  });

  it('sends a test event signed by the Standard Webhooks convention and logs it', async () => {
    const { webhook, secret } = await create(companyAdmin, { url: receiver.url, events: ['wallet.approved'] });
    const before = receiver.received.length;
    const queued = await call(companyAdmin, 'POST', `/webhooks/${webhook.id}/test`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().message).toBe(webhookTexts.testQueued);

    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    // The reference implementation verifies the signature (and the timestamp's freshness).
    const verified = new StandardWebhook(secret!).verify(delivery!.body, headersOf(delivery!));
    expect(webhookPayloadSchema.parse(verified)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id, message: webhookTexts.testMessage } });
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    // A wrong secret does not verify.
    expect(() => new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivery!.body, headersOf(delivery!))).toThrow();

    const [message] = await logUntil(companyAdmin, webhook.id, (messages) => messages[0]?.status === 'delivered');
    expect(message).toMatchObject({ eventType: 'webhook.test', status: 'delivered', webhookId: delivery!.headers['webhook-id'] });
    expect(message!.attempts).toHaveLength(1);
    expect(message!.attempts[0]).toMatchObject({ statusCode: 200, succeeded: true, trigger: 'automatic', error: null });
    expect(message!.attempts[0]!.responseExcerpt).toMatch(/^ok \d+$/);
  });

  it('delivers an outbox event to subscribed endpoints only, retries after two 500s with the same webhook-id, and redelivers on demand', async () => {
    const { webhook, secret } = await create(companyAdmin, { url: receiver.url, events: ['approval.decided'] });
    const unsubscribed = await create(companyAdmin, { url: `${receiver.url}?unsubscribed`, events: ['mint.failed'] });
    const otherCompany = await create(other, { url: `${receiver.url}?other`, events: ['approval.decided'] });
    const before = receiver.received.length;
    receiver.answerWith(500, 500);
    await emitApprovalDecided(companyAdmin, 'over the limit');

    const attempts = (await receiver.waitFor(before + 3)).slice(before);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    // The schedule's one second between attempts.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    for (const attempt of attempts) {
      expect(new StandardWebhook(secret!).verify(attempt.body, headersOf(attempt))).toMatchObject({
        type: 'approval.decided',
        data: { reason: 'over the limit' },
      });
    }
    expect(attempts.every((attempt) => String(attempt.headers['webhook-signature']).startsWith('v1,'))).toBe(true);

    const [message] = await logUntil(companyAdmin, webhook.id, (messages) => messages[0]?.status === 'delivered');
    expect(message!.attempts.map((attempt) => attempt.statusCode)).toEqual([200, 500, 500]);
    expect(message!.attempts[1]!.responseExcerpt).toBe('receiver failed with 500');
    expect(await log(companyAdmin, unsubscribed.webhook.id)).toEqual([]);
    expect(await log(other, otherCompany.webhook.id)).toEqual([]);

    const redelivered = await call(companyAdmin, 'POST', `/webhooks/${webhook.id}/messages/${message!.id}/redeliver`);
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    const [again] = (await receiver.waitFor(before + 4)).slice(before + 3);
    expect(again!.headers['webhook-id']).toBe(attempts[0]!.headers['webhook-id']);
    const [after] = await logUntil(companyAdmin, webhook.id, (messages) => messages[0]!.attempts.length === 4);
    expect(after!.attempts[0]).toMatchObject({ trigger: 'manual', statusCode: 200 });
  });

  it('disables an endpoint whose deliveries fail throughout the schedule and tells the company administrators', async () => {
    const failing = await startReceiver();
    failing.answerWith(503, 503, 503);
    const { webhook } = await create(companyAdmin, { url: failing.url, events: ['approval.decided'] });
    await emitApprovalDecided(companyAdmin, 'keeps failing');
    await failing.waitFor(3);
    await failing.close();

    const disabled = await (async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const current = webhookSchema.parse((await call(companyAdmin, 'GET', `/webhooks/${webhook.id}`)).json().data);
        if (!current.enabled || Date.now() > deadline) return current;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing', lastDeliveryStatus: 'failed' });
    const [message] = await log(companyAdmin, webhook.id);
    expect(message).toMatchObject({ status: 'failed', attemptCount: 3 });

    const notified = await app().db.asSystem((tx) => tx.select().from(notifications).where(eq(notifications.title, webhookTexts.disabledTitle)));
    expect(notified.map((row) => row.userId)).toContain(companyAdmin.result.user.id);
    expect(notified.map((row) => row.userId)).not.toContain(other.result.user.id);

    // Disabled: a test event is refused until it is enabled again.
    const refused = await call(companyAdmin, 'POST', `/webhooks/${webhook.id}/test`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('WEBHOOK__DISABLED');
    const enabled = await call(companyAdmin, 'PATCH', `/webhooks/${webhook.id}`, { enabled: true });
    expect(webhookSchema.parse(enabled.json().data)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe('isolation, roles and validation', () => {
  it("answers another company's webhook ids as not found, and lets platform administrators see every company's", async () => {
    const mine = await create(companyAdmin, { url: receiver.url, events: ['mint.completed'] });
    for (const [method, url] of [
      ['GET', `/webhooks/${mine.webhook.id}`],
      ['PATCH', `/webhooks/${mine.webhook.id}`],
      ['DELETE', `/webhooks/${mine.webhook.id}`],
      ['GET', `/webhooks/${mine.webhook.id}/messages`],
      ['POST', `/webhooks/${mine.webhook.id}/test`],
      ['POST', `/webhooks/${mine.webhook.id}/secret`],
    ] as const) {
      const response = await call(other, method, url, method === 'PATCH' ? { description: 'taken over' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = webhookListSchema.parse((await call(other, 'GET', '/webhooks')).json().data);
    expect(theirs.items.map((item) => item.id)).not.toContain(mine.webhook.id);
    const all = webhookListSchema.parse((await call(admin, 'GET', '/webhooks')).json().data);
    expect(all.items.map((item) => item.id)).toContain(mine.webhook.id);
  });

  it.each<[Role, string, number]>([
    ['SUPER_ADMIN', 'superadmin@demo.test', 200],
    ['ADMIN', 'admin@demo.test', 200],
    ['COMPANY_ADMIN', 'companyadmin@demo.test', 200],
    ['CSO', 'cso@demo.test', 200],
    ['MANAGER', 'manager@demo.test', 403],
    ['FINANCE', 'finance@demo.test', 403],
    ['OPERATOR', 'operator@demo.test', 403],
    ['VIEWER', 'viewer@demo.test', 403],
  ])('%s (%s) opening /webhooks gets %i', async (_role, email, status) => {
    const who = await signInAs(app(), email);
    expect((await call(who, 'GET', '/webhooks')).statusCode).toBe(status);
    expect((await call(who, 'POST', '/webhooks', { url: receiver.url, events: ['mint.completed'] })).statusCode).toBe(status === 200 ? 201 : 403);
  });

  it('refuses bad input with field errors, never a server error', async () => {
    for (const body of [
      { url: 'not a url', events: ['mint.completed'] },
      { url: 'ftp://example.com/hook', events: ['mint.completed'] },
      { url: `https://example.com/\u0000`, events: ['mint.completed'] },
      { url: `https://example.com/${'a'.repeat(1_000_000)}`, events: ['mint.completed'] },
      { url: 'https://user:pass@example.com/hook', events: ['mint.completed'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['invoice.unknown'] },
      { url: receiver.url, events: ['webhook.test'] },
    ]) {
      const response = await call(companyAdmin, 'POST', '/webhooks', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(companyAdmin, 'GET', '/webhooks/not-a-uuid')).statusCode).toBe(400);
    expect((await call(companyAdmin, 'GET', `/webhooks/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('rotates the secret (shown once) and deletes an endpoint, which then answers as not found', async () => {
    const { webhook, secret } = await create(companyAdmin, { url: receiver.url, events: ['mint.completed'] });
    const rotated = webhookWithSecretSchema.parse((await call(companyAdmin, 'POST', `/webhooks/${webhook.id}/secret`)).json().data);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect((await call(companyAdmin, 'DELETE', `/webhooks/${webhook.id}`)).statusCode).toBe(200);
    expect((await call(companyAdmin, 'GET', `/webhooks/${webhook.id}`)).statusCode).toBe(404);
  });

  it('creates an unsigned endpoint: no secret, deliveries carry no signature', async () => {
    const { webhook, secret } = await create(companyAdmin, { url: receiver.url, events: ['mint.completed'], signed: false });
    expect(secret).toBeNull();
    const before = receiver.received.length;
    await call(companyAdmin, 'POST', `/webhooks/${webhook.id}/test`);
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.headers['webhook-id']).toBeDefined();
    expect(delivery!.headers['webhook-signature']).toBeUndefined();
  });
});
