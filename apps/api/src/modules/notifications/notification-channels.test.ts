import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import ece from 'http_ece';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@carbonledger/contracts';
import { rowsOf } from '../../db/database';
import { notificationDeliveries, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { HELD_DELIVERY_QUEUE, sendHeldDelivery } from './notification-channels';
import { quietHoursEnd } from './notification-preferences.service';
import { notify } from './notifications.service';

let harness: TestApp;
let manager: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  harness = await createTestApp();
  manager = await signInAs(harness.app, 'manager@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
  admin = await signInAs(harness.app, 'admin@demo.test');
});
afterAll(() => harness.close());

const url = (path: string) => `/api/v1/notifications${path}`;
const savePreferences = (who: SignedIn, payload: unknown) =>
  harness.app.inject({ method: 'PUT', url: url('/preferences'), headers: who.headers, payload: payload as object });
const outboxFor = async (email: string, subject: string) => {
  const outbox = await harness.app.inject({ url: '/api/v1/mail/outbox', headers: admin.headers });
  return (outbox.json().data as { to: string; subject: string }[]).filter((message) => message.to === email && message.subject === subject);
};
const hhmm = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);

function withEmail(preferences: NotificationPreferences): NotificationPreferences {
  return { ...preferences, channels: { ...preferences.channels, email: { TRANSACTION: true, APPROVAL: true, SECURITY: true, SYSTEM: false } } };
}

