import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import {
  apiKeyTexts,
  apiKeyWithSecretSchema,
  errorCatalogue,
  invoiceSchema,
  webhookPayloadSchema,
  webhookWithSecretSchema,
  type ApiKeyPermission,
  type ApiKeyWithSecret,
  type WebhookEventType,
  type WebhookPayload,
} from '@carbonledger/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { mintingDeps, type MintingDeps } from '../minting';
import { approvedWallet, createMintingBatch, freeSubranges, importSerials, runMintingJob } from '../minting/minting.testing';
import { post } from '../retirements/retirements.testing';
import { startReceiver, type Receiver } from './webhooks.testing';

let harness: TestApp;
let receiver: Receiver;
let companyAdmin: SignedIn;
let admin: SignedIn;
let finance: SignedIn;
let secret: string;
let baseUrl: string;
const app = () => harness.app;

beforeAll(async () => {
  harness = await createTestApp({ env: { WEBHOOK_DISPATCH_INTERVAL_MS: '100' } });
  await app().listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
  companyAdmin = await signInAs(app(), 'companyadmin@demo.test');
  admin = await signInAs(app(), 'admin@demo.test');
  finance = await signInAs(app(), 'finance@demo.test');
  const created = await app().inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: companyAdmin.headers,
    payload: { url: receiver.url, events: ['invoice.paid', 'minting_job.completed', 'minting_job.failed'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  secret = webhookWithSecretSchema.parse(created.json().data).secret!;
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await harness?.close();
});

/** The deliveries received so far of one event type, each verified with the Standard Webhooks reference library. */
async function deliveriesOf(type: WebhookEventType, count: number): Promise<WebhookPayload[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const payloads = receiver.received.map((delivery) => {
      const headers = Object.fromEntries(Object.entries(delivery.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      return webhookPayloadSchema.parse(new StandardWebhook(secret).verify(delivery.body, headers));
    });
    const matching = payloads.filter((payload) => payload.type === type);
    if (matching.length >= count || Date.now() > deadline) return matching;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('invoice.paid', () => {
  it('is delivered once, signed, when the payment that settles the invoice is recorded (not for a partial payment)', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = await post(app(), finance, '/api/v1/invoices', {
      title: 'Webhook consulting',
      currency: 'EUR',
      issueDate: day(0),
      dueDate: day(30),
      taxRate: '0',
      lines: [{ description: 'Integration hours', quantity: '2', unitPrice: '50.25' }],
      status: 'pending',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = invoiceSchema.parse(created.json().data);

    const partial = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'bank_transfer', amount: '0.50' });
    expect(partial.statusCode, partial.body).toBe(201);
    // The dispatcher runs every 100 ms: a partial payment had time to be (wrongly) announced.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await deliveriesOf('invoice.paid', 0)).toEqual([]);

    const settling = await post(app(), finance, `/api/v1/invoices/${invoice.id}/payments`, { method: 'bank_transfer' });
    expect(settling.statusCode, settling.body).toBe(201);
    const [paid, ...more] = await deliveriesOf('invoice.paid', 1);
    expect(more).toEqual([]);
    expect(paid!.data).toMatchObject({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      number: invoice.number,
      totalAmount: '100.50',
      currency: 'EUR',
      source: 'manual',
    });
  });
});

describe('minting_job events', () => {
  let actor: Actor;
  let deps: MintingDeps;
  let walletId: string;

  beforeAll(async () => {
    actor = { tenantId: companyAdmin.result.tenant.id, companyId: companyAdmin.result.company.id, userId: companyAdmin.result.user.id, role: 'COMPANY_ADMIN' };
    walletId = (await approvedWallet(app(), companyAdmin, admin, 'Webhook batch wallet')).wallet.id;
    deps = mintingDeps(app());
  }, 60_000);

  it('a completed batch is announced as minting_job.completed, a batch failing for good as minting_job.failed', async () => {
    const serials = await freeSubranges(app(), companyAdmin, '2250', 4, 2n);
    const blockIds = await importSerials(app(), actor, serials);
    const done = await createMintingBatch(deps, actor, { vcuBlockIds: blockIds.slice(0, 2), walletId });
    expect((await runMintingJob(deps, actor.tenantId, done.id)).status).toBe('completed');
    const [completed] = await deliveriesOf('minting_job.completed', 1);
    expect(completed!.data).toMatchObject({ jobId: done.id, companyId: actor.companyId, vcuCount: 2, totalAmount: '4', walletAddress: done.walletAddress });

    const doomed = await createMintingBatch(deps, actor, { vcuBlockIds: blockIds.slice(2), walletId });
    const failed = await runMintingJob(deps, actor.tenantId, doomed.id, {
      afterChunkSent: () => {
        throw new AppError('NOT_FOUND', 'Carbon project withdrawn');
      },
    });
    expect(failed.status).toBe('failed');
    const [failure] = await deliveriesOf('minting_job.failed', 1);
    expect(failure!.data).toMatchObject({ jobId: doomed.id, vcuCount: 2, totalAmount: '4', mintedAmount: '0', error: 'Carbon project withdrawn' });
    // One announcement per job, whatever the retries.
    expect(await deliveriesOf('minting_job.completed', 2)).toHaveLength(1);
  });
});

describe('the event stream and the credentials that opened it', () => {
  interface OpenStream {
    status: number;
    ended: Promise<void>;
    isOpen: () => boolean;
    /** What the server sent so far, comments included. */
    text: () => string;
    close: () => void;
  }

  /** Opens GET /events/stream with a session's token or an API key; resolves `ended` when the server closes the response. */
  function openStream(headers: Record<string, string>): Promise<OpenStream> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/v1/events/stream`, { headers }, (response) => {
        let open = true;
        let text = '';
        const ended = new Promise<void>((done) => response.on('close', () => ((open = false), done())));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        resolve({ status: response.statusCode ?? 0, ended, isOpen: () => open, text: () => text, close: () => request.destroy() });
      });
      request.on('error', reject);
    });
  }

  const sessionOf = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });

  /** Within a few poll intervals of the change, or 'still open'. */
  function endOf(stream: OpenStream): Promise<'closed' | 'still open'> {
    const timeout = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 5000));
    return Promise.race([stream.ended.then(() => 'closed' as const), timeout]);
  }

  async function createKey(name: string, permissions: ApiKeyPermission[] = ['transactions:read']): Promise<ApiKeyWithSecret> {
    const response = await app().inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...companyAdmin.headers, 'idempotency-key': randomUUID() },
      payload: { name, environment: 'production', permissions },
    });
    expect(response.statusCode, response.body).toBe(201);
    return apiKeyWithSecretSchema.parse(response.json().data);
  }

  const manageKey = (id: string, action: 'revoke' | 'rotate') =>
    app().inject({ method: 'POST', url: `/api/v1/api-keys/${id}/${action}`, headers: { ...companyAdmin.headers, 'idempotency-key': randomUUID() } });

  it('closes the stream of a session once it is revoked, and only that one', async () => {
    const revoked = await signInAs(app(), 'companyadmin@demo.test');
    const kept = await signInAs(app(), 'companyadmin@demo.test');
    const doomedStream = await openStream(sessionOf(revoked));
    const keptStream = await openStream(sessionOf(kept));
    expect([doomedStream.status, keptStream.status]).toEqual([200, 200]);

    expect((await app().inject({ method: 'POST', url: '/api/v1/auth/logout', headers: revoked.headers })).statusCode).toBe(200);
    expect(await endOf(doomedStream)).toBe('closed');
    expect(doomedStream.text()).toContain(`: ${errorCatalogue.SESSION_EXPIRED.message}\n\n`);
    expect(keptStream.isOpen()).toBe(true);
    // The revoked token cannot open it again.
    expect((await fetch(`${baseUrl}/api/v1/events/stream`, { headers: { authorization: `Bearer ${revoked.token}` } })).status).toBe(401);
    keptStream.close();
  });

  it('ends the stream of an API key once the key is revoked or rotated, saying why, and keeps another key’s', async () => {
    const revoked = await createKey('Stream revoked');
    const rotated = await createKey('Stream rotated');
    const kept = await createKey('Stream kept');
    const revokedStream = await openStream({ 'x-api-key': revoked.secret });
    const rotatedStream = await openStream({ authorization: `Bearer ${rotated.secret}` });
    const keptStream = await openStream({ 'x-api-key': kept.secret });
    expect([revokedStream.status, rotatedStream.status, keptStream.status]).toEqual([200, 200, 200]);

    expect((await manageKey(revoked.key.id, 'revoke')).statusCode).toBe(200);
    expect((await manageKey(rotated.key.id, 'rotate')).statusCode).toBe(200);
    expect(await endOf(revokedStream)).toBe('closed');
    expect(await endOf(rotatedStream)).toBe('closed');
    for (const stream of [revokedStream, rotatedStream]) expect(stream.text()).toContain(`: ${apiKeyTexts.notActive}\n\n`);
    expect(keptStream.isOpen()).toBe(true);
    // Neither secret opens it again.
    for (const stale of [revoked.secret, rotated.secret])
      expect((await fetch(`${baseUrl}/api/v1/events/stream`, { headers: { 'x-api-key': stale } })).status).toBe(401);
    keptStream.close();
  });

  it('opens to API keys that read transactions only', async () => {
    const reader = await createKey('Company reader', ['company:read']);
    const refused = await fetch(`${baseUrl}/api/v1/events/stream`, { headers: { 'x-api-key': reader.secret } });
    expect(refused.status).toBe(403);
  });
});
