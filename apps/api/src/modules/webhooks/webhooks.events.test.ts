import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { webhookPayloadSchema, webhookWithSecretSchema, type WebhookPayload } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { decide, registerNewWallet } from '../wallets/wallets.testing';
import { startReceiver, type Receiver } from './webhooks.testing';

let harness: TestApp;
let receiver: Receiver;
let companyAdmin: SignedIn;
let admin: SignedIn;
let viewer: SignedIn;
let baseUrl: string;
const app = () => harness.app;

interface StreamedEvent {
  id: string;
  event: string;
  payload: WebhookPayload;
}

/** An open GET /events/stream: the events parsed as they come, and the raw text (keep-alive comments included). */
interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: StreamedEvent[];
  text: () => string;
  waitFor(predicate: (events: StreamedEvent[]) => boolean, timeoutMs?: number): Promise<StreamedEvent[]>;
  close(): void;
}

function openStream(who: SignedIn, query = '', headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/v1/events/stream${query}`, { headers: { authorization: `Bearer ${who.token}`, ...headers } }, (response) => {
      let raw = '';
      const events: StreamedEvent[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        const blocks = raw.split('\n\n').filter((part) => part.includes('\ndata: '));
        for (const block of blocks.slice(events.length)) {
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2) ?? '';
          events.push({ id: field('id'), event: field('event'), payload: webhookPayloadSchema.parse(JSON.parse(field('data'))) });
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        text: () => raw,
        async waitFor(predicate, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs;
          while (!predicate(events)) {
            if (Date.now() > deadline) throw new Error(`stream never got there: ${JSON.stringify(events.map((event) => event.event))}`);
            await new Promise((done) => setTimeout(done, 50));
          }
          return events;
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  harness = await createTestApp({ env: { WEBHOOK_DISPATCH_INTERVAL_MS: '100' } });
  await app().listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
  companyAdmin = await signInAs(app(), 'companyadmin@demo.test');
  admin = await signInAs(app(), 'admin@demo.test');
  viewer = await signInAs(app(), 'viewer@demo.test');
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await harness?.close();
});

describe('events of the product reach webhooks and the event stream', () => {
  it('a wallet approved and one rejected by an administrator are delivered, signed, and streamed to the company', async () => {
    const created = await app().inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: companyAdmin.headers,
      payload: { url: receiver.url, events: ['wallet.approved', 'wallet.rejected', 'approval.decided'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { secret } = webhookWithSecretSchema.parse(created.json().data);
    const stream = await openStream(companyAdmin, '?types=wallet.approved,wallet.rejected');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');

    const approved = await registerNewWallet(app(), companyAdmin, 'Webhook Treasury');
    const rejected = await registerNewWallet(app(), companyAdmin, 'Webhook Rejected');
    expect((await decide(app(), admin, approved.wallet.id, 'approve')).statusCode).toBe(200);
    expect((await decide(app(), admin, rejected.wallet.id, 'reject', 'Unknown custodian')).statusCode).toBe(200);

    const deliveries = await receiver.waitFor(4);
    const payloads = deliveries.map((delivery) => {
      const headers = Object.fromEntries(Object.entries(delivery.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      return webhookPayloadSchema.parse(new StandardWebhook(secret!).verify(delivery.body, headers));
    });
    expect(payloads.map((payload) => payload.type).sort()).toEqual(['approval.decided', 'approval.decided', 'wallet.approved', 'wallet.rejected']);
    expect(payloads.find((payload) => payload.type === 'wallet.approved')!.data).toMatchObject({
      walletId: approved.wallet.id,
      address: approved.wallet.address,
    });
    expect(payloads.find((payload) => payload.type === 'wallet.rejected')!.data).toMatchObject({ walletId: rejected.wallet.id, reason: 'Unknown custodian' });
    expect(payloads.filter((payload) => payload.type === 'approval.decided').map((payload) => payload.data.decision)).toEqual(
      expect.arrayContaining(['approved', 'rejected']),
    );

    // The stream carried the same events, narrowed to the types asked for, with increasing ids.
    const streamed = await stream.waitFor((events) => events.length >= 2);
    expect(streamed.map((event) => event.event)).toEqual(['wallet.approved', 'wallet.rejected']);
    expect(streamed[0]!.payload).toEqual(payloads.find((payload) => payload.type === 'wallet.approved'));
    expect(BigInt(streamed[1]!.id)).toBeGreaterThan(BigInt(streamed[0]!.id));
    stream.close();

    // Resuming after the first event with Last-Event-ID replays what followed it.
    const resumed = await openStream(companyAdmin, '', { 'last-event-id': streamed[0]!.id });
    const replayed = await resumed.waitFor((events) => events.some((event) => event.event === 'wallet.rejected'));
    expect(replayed.map((event) => event.event)).not.toContain('wallet.approved');
    expect(replayed.map((event) => event.id)).toContain(streamed[1]!.id);
    resumed.close();
  });

  it('refuses the stream without credentials or to a role that may not open /webhooks, and refuses unknown types', async () => {
    const anonymous = await fetch(`${baseUrl}/api/v1/events/stream`);
    expect(anonymous.status).toBe(401);
    const refused = await openStream(viewer);
    expect(refused.status).toBe(403);
    refused.close();
    const unknown = await openStream(companyAdmin, '?types=invoice.unknown');
    expect(unknown.status).toBe(400);
    unknown.close();
  });
});
