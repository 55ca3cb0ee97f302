import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Issue 14, team users on the embedded default (no SMTP_URL): an administrator invites a user
 * with a temporary password, reads the invitation in the product's outbox, and the invited
 * person accepts the link, signs in and must choose a new password before the dashboard opens.
 */
test('an invited user accepts the e-mailed link from the outbox, signs in and is made to change the temporary password', async ({ page, browser }) => {
  const email = `invited-${Date.now()}@customer.test`;
  const temporary = 'Temp!2345a';
  const chosen = 'Chosen!2345b';

  await signIn(page, 'admin@demo.test');
  await page.goto('/team/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('viewer@demo.test');
  await expect(page.getByRole('region', { name: 'Role distribution' })).toContainText('Viewer');

  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('First name').fill('Iris');
  await dialog.getByLabel('Last name').fill('Invited');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Operator' }).click();
  await dialog.getByLabel('Temporary password').fill(temporary);
  await expect(dialog.getByLabel('Send an invitation e-mail')).toBeChecked();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(`User ${email} created and invitation sent`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Pending verification');
  await expect(row).toContainText('Not verified');

  const outbox = page.getByRole('region', { name: 'Outbox' });
  await outbox.getByText(`${email} · You are invited to Carbonledger`).click();
  const message = outbox.getByTestId('outbox-message').filter({ hasText: 'Iris' }).first();
  await expect(message).toContainText('temporary password your administrator gave you');
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec((await message.textContent()) ?? '')?.[0];
  expect(link).toBeDefined();

  // The invited person, in a browser of their own.
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(new URL(link!).pathname);
  await expect(invited.getByText(`Hello Iris, you are invited to join Carbonledger Platform as ${email}.`)).toBeVisible();
  await invited.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(invited.getByText('Invitation accepted. Sign in with your temporary password to choose your own.')).toBeVisible();
  await invited.getByRole('link', { name: 'Sign in' }).click();
  await expect(invited).toHaveURL(/\/login$/);

  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel(/^Password/).fill(temporary);
  await invited.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(invited.getByText('Your password is temporary. Choose a new password to sign in.')).toBeVisible();
  await invited.getByLabel(/^New password/).fill(chosen);
  await invited.getByLabel('Confirm the new password').fill(chosen);
  await invited.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(invited).toHaveURL(/\/dashboard$/);

  // The link is used up (seen signed out: a signed-in user opening a sign-in page lands on the dashboard), and the table shows the user active and verified.
  const later = await (await browser.newContext()).newPage();
  await later.goto(new URL(link!).pathname);
  await expect(later.getByText('This link has already been used.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Verified');
});

test('Forgot password? sends a reset link to the outbox; the new password signs in', async ({ page, browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/login');
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(visitor.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await visitor.getByLabel('Email').fill('manager@demo.test');
  await visitor.getByRole('button', { name: 'Send the link' }).click();
  await expect(visitor.getByText('If an account exists for this e-mail, we have sent a link to reset its password.')).toBeVisible();

  await signIn(page, 'admin@demo.test');
  await page.goto('/team/users');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  await outbox.getByText('manager@demo.test · Reset your Carbonledger password').first().click();
  const text = (await outbox.getByTestId('outbox-message').filter({ hasText: 'reset-password' }).first().textContent()) ?? '';
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link).toBeDefined();

  await visitor.goto(new URL(link!).pathname);
  await visitor.getByLabel(/^New password/).fill('Reset!2345c');
  await visitor.getByLabel('Confirm the new password').fill('Reset!2345c');
  await visitor.getByRole('button', { name: 'Save the new password' }).click();
  await expect(visitor.getByText('Your password has been reset. Please sign in.')).toBeVisible();
  await signIn(visitor, 'manager@demo.test', 'Reset!2345c');
});
