import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, snap } from './helpers';

/**
 * Issue 18 Done-when: a company administrator creates an API key on /api-management, copies
 * the secret shown once, the test calls the API with it, and the usage chart counts the calls;
 * Settings → API & Integrations lists the key. A key with its own name, so other specs' keys never count.
 */
test('issue 18: create an API key, copy it, call the API with it, see the usage count the calls', async ({ browser, request }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, 'companyadmin@demo.test');
  const name = `E2E ERP ${Date.now()}`;

  await page.goto('/api-management');
  await expect(page.getByRole('heading', { level: 1, name: 'API Management' })).toBeVisible();
  await expect(page.getByTestId('not-available')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Nightly sync of our transactions');
  await expect(dialog.getByRole('checkbox', { name: 'Read transactions' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  const secretDialog = page.getByRole('dialog', { name: `Secret of ${name}` });
  await expect(secretDialog.getByText('it will not be shown again')).toBeVisible();
  await snap(page, 'api-key-secret');
  await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
  await expect(page.getByText('Secret copied to the clipboard.')).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(/^clk_live_[0-9a-f]{16}_/);
  expect(await secretDialog.getByTestId('api-key-secret').inputValue()).toBe(secret);
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretDialog).toBeHidden();

  // The integration's calls, from outside the browser: three reads it may make, one it may not.
  const headers = { 'x-api-key': secret, 'x-forwarded-for': '203.0.113.18' };
  for (let i = 0; i < 3; i += 1) expect((await request.get('/api/v1/transactions', { headers })).status()).toBe(200);
  expect((await request.get('/api/v1/portfolio', { headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': '203.0.113.18' } })).status()).toBe(403);

  const row = page.getByTestId(`api-key-row-${name}`);
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: 'Usage' }).click();
  const usage = page.getByRole('region', { name: 'Usage analytics' });
  await expect(usage.getByTestId('usage-requests')).toContainText('4', { timeout: 20_000 });
  await expect(usage.getByTestId('usage-errors')).toContainText('1');
  await expect(usage.getByRole('img', { name: /4 requests, 1 errors/ })).toBeVisible();
  await expect(usage.getByRole('table', { name: 'Top endpoints' })).toContainText('GET /api/v1/transactions');
  await expect(row).not.toContainText('Never used', { timeout: 20_000 });
  await snap(page, 'api-key-usage');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/settings?tab=api');
  const summary = page.getByRole('region', { name: 'API keys' });
  await expect(summary.getByText(name)).toBeVisible();
  await summary.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page).toHaveURL(/\/api-management$/);

  // Revoked, the key is refused at once.
  await page
    .getByTestId(`api-key-row-${name}`)
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  await page
    .getByRole('dialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByTestId(`api-key-row-${name}`).getByText('Revoked')).toBeVisible();
  expect((await request.get('/api/v1/transactions', { headers })).status()).toBe(401);
  await context.close();
});
