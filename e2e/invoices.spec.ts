import { expect, test } from '@playwright/test';
import { callApi, seriousViolations, signIn } from './helpers';

interface Stats {
  currencies: { currency: string; totalRevenue: string }[];
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));
const dollars = (value: bigint) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    `${value / 100n}.${String(value % 100n).padStart(2, '0')}` as Intl.StringNumericLiteral,
  );

/**
 * Issue 16 Done-when: an administrator creates an invoice, pays it through the three-step
 * payment dialog (details with the payment method required, confirmation, processing, success)
 * and the Total revenue card grows by the invoice's total.
 */
test('an invoice is created, paid through the three-step dialog, and the summary follows', async ({ page }) => {
  const title = `E2E consulting ${Date.now()}`;
  const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  await signIn(page, 'admin@demo.test');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
  const summary = page.getByRole('region', { name: 'Invoice summary' });
  const revenueCard = summary.locator('.MuiCard-root').filter({ hasText: 'Total revenue' });
  await expect(revenueCard).toContainText('$');
  const before = await callApi<Stats>(page, 'GET', '/invoices/stats');
  const revenueBefore = cents(before.body.data.currencies.find((entry) => entry.currency === 'USD')?.totalRevenue ?? '0.00');

  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog', { name: 'New invoice' });
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByLabel(/^Due date/).fill(dueDate);
  await form.getByRole('textbox', { name: 'Description' }).fill('Advisory hours');
  await form.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await form.getByRole('textbox', { name: 'Unit price' }).fill('125.50');
  await expect(form.getByText('Total: $251.00', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Create and issue' }).click();
  await expect(page.getByText(/Invoice INV-\d{6} created\./)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('$251.00');
  const number = /INV-\d{6}/.exec((await row.textContent()) ?? '')![0];
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Actions for invoice ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: `Payment for invoice ${number}` });
  await expect(dialog.getByText('Balance due: $251.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Payment method is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: /Payment method/ }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await dialog.getByRole('textbox', { name: 'Reference' }).fill('WIRE-2026-001');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByText('Please check the payment before it is recorded.')).toBeVisible();
  await expect(dialog.getByText('This pays the balance: the invoice is marked paid, which cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(dialog.getByText('Payment of $251.00 recorded. The invoice is paid.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(row).toContainText('Paid');
  await expect(revenueCard).toContainText(dollars(revenueBefore + 25_100n));
});