describe('notification preferences', () => {
  it('start from the defaults (in-app only), are saved per user and read back', async () => {
    expect((await harness.app.inject({ url: url('/preferences'), headers: viewer.headers })).json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const chosen: NotificationPreferences = {
      channels: { ...withEmail(DEFAULT_NOTIFICATION_PREFERENCES).channels, sms: { TRANSACTION: false, APPROVAL: false, SECURITY: true, SYSTEM: false } },
      quietHours: { enabled: true, start: '21:30', end: '06:45' },
      timeZone: 'America/Sao_Paulo',
    };
    const saved = await savePreferences(viewer, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, data: chosen, message: 'Notification preferences saved.' });
    expect((await harness.app.inject({ url: url('/preferences'), headers: viewer.headers })).json().data).toEqual(chosen);
    // Another user's preferences are untouched.
    expect((await harness.app.inject({ url: url('/preferences'), headers: manager.headers })).json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    await savePreferences(viewer, DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it.each([
    ['a NUL byte in the time zone', { timeZone: 'Europe/\u0000Lisbon' }],
    ['a 1 MB time zone', { timeZone: 'A'.repeat(1_000_000) }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['a time of day past 23:59', { quietHours: { enabled: true, start: '24:00', end: '06:00' } }],
    ['a missing category', { channels: { ...DEFAULT_NOTIFICATION_PREFERENCES.channels, push: { TRANSACTION: true } } }],
  ])('refuse %s with a 4xx and keep what was saved', async (_case, change) => {
    const response = await savePreferences(viewer, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...change });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
    expect((await harness.app.inject({ url: url('/preferences'), headers: viewer.headers })).json().data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('reads quiet hours in the user time zone, across midnight', () => {
    const quiet = (start: string, end: string, timeZone: string) => ({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      quietHours: { enabled: true, start, end },
      timeZone,
    });
    // 23:30 UTC is 08:30 the next morning in Tokyo.
    const now = new Date('2026-03-10T23:30:00Z');
    expect(quietHoursEnd(quiet('22:00', '07:00', 'UTC'), now)).toEqual(new Date('2026-03-11T07:00:00Z'));
    expect(quietHoursEnd(quiet('22:00', '07:00', 'Asia/Tokyo'), now)).toBeNull();
    expect(quietHoursEnd(quiet('08:00', '09:00', 'Asia/Tokyo'), now)).toEqual(new Date('2026-03-11T00:00:00Z'));
    expect(quietHoursEnd({ ...quiet('22:00', '07:00', 'UTC'), quietHours: { enabled: false, start: '22:00', end: '07:00' } }, now)).toBeNull();
  });
});

describe('the notifier honours the preferences', () => {
  it('holds an e-mail back during quiet hours, lets the in-app notification through, and sends the e-mail when the job runs', async () => {
    const timeZone = 'Asia/Kolkata';
    const now = new Date();
    const start = hhmm(new Date(now.getTime() - 60 * 60_000), timeZone);
    const end = hhmm(new Date(now.getTime() + 2 * 60 * 60_000), timeZone);
    expect(
      (await savePreferences(manager, { ...withEmail(DEFAULT_NOTIFICATION_PREFERENCES), quietHours: { enabled: true, start, end }, timeZone })).statusCode,
    ).toBe(200);

    const title = `Held mint ${randomBytes(4).toString('hex')}`;
    const [delivery] = await notify(
      harness.app.db,
      harness.app.live,
      manager.result.tenant.id,
      { userIds: [manager.result.user.id] },
      { type: 'TRANSACTION', title, message: 'Minted 10 tCO2e', link: '/transactions' },
    );
    await harness.app.notificationChannels.settled();

    const inApp = (await harness.app.inject({ url: url(''), headers: manager.headers })).json().data.items;
    expect(inApp[0]).toMatchObject({ title, read: false });
    expect(await outboxFor('manager@demo.test', title)).toEqual([]);
    const [held] = await harness.app.db.withTenant(manager.result.tenant.id, (tx) =>
      tx.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, delivery!.notification.id)),
    );
    expect(held).toMatchObject({ channel: 'email', status: 'held' });
    // Released within the minute the quiet hours end, about two hours from now.
    expect(Math.abs(held!.deliverAfter!.getTime() - (now.getTime() + 2 * 60 * 60_000))).toBeLessThan(2 * 60_000);
    const jobs = await harness.app.db.asSystem(async (tx) =>
      rowsOf<{ start_after: Date; data: { notificationId: string } }>(
        await tx.execute(sql`select start_after, data from pgboss.job where name = ${HELD_DELIVERY_QUEUE}`),
      ),
    );
    expect(jobs.find((job) => job.data.notificationId === delivery!.notification.id)).toBeDefined();

    const job = { tenantId: manager.result.tenant.id, notificationId: delivery!.notification.id, channel: 'email' as const };
    expect(await sendHeldDelivery(harness.app.notificationChannels.deps, job)).toBe('sent');
    expect(await outboxFor('manager@demo.test', title)).toHaveLength(1);
    // A repeated job sends nothing twice.
    expect(await sendHeldDelivery(harness.app.notificationChannels.deps, job)).toBe('skipped');
    expect(await outboxFor('manager@demo.test', title)).toHaveLength(1);
  });

  it('sends the e-mail at once outside quiet hours, and nothing on a channel or category the user left off', async () => {
    expect((await savePreferences(manager, withEmail(DEFAULT_NOTIFICATION_PREFERENCES))).statusCode).toBe(200);
    const title = `Approval ${randomBytes(4).toString('hex')}`;
    await notify(
      harness.app.db,
      harness.app.live,
      manager.result.tenant.id,
      { userIds: [manager.result.user.id] },
      { type: 'APPROVAL', title, message: 'Waiting for you' },
    );
    const system = `System ${randomBytes(4).toString('hex')}`;
    await notify(
      harness.app.db,
      harness.app.live,
      manager.result.tenant.id,
      { userIds: [manager.result.user.id] },
      { type: 'SYSTEM', title: system, message: 'Maintenance' },
    );
    await harness.app.notificationChannels.settled();
    expect(await outboxFor('manager@demo.test', title)).toHaveLength(1);
    expect(await outboxFor('manager@demo.test', system)).toEqual([]);
  });

  it('keeps a category with in-app turned off in the history already read, without raising the badge', async () => {
    const off = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      channels: { ...DEFAULT_NOTIFICATION_PREFERENCES.channels, in_app: { TRANSACTION: true, APPROVAL: true, SECURITY: true, SYSTEM: false } },
    };
    expect((await savePreferences(viewer, off)).statusCode).toBe(200);
    const before = (await harness.app.inject({ url: url(''), headers: viewer.headers })).json().data.unreadCount;
    await notify(
      harness.app.db,
      harness.app.live,
      viewer.result.tenant.id,
      { userIds: [viewer.result.user.id] },
      { type: 'SYSTEM', title: 'Quiet system note', message: 'x' },
    );
    const after = (await harness.app.inject({ url: url(''), headers: viewer.headers })).json().data;
    expect(after.unreadCount).toBe(before);
    expect(after.items[0]).toMatchObject({ title: 'Quiet system note', read: true });
    await savePreferences(viewer, DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe('SMS through the local outbox driver', () => {
  it('refuses a test SMS without a phone number, then keeps it in the outbox that only administrators read', async () => {
    const noPhone = await harness.app.inject({ method: 'POST', url: url('/test'), headers: viewer.headers, payload: { channel: 'sms' } });
    expect(noPhone.statusCode).toBe(409);
    expect(noPhone.json().error.reason).toBe('NOTIFICATION__NO_PHONE');
    await harness.app.db.withTenant(viewer.result.tenant.id, (tx) =>
      tx.update(users).set({ phone: '+351912345678' }).where(eq(users.id, viewer.result.user.id)),
    );
    const sent = await harness.app.inject({ method: 'POST', url: url('/test'), headers: viewer.headers, payload: { channel: 'sms' } });
    expect(sent.json().data).toEqual({ channel: 'sms', deliveredTo: 'sms-outbox' });
    const outbox = await harness.app.inject({ url: url('/sms-outbox'), headers: admin.headers });
    expect(outbox.json().data[0]).toMatchObject({ to: '+351912345678', body: 'Test notification: This is a test sms notification from Carbonledger.' });
    expect((await harness.app.inject({ url: url('/sms-outbox'), headers: viewer.headers })).statusCode).toBe(403);
  });
});

interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on a local port: records each request and answers with the status the test sets. */
async function startPushService() {
  const received: PushRequest[] = [];
  let status = 201;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, answer: (next: number) => (status = next), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function jwkOf(publicKey: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

describe('Web Push', () => {
  it('sends a message encrypted for the subscription (RFC 8291) and signed with the VAPID key (RFC 8292)', async () => {
    const pushService = await startPushService();
    try {
      // The browser's side: its ECDH key pair and auth secret, as PushSubscription.toJSON() gives them.
      const browserKeys = createECDH('prime256v1');
      browserKeys.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const endpoint = `${pushService.origin}/push/device-1`;
      const subscribe = await harness.app.inject({
        method: 'POST',
        url: url('/push/subscriptions'),
        headers: manager.headers,
        payload: { endpoint, keys: { p256dh: browserKeys.getPublicKey().toString('base64url'), auth: authSecret } },
      });
      expect(subscribe.statusCode).toBe(200);
      const config = (await harness.app.inject({ url: url('/push/config'), headers: manager.headers })).json().data;
      expect(config.subscriptions).toBe(1);

      const test = await harness.app.inject({ method: 'POST', url: url('/test'), headers: manager.headers, payload: { channel: 'push' } });
      expect(test.json().data).toEqual({ channel: 'push', deliveredTo: 'push (1 device)' });
      const [request] = pushService.received;
      expect(request!.path).toBe('/push/device-1');
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request!.headers.ttl)).toBeGreaterThan(0);

      // RFC 8292: Authorization: vapid t=<JWT>, k=<the application server's public key>.
      const authorization = /^vapid t=([^,]+), k=(.+)$/.exec(request!.headers.authorization ?? '');
      expect(authorization).not.toBeNull();
      const [, jwt, key] = authorization!;
      expect(key).toBe(config.publicKey);
      const [header, claims, signature] = jwt!.split('.');
      expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ typ: 'JWT', alg: 'ES256' });
      const claimed = JSON.parse(Buffer.from(claims!, 'base64url').toString());
      expect(claimed.aud).toBe(pushService.origin);
      expect(claimed.sub).toMatch(/^mailto:/);
      expect(claimed.exp * 1000).toBeGreaterThan(Date.now());
      expect(claimed.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
      const signed = verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: jwkOf(Buffer.from(key!, 'base64url')), dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      );
      expect(signed).toBe(true);

      // RFC 8291: only the subscription's private key and auth secret open the message.
      const opened = ece.decrypt(request!.body, { version: 'aes128gcm', privateKey: browserKeys, authSecret });
      expect(JSON.parse(opened.toString('utf8'))).toMatchObject({
        title: 'Test notification',
        type: 'SYSTEM',
        link: `${harness.app.publicBaseUrl}/settings?tab=notifications`,
      });
      const stranger = createECDH('prime256v1');
      stranger.generateKeys();
      expect(() => ece.decrypt(request!.body, { version: 'aes128gcm', privateKey: stranger, authSecret })).toThrow();

      // 410 Gone: the browser dropped the subscription, so the row goes and the next test has no device.
      pushService.answer(410);
      const gone = await harness.app.inject({ method: 'POST', url: url('/test'), headers: manager.headers, payload: { channel: 'push' } });
      expect(gone.statusCode).toBe(409);
      expect((await harness.app.inject({ url: url('/push/config'), headers: manager.headers })).json().data.subscriptions).toBe(0);
    } finally {
      await pushService.close();
    }
  });

  it('refuses a subscription that is not a URL or carries control characters', async () => {
    const bad = await harness.app.inject({
      method: 'POST',
      url: url('/push/subscriptions'),
      headers: manager.headers,
      payload: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'abc', auth: 'def' } },
    });
    expect(bad.statusCode).toBe(400);
    const nul = await harness.app.inject({
      method: 'POST',
      url: url('/push/subscriptions'),
      headers: manager.headers,
      payload: { endpoint: 'https://push.example/x', keys: { p256dh: 'a\u0000b', auth: 'def' } },
    });
    expect(nul.statusCode).toBe(400);
  });
});
