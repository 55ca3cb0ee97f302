import { expect, test } from '@playwright/test';
import { callApi, signedInPage } from './helpers';

/**
 * Issue 14, roles and permissions: an administrator builds a custom role on the operator role
 * without the permission to mint, gives it to the demo operator, and the operator's open
 * screen follows at once — no reload, no new sign-in (docs/product.md §6).
 */
test('an administrator creates a custom role and assigns it; the signed-in user sees the change at once', async ({ browser }) => {
  const operator = await signedInPage(browser, 'operator@demo.test');
  await operator.goto('/minting');
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText('Minting');
  const cannotMint = operator.getByText('Your role can follow minting jobs but cannot start a batch.');
  await expect(cannotMint).toBeHidden();

  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/team/roles');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Roles & Permissions');
  const matrix = admin.getByRole('table', { name: 'Permissions of the fixed roles' });
  await expect(matrix.getByRole('columnheader', { name: 'Operator' })).toBeVisible();
  await expect(matrix.getByRole('row', { name: /Mint tokens/ })).toBeVisible();

  const name = `Retirement desk ${Date.now()}`;
  await admin.getByRole('button', { name: 'New custom role' }).click();
  const editor = admin.getByRole('dialog', { name: 'New custom role' });
  await editor.getByRole('combobox', { name: 'Company' }).click();
  await admin.getByRole('option', { name: 'Verde Energia S.A.' }).click();
  await editor.getByLabel('Name').fill(name);
  await editor.getByRole('combobox', { name: 'Base role' }).click();
  await admin.getByRole('option', { name: 'Operator' }).click();
  await expect(editor.getByLabel('Retire credits')).toBeChecked();
  await expect(editor.getByLabel('Decide on wallets')).toBeDisabled();
  await editor.getByLabel('Mint tokens').uncheck();
  await editor.getByRole('button', { name: 'Create role' }).click();
  await expect(admin.getByText('Custom role created')).toBeVisible();
  const row = admin.getByRole('table', { name: 'Custom roles' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Operator');

  await row.getByRole('button', { name: `Users of ${name}` }).click();
  const users = admin.getByRole('dialog', { name: `Users of ${name}` });
  // The switch shows what the server holds: it turns on once the assignment is saved.
  const holds = users.getByRole('switch', { name: 'Otavio Pereira holds this role' });
  await holds.click();
  await expect(admin.getByText(`Otavio Pereira now holds ${name}`)).toBeVisible();
  await expect(holds).toBeChecked();
  await users.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // The operator's open screen: the batch form gives way to the notice, without a reload.
  await expect(cannotMint).toBeVisible();
  const minting = await callApi(operator, 'POST', '/minting/preview', {
    projectId: '3107',
    quantity: 1,
    tokenName: 'Texas Wind 2023',
    symbol: 'TXW23',
    walletId: '00000000-0000-4000-8000-000000000000',
  });
  expect(minting.status).toBe(403);

  // Taken away again (which also leaves the demo operator as it was for the other specs): the form comes back.
  await row.getByRole('button', { name: `Users of ${name}` }).click();
  await holds.click();
  await expect(admin.getByText(`Otavio Pereira no longer holds ${name}`)).toBeVisible();
  await expect(holds).not.toBeChecked();
  await users.getByRole('button', { name: 'Done' }).click();
  await expect(cannotMint).toBeHidden();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await admin
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(admin.getByText(`Custom role ${name} deleted`)).toBeVisible();
  await expect(row).toBeHidden();
});
