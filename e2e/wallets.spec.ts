import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations, signIn, snap } from './helpers';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Connects the built-in local dev wallet through the picker and answers its address. */
async function connectLocalDevWallet(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect wallet' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Choose a wallet' });
  await expect(picker.getByText('OneKey')).toBeVisible();
  await snap(page, 'wallet-picker');
  await picker.getByRole('button', { name: /Local dev wallet/ }).click();
  await expect(picker).toBeHidden();
  const address = (await page.getByTestId('connected-address').textContent()) ?? '';
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  return address;
}

test.describe.configure({ mode: 'serial' });

test('company wallet: register with the local dev wallet, approval by an administrator, verification signed in /tools/sign-base64', async ({ browser }) => {
  test.setTimeout(180_000);

  // A company admin connects the local dev wallet, funds it from the faucet and registers it.
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  await companyAdmin.goto('/wallets');
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await expect(companyAdmin.getByText('Approval takes up to 24 business hours.').first()).toBeVisible();
  const address = await connectLocalDevWallet(companyAdmin);
  await companyAdmin.getByRole('button', { name: /^Airdrop/ }).click();
  await expect(companyAdmin.getByText('received from the local faucet')).toBeVisible();
  await expect(companyAdmin.getByTestId('local-dev-balance')).toContainText('2 SOL');

  await companyAdmin.getByRole('button', { name: 'Register wallet' }).click();
  const register = companyAdmin.getByRole('dialog', { name: 'Register a company wallet' });
  await register.getByLabel('Wallet name (optional)').fill('E2E treasury');
  await register.getByRole('button', { name: 'Sign and register' }).click();
  await expect(companyAdmin.getByText('Wallet registered. An administrator must approve it before token operations (up to 24 business hours).')).toBeVisible();
  const row = companyAdmin.getByTestId(`wallet-row-${address}`);
  await expect(row).toContainText('E2E treasury');
  await expect(row).toContainText('Pending approval');
  await snap(companyAdmin, 'wallets-registered');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // Registering the same wallet again is informational, not an error.
  await companyAdmin.getByRole('button', { name: 'Register wallet' }).click();
  await register.getByRole('button', { name: 'Sign and register' }).click();
  await expect(companyAdmin.getByText('This wallet is already registered and pending approval.')).toBeVisible();

  // Copy address: clipboard and toast.
  await row.getByRole('button', { name: 'Copy address' }).click();
  await expect(companyAdmin.getByText('Address copied to the clipboard')).toBeVisible();
  expect(await companyAdmin.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // A viewer of the same company sees the wallet but cannot register, remove or approve.
  const viewer = await signedInPage(browser, 'viewer@demo.test');
  await viewer.goto('/wallets');
  await expect(viewer.getByTestId(`wallet-row-${address}`)).toContainText('Pending approval');
  await expect(viewer.getByRole('button', { name: 'Register wallet' })).toHaveCount(0);
  await expect(viewer.getByTestId(`wallet-row-${address}`).getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await viewer.goto('/wallets?view=approvals');
  await expect(viewer.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await viewer.context().close();

  // An administrator approves it from the approvals view.
  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/wallets?view=approvals');
  await expect(admin.getByRole('heading', { level: 1, name: 'Wallet Approvals' })).toBeVisible();
  const pendingRow = admin.getByTestId(`wallet-row-${address}`);
  await expect(pendingRow).toContainText('Verde Energia S.A.');
  await snap(admin, 'wallet-approvals');
  expect(await seriousViolations(admin)).toEqual([]);
  await pendingRow.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog', { name: 'Approve wallet' }).getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Wallet approved.')).toBeVisible();
  await expect(pendingRow).toHaveCount(0);
  await admin.getByRole('tab', { name: 'Active', exact: true }).click();
  const activeRow = admin.getByTestId(`wallet-row-${address}`);
  await expect(activeRow).toContainText('Active');
  await expect(activeRow.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await expect(activeRow.getByRole('button', { name: 'Revoke' })).toBeVisible();
  await admin.context().close();

  // The company admin now sees it approved, by whom, and what the chain says about it.
  await companyAdmin.reload();
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Arthur Mendes');
  await row.getByRole('button', { name: 'Details' }).click();
  const detail = companyAdmin.getByRole('dialog', { name: 'E2E treasury' });
  await expect(detail.getByTestId('wallet-detail-address')).toHaveText(address);
  await expect(detail.getByTestId('wallet-detail-sol')).toContainText('SOL');
  const mintsState = detail.getByTestId('wallet-detail-no-mints').or(detail.getByRole('heading', { name: 'Allowed mints' }));
  await expect(mintsState.first()).toBeVisible();
  const noMints = await detail.getByTestId('wallet-detail-no-mints').count();
  if (noMints === 0) await expect(detail.getByRole('table', { name: 'Token accounts' }).getByText('Thawed').first()).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Open in explorer' })).toHaveAttribute('href', /explorer\.solana\.com\/address\//);
  await snap(companyAdmin, 'wallet-detail');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // Verify on chain: prepare → the tool decodes it → sign with the local dev wallet → submit → confirmed.
  await detail.getByRole('button', { name: 'Verify on chain' }).click();
  await expect(companyAdmin).toHaveURL(/\/tools\/sign-base64\?transactionId=/);
  await expect(companyAdmin.getByRole('table', { name: 'Instructions' })).toContainText('Memo');
  await expect(companyAdmin.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(companyAdmin.getByTestId('submit-hint')).toHaveText('You must sign the transaction before submitting it.');
  // The local dev wallet connected before the reload is connected again without asking.
  await expect(companyAdmin.getByTestId('connected-address')).toHaveText(address);
  await snap(companyAdmin, 'sign-base64-unsigned');
  await companyAdmin.getByRole('button', { name: 'Sign with wallet' }).click();
  await expect(companyAdmin.getByText('Transaction signed. You can submit it now.')).toBeVisible();
  await companyAdmin.getByRole('button', { name: 'Submit' }).click();
  await expect(companyAdmin.getByTestId('submission-confirmed')).toContainText('Confirmed on chain');
  await expect(companyAdmin.getByRole('link', { name: /View in explorer/ })).toHaveAttribute('href', /explorer\.solana\.com\/tx\//);
  // The status chip fades from grey to green: axe must see it once the fade is over, not mid-way.
  await expect(companyAdmin.locator('.MuiChip-root', { hasText: /^Confirmed$/ })).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await snap(companyAdmin, 'sign-base64-confirmed');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  await companyAdmin.goto('/wallets');
  await companyAdmin.getByTestId(`wallet-row-${address}`).getByRole('button', { name: 'Details' }).click();
  await expect(companyAdmin.getByRole('dialog', { name: 'E2E treasury' }).getByText('Not verified yet')).toHaveCount(0);
  await companyAdmin.context().close();
});

test('platform-managed wallet: created, approved, set as primary, then removed after confirming', async ({ browser }) => {
  test.setTimeout(120_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  await companyAdmin.goto('/wallets?view=company');
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Company wallets' })).toBeVisible();
  await expect(companyAdmin.getByRole('heading', { name: 'Browser wallet' })).toHaveCount(0);
  await companyAdmin.getByRole('button', { name: 'Register wallet' }).click();
  const register = companyAdmin.getByRole('dialog', { name: 'Register a company wallet' });
  await register.getByLabel('Platform-managed wallet (the platform keeps the key encrypted)').check();
  await register.getByLabel('Wallet name (optional)').fill('E2E managed');
  await register.getByRole('button', { name: 'Create wallet' }).click();
  const row = companyAdmin.getByRole('row').filter({ hasText: 'E2E managed' });
  await expect(row).toContainText('Platform-managed');
  await expect(row).toContainText('Pending approval');
  // Only operational wallets can become primary.
  await expect(row.getByRole('button', { name: 'Set as primary' })).toBeDisabled();

  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/wallets?view=approvals');
  await admin.getByRole('row').filter({ hasText: 'E2E managed' }).getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog', { name: 'Approve wallet' }).getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Wallet approved.')).toBeVisible();
  await admin.context().close();

  await companyAdmin.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Set as primary' }).click();
  await companyAdmin.getByRole('dialog', { name: 'Set as primary wallet?' }).getByRole('button', { name: 'Set as primary' }).click();
  await expect(companyAdmin.getByText('Primary wallet set.')).toBeVisible();
  await expect(row).toContainText('Primary');
  await expect(companyAdmin.getByRole('row').filter({ hasText: 'E2E treasury' })).not.toContainText('Primary');
  await snap(companyAdmin, 'wallets-company-view');

  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = companyAdmin.getByRole('dialog', { name: 'Remove wallet?' });
  await expect(confirm).toContainText('E2E managed');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(companyAdmin.getByText('Wallet removed.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await companyAdmin.context().close();
});

test('/tools/sign-base64 without a prepared transaction explains what it needs', async ({ page }) => {
  await signIn(page, 'companyadmin@demo.test');
  await page.goto('/tools/sign-base64');
  await expect(page.getByText('This needs a transaction id from the prepare step.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByLabel('Transaction (base64)').fill('bm90IGEgdHJhbnNhY3Rpb24=');
  await expect(page.getByText('This is not a valid base64 Solana transaction.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign with wallet' })).toBeDisabled();
});
