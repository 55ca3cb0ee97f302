import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { callApi, signIn, signedInPage } from './helpers';

/**
 * Issue 14 item 6 (docs/product.md §2 /team/activity): a manager reads who of their company did
 * what, as sentences; a change by a colleague appears while the screen is open; the filters
 * narrow the list and the CSV export holds what is filtered; a viewer is refused the screen.
 */
test('a manager follows their company’s activity live, filters it and exports it as CSV', async ({ browser, page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/team/activity');
  await expect(page.getByRole('heading', { name: 'Activity Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity log' });
  await expect(table.getByRole('cell', { name: 'Marcos Lima signed in' }).first()).toBeVisible();
  await expect(table.getByText('security.login_succeeded')).toHaveCount(0);

  const colleague = await signedInPage(browser, 'operator@demo.test');
  const saved = await callApi(colleague, 'PATCH', '/auth/profile', { department: 'Carbon desk' });
  expect(saved.status).toBe(200);
  await expect(table.getByRole('cell', { name: 'Otavio Pereira updated their profile' }).first()).toBeVisible();

  await page.getByLabel('Action type').click();
  await page.getByRole('option', { name: 'Users and profile' }).click();
  await expect(table.getByRole('cell', { name: 'Otavio Pereira updated their profile' }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Marcos Lima signed in' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-.*\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain('Otavio Pereira updated their profile');
  expect(csv).not.toContain('signed in');
});

test('a viewer is refused the activity screen', async ({ page }) => {
  await signIn(page, 'viewer@demo.test');
  await page.goto('/team/activity');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
