import { expect, test } from '@playwright/test';

test('the web app loads from the product server', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Carbonledger');
  await expect(page.getByText('Enterprise Carbon Credits Management')).toBeVisible();
});

test('a deep link is answered by the web app, not a 404', async ({ page }) => {
  const response = await page.goto('/carbon-projects');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Carbonledger');
});

test('the health endpoint is green', async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.success).toBe(true);
  expect(body.data.status).toBe('ok');
  expect(Object.values(body.data.components).map((c) => (c as { status: string }).status)).toEqual(['up', 'up', 'up', 'up']);
});
