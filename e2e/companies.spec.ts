import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Issue 14, companies: a platform administrator onboards a customer company and invites its
 * first administrator, who accepts the e-mailed link (the embedded outbox), signs in, sees
 * only their own company and edits it in Settings → Company (not its tax ID). The tenant's
 * branding, saved by an administrator, repaints the app.
 */
test('an administrator onboards a company whose invited administrator accepts, signs in and manages it', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `boss-${stamp}@azul.test`;
  const name = `Azul Carbono ${stamp}`;
  const taxId = `${String(stamp).slice(-2)}.${String(stamp).slice(-5, -2)}.678/0001-90`;

  await signIn(page, 'admin@demo.test');
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Companies');
  const table = page.getByRole('table', { name: 'Companies' });
  await expect(table.getByRole('row').filter({ hasText: 'Verde Energia S.A.' })).toContainText('Approved');
  await page.getByLabel('Search by name, legal name or tax ID').fill('Verde');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search by name, legal name or tax ID').fill('');

  await page.getByRole('link', { name: 'Onboard company' }).click();
  await expect(page).toHaveURL(/\/companies\/new$/);
  await page.getByRole('button', { name: 'Onboard company' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();

  await page.getByLabel('Company name').fill(name);
  await page.getByLabel('Legal name').fill(`${name} Ltda.`);
  await page.getByLabel('Tax ID').fill('123');
  await page.getByLabel('Street and number').fill('Rua do Sol, 20');
  await page.getByLabel('City').fill('Salvador');
  await page.getByLabel('Contact e-mail').fill('contato@azul.test');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('First name').fill('Bruna');
  await page.getByLabel('Last name').fill('Azul');
  await page.getByRole('button', { name: 'Onboard company' }).click();
  await expect(page.getByText('Invalid tax ID for the selected country')).toBeVisible();
  await page.getByLabel('Tax ID').fill(taxId);
  await page.getByRole('button', { name: 'Onboard company' }).click();

  await expect(page.getByText(`${name} onboarded; invitation sent to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
  const companyUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Users (1)')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Pending verification');
  await expect(page.getByText('No wallets registered.')).toBeVisible();
  await expect(page.getByText('Not started')).toBeVisible();

  // The invitation, read in the product's outbox (no SMTP_URL on the embedded default).
  await page.goto('/team/users');
  const outbox = page.getByRole('region', { name: 'Outbox' });
  await outbox.getByText(`${email} · You are invited to Carbonledger`).click();
  const message = outbox.getByTestId('outbox-message').filter({ hasText: 'Bruna' }).first();
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec((await message.textContent()) ?? '')?.[0];
  expect(link).toBeDefined();

  const invited = await (await browser.newContext()).newPage();
  await invited.goto(new URL(link!).pathname);
  await expect(invited.getByText(`Hello Bruna, you are invited to join ${name} as ${email}.`)).toBeVisible();
  await invited.getByLabel(/^New password/).fill('Chosen!2345b');
  await invited.getByLabel('Confirm the new password').fill('Chosen!2345b');
  await invited.getByRole('button', { name: 'Accept the invitation' }).click();
  await invited.getByRole('link', { name: 'Sign in' }).click();
  await signIn(invited, email, 'Chosen!2345b');

  // Their own company only: the list, and another company's profile is refused.
  await invited.goto('/companies');
  await expect(invited.getByRole('table', { name: 'Companies' }).getByRole('row')).toHaveCount(2);
  await expect(invited.getByRole('table', { name: 'Companies' })).toContainText(name);
  await expect(invited.getByRole('link', { name: 'Onboard company' })).toHaveCount(0);
  await invited.goto(companyUrl);
  await expect(invited.getByRole('heading', { level: 1 })).toHaveText(name);
  const verdeId = await page.evaluate(async () => {
    const response = await fetch('/api/v1/companies?search=Verde', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return ((await response.json()) as { data: { id: string }[] }).data[0]!.id;
  });
  await invited.goto(`/companies/${verdeId}`);
  await expect(invited.getByText("You don't have permission to access this page.")).toBeVisible();

  // Settings → Company: the address is theirs to change, the tax ID is support's.
  await invited.goto('/settings?tab=company');
  await expect(invited.getByLabel('Tax ID')).toBeDisabled();
  await expect(invited.getByText('The tax ID cannot be changed here. Please contact support.')).toBeVisible();
  await invited.getByLabel('City').fill('Feira de Santana');
  await invited.getByRole('button', { name: 'Save changes' }).click();
  await expect(invited.getByText('Company details saved.')).toBeVisible();

  // The administrator's profile screen follows.
  await page.goto(companyUrl);
  await expect(page.getByText('Feira de Santana')).toBeVisible();
});

test('an administrator sets the tenant branding and the app repaints with it', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/settings?tab=company');
  await expect(page.getByRole('heading', { name: 'Branding of Demo' })).toBeVisible();
  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  const save = page.getByRole('button', { name: 'Save changes' }).last();
  const topBar = page.getByRole('banner');
  await expect(topBar).toHaveCSS('background-color', 'rgb(15, 76, 92)');

  // A bad colour is refused with the field's text.
  await primary.fill('red');
  await save.click();
  await expect(page.getByText('Use a colour as #RRGGBB')).toBeVisible();

  await primary.fill('#aa2233');
  await page.getByLabel('Upload logo (PNG or JPEG)').setInputFiles(path.join(import.meta.dirname, 'fixtures', 'logo.png'));
  await expect(page.getByRole('img', { name: 'Tenant logo' })).toBeVisible();
  await save.click();
  await expect(page.getByText('Branding saved: the app and new certificates use it.')).toBeVisible();
  await expect(topBar).toHaveCSS('background-color', 'rgb(170, 34, 51)');
  await expect(topBar.locator('img[src^="/api/v1/files/"]')).toBeVisible();

  // Another user of the tenant signs in with the tenant's look.
  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, 'viewer@demo.test');
  await expect(viewer.getByRole('banner')).toHaveCSS('background-color', 'rgb(170, 34, 51)');

  // The demo's own look again, for the other specs.
  await primary.fill('#0f4c5c');
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await save.click();
  await expect(topBar).toHaveCSS('background-color', 'rgb(15, 76, 92)');
  await expect(topBar.locator('img')).toHaveCount(0);
});
