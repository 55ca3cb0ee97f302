import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, snap } from './helpers';

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Issue 18 Done-when: a company administrator creates a webhook on /webhooks pointing at a
 * receiver this spec runs, sends a test event, and sees it delivered in the delivery log; the
 * receiver checks the Standard Webhooks signature with the secret the page showed once. The
 * endpoint's URL path is the spec's own, so no other spec's webhook is involved.
 */
test('issue 18: create a webhook, send a test event, see it in the delivery log', async ({ page }) => {
  const deliveries: Delivery[] = [];
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-${Date.now()}`;

  try {
    await signIn(page, 'companyadmin@demo.test');
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByTestId('not-available')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('Description').fill('E2E receiver');
    await dialog.getByRole('checkbox', { name: 'Minting completed (mint.completed)' }).check();
    await dialog.getByRole('checkbox', { name: 'Retirement completed (retirement.completed)' }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByText('it is shown only once')).toBeVisible();
    const secret = await secretDialog.getByLabel('Secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row.getByText('Enabled')).toBeVisible();
    await row.getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect(page.getByText('Test event queued.')).toBeVisible();

    const log = page.getByRole('table', { name: 'Deliveries' });
    const delivery = log.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    await delivery.getByRole('button', { name: /^Show the attempts of msg_/ }).click();
    const attempts = page.getByRole('table', { name: /^Attempts of msg_/ });
    await expect(attempts.getByText('received by the e2e receiver')).toBeVisible();
    await expect(attempts.getByText('200', { exact: true })).toBeVisible();
    await snap(page, 'webhooks-delivery-log');
    expect(await seriousViolations(page)).toEqual([]);

    // What the receiver got is signed the Standard Webhooks way with the secret the page showed once.
    expect(deliveries).toHaveLength(1);
    const [received] = deliveries;
    const id = String(received!.headers['webhook-id']);
    const timestamp = String(received!.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${received!.body}`)
      .digest('base64');
    expect(received!.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'webhook.test' });
    await expect(delivery.getByText(id)).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('issue 18: /api-docs lists the webhook event catalogue with payload schemas and the signature check', async ({ page }) => {
  await signIn(page, 'companyadmin@demo.test');
  await page.goto('/api-docs');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section).toBeVisible();
  await expect(section.getByText("createHmac('sha256', key)")).toBeVisible();
  await section.getByRole('button', { name: /mint\.completed/ }).click();
  const schema = section.getByRole('figure', { name: 'Payload (data) schema of mint.completed' });
  await expect(schema).toContainText('"serialNumbers"');
  await expect(schema).toContainText('"walletAddress"');
  expect(await seriousViolations(page)).toEqual([]);
});

test('issue 18: /api-docs explains API key authentication and generates curl and TypeScript examples from the OpenAPI document', async ({ page }) => {
  await signIn(page, 'companyadmin@demo.test');
  await page.goto('/api-docs');
  const section = page.getByRole('region', { name: 'Authentication' });
  await expect(section.getByText(/X-API-Key: clk_…/)).toBeVisible();
  await expect(section.getByText(/429 with Retry-After/)).toBeVisible();
  // The operations come from the served document: only those an API key opens.
  await section.getByRole('combobox', { name: 'Operation' }).click();
  const options = page.getByRole('option');
  expect(await options.count()).toBeGreaterThan(0);
  await expect(page.getByRole('option', { name: /\/api\/v1\/auth\// })).toHaveCount(0);
  await page
    .getByRole('option', { name: /^GET \/api\/v1\/transactions/ })
    .first()
    .click();
  await expect(section.getByRole('figure', { name: 'curl' })).toContainText('-H "Authorization: Bearer $CARBONLEDGER_API_KEY"');
  await expect(section.getByRole('figure', { name: 'TypeScript (fetch)' })).toContainText("method: 'GET'");
  expect(await seriousViolations(page)).toEqual([]);
});
