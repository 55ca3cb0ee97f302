import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs } from '../auth/auth.testing';
import { postWebhook } from './webhooks.http';
import { startReceiver, type Receiver } from './webhooks.testing';
import { assertAllowedWebhookUrl, isPublicAddress } from './webhooks.url-policy';

const production = { production: true };

async function refusal(url: string): Promise<string | undefined> {
  try {
    await assertAllowedWebhookUrl(url, production);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.reason;
    throw error;
  }
}

describe('SSRF: where a production webhook may point', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://127.8.9.10/hook',
    'https://10.1.2.3/hook',
    'https://172.20.0.1/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'https://api.localhost/hook',
  ])('refuses %s', async (url) => {
    expect(await refusal(url)).toBe('WEBHOOK__PRIVATE_TARGET');
  });

  it('requires https in production, and allows a loopback http receiver in test and development', async () => {
    expect(await refusal('http://93.184.215.14/hook')).toBe('WEBHOOK__HTTPS_REQUIRED');
    await expect(assertAllowedWebhookUrl('http://127.0.0.1:9/hook', { production: false })).resolves.toBeUndefined();
  });

  it('accepts a public address', async () => {
    expect(await refusal('https://93.184.215.14/hook')).toBeUndefined();
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusal('https://no-such-host.invalid/hook')).toBe('WEBHOOK__UNRESOLVABLE');
  });
});

describe('SSRF at delivery time', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('never connects to a loopback receiver in production, by address or by a name resolving to it', async () => {
    const port = new URL(receiver.url).port;
    const byAddress = await postWebhook(`https://127.0.0.1:${port}/hooks`, {}, '{}', production);
    expect(byAddress).toMatchObject({ statusCode: null, succeeded: false });
    expect(byAddress.error).toMatch(/^Refused: 127\.0\.0\.1 is not a public address/);
    // The name is resolved by the delivery's own lookup, which refuses the loopback answer before connecting.
    const byName = await postWebhook(`https://localhost:${port}/hooks`, {}, '{}', production);
    expect(byName).toMatchObject({ statusCode: null, succeeded: false });
    expect(byName.error).toMatch(/^Refused: /);
    expect(await postWebhook(`http://localhost:${port}/hooks`, {}, '{}', production)).toMatchObject({ error: 'Refused: the endpoint URL does not use https' });
    expect(receiver.received).toHaveLength(0);

    // Outside production the same receiver is reached.
    expect(await postWebhook(receiver.url, {}, '{}', { production: false })).toMatchObject({ statusCode: 200, succeeded: true });
    expect(receiver.received).toHaveLength(1);
  });
});

describe('SSRF through the API of a production app', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ env: { NODE_ENV: 'production' } });
  }, 60_000);
  afterAll(() => harness?.close());

  it('answers 400 with the url field for a loopback, private or plain-http endpoint', async () => {
    const who = await signInAs(harness.app, 'companyadmin@demo.test');
    for (const [url, reason] of [
      ['https://127.0.0.1:8443/hook', 'WEBHOOK__PRIVATE_TARGET'],
      ['https://169.254.169.254/hook', 'WEBHOOK__PRIVATE_TARGET'],
      ['http://93.184.215.14/hook', 'WEBHOOK__HTTPS_REQUIRED'],
    ] as const) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: who.headers,
        payload: { url, events: ['mint.completed'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', reason });
      expect(Object.keys(response.json().error.fields as object)).toEqual(['url']);
    }
  });
});
