import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

/**
 * Issue 18 item 5 (docs/product.md §3 Data export): on Settings → Advanced a company
 * administrator requests a CSV export of the company's users, sees the job complete while the
 * tab is open (data_export_update), downloads the file and deletes it.
 */
test('a company administrator exports the users as CSV, sees it complete live and downloads it', async ({ page }) => {
  await signIn(page, 'companyadmin@demo.test');
  await page.goto('/settings?tab=advanced');
  await expect(page.getByRole('heading', { name: 'Data export', level: 2 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Data to export' }).click();
  await page.getByRole('option', { name: 'Users' }).click();
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'CSV' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('The export was queued. Its progress shows below.')).toBeVisible();

  const table = page.getByRole('table', { name: 'Exports' });
  const row = table.getByTestId('data-export-row').first();
  await expect(row.getByRole('cell', { name: 'Users', exact: true })).toBeVisible();
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText(/\d+ records?/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download carbonledger-users-\d{4}-\d{2}-\d{2}\.csv$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^carbonledger-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFid,email,firstName,lastName,role,status,verified,phone,jobTitle,department,companyId,companyName,lastLoginAt,createdAt',
  );
  expect(csv).toContain('companyadmin@demo.test');
  expect(csv).not.toContain(',admin@demo.test,');

  const before = await table.getByTestId('data-export-row').count();
  await row.getByRole('button', { name: /^Delete carbonledger-users-/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByTestId('data-export-row')).toHaveCount(before - 1);
});
