import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { startTestSmtpServer } from '../mail/mail.testing';
import { notify } from './notifications.service';

let harness: TestApp;
let manager: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  harness = await createTestApp();
  manager = await signInAs(harness.app, 'manager@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
});
afterAll(() => harness.close());

const list = (who: SignedIn, query = '') => harness.app.inject({ url: `/api/v1/notifications${query}`, headers: who.headers });

async function sendToManager(title: string) {
  const { tenantId, id } = { tenantId: manager.result.tenant.id, id: manager.result.user.id };
  return notify(
    harness.app.db,
    harness.app.live,
    tenantId,
    { userIds: [id] },
    { type: 'TRANSACTION', title, message: `${title} details`, link: '/transactions' },
  );
}

describe('notifications', () => {
  it('lists the newest ten first with the unread count, and nothing of other users', async () => {
    for (let i = 1; i <= 12; i++) await sendToManager(`Mint ${i} confirmed`);
    const body = (await list(manager)).json();
    expect(body.success).toBe(true);
    expect(body.data.items).toHaveLength(10);
    expect(body.data.items[0]).toMatchObject({ title: 'Mint 12 confirmed', type: 'TRANSACTION', read: false, link: '/transactions' });
    expect(body.data.unreadCount).toBe(12);
    expect((await list(viewer)).json().data).toEqual({ items: [], unreadCount: 0 });
  });

  it('marks one read, then all read', async () => {
    const [first] = (await list(manager)).json().data.items;
    const read = await harness.app.inject({ method: 'PUT', url: `/api/v1/notifications/${first.id}/read`, headers: manager.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: first.id, read: true });
    expect((await list(manager)).json().data.unreadCount).toBe(11);

    const all = await harness.app.inject({ method: 'PUT', url: '/api/v1/notifications/read-all', headers: manager.headers });
    expect(all.json().data).toEqual({ updated: 11, unreadCount: 0 });
    expect((await list(manager, '?unread=true')).json().data).toEqual({ items: [], unreadCount: 0 });
  });

  it("cannot read another user's notification", async () => {
    const [first] = (await list(manager)).json().data.items;
    const response = await harness.app.inject({ method: 'PUT', url: `/api/v1/notifications/${first.id}/read`, headers: viewer.headers });
    expect(response.statusCode).toBe(404);
  });

  it('rejects a malformed id and a bad limit with 400, and anonymous callers with 401', async () => {
    expect((await harness.app.inject({ method: 'PUT', url: '/api/v1/notifications/not-a-uuid/read', headers: manager.headers })).statusCode).toBe(400);
    expect((await list(manager, '?limit=0')).statusCode).toBe(400);
    expect((await harness.app.inject({ url: '/api/v1/notifications' })).json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('requires the CSRF token to change state', async () => {
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = manager.headers;
    const response = await harness.app.inject({ method: 'PUT', url: '/api/v1/notifications/read-all', headers: withoutCsrf });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_TOKEN_MISMATCH');
  });

  it('sends a test e-mail through the mail module (the outbox without SMTP_URL) and an in-app notification', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/notifications/test', headers: manager.headers, payload: { channel: 'email' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ channel: 'email', deliveredTo: 'outbox' });
    const admin = await signInAs(harness.app, 'admin@demo.test');
    const outbox = await harness.app.inject({ url: '/api/v1/mail/outbox', headers: admin.headers });
    expect(outbox.json().data.find((message: { to: string }) => message.to === 'manager@demo.test')).toMatchObject({
      kind: 'notification',
      subject: 'Test notification',
      text: expect.stringContaining(`${harness.app.publicBaseUrl}/settings?tab=notifications`),
    });
    expect((await list(manager)).json().data.items[0]).toMatchObject({ title: 'Test notification', type: 'SYSTEM', read: false });
    const bad = await harness.app.inject({ method: 'POST', url: '/api/v1/notifications/test', headers: manager.headers, payload: { channel: 'pigeon' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('e-mail notifications with SMTP_URL', () => {
  it('go out through the SMTP server, with the absolute link to open', async () => {
    const smtp = await startTestSmtpServer();
    const withSmtp = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const recipient = await signInAs(withSmtp.app, 'manager@demo.test');
      const response = await withSmtp.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/test',
        headers: recipient.headers,
        payload: { channel: 'email' },
      });
      expect(response.json().data).toEqual({ channel: 'email', deliveredTo: 'smtp' });
      const mail = await smtp.nextFor('manager@demo.test');
      expect(mail.raw).toContain('Subject: Test notification');
      expect(mail.text).toContain(`${withSmtp.app.publicBaseUrl}/settings?tab=notifications`);
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});
