import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { approvedLocalDevWallet, callApi, seriousViolations, signedInPage, snap } from './helpers';

const PROJECT = '3107';
/** A real 1×1 PNG, the one the file store's API test uploads too. */
const LOGO = readFileSync(new URL('./fixtures/logo.png', import.meta.url));

/**
 * Imports one block of the project that no one holds yet, as the registry screens would, and
 * tells whether the project's 2023 token already exists (an earlier spec or attempt minted it).
 */
async function importOneBlock(page: Page): Promise<{ tokenExists: boolean }> {
  const vcus = await callApi<{ serialNumber: string; status: string; vintage: string; mintAddress: string | null }[]>(page, 'GET', `/projects/${PROJECT}/vcus`);
  const free = vcus.body.data.find((vcu) => vcu.status === 'not_imported' && vcu.vintage === '2023');
  expect(free, 'a free 2023 block of the project').toBeTruthy();
  const imported = await callApi(page, 'POST', '/vcus/import', { serialNumber: free!.serialNumber });
  expect(imported.status).toBe(201);
  return { tokenExists: vcus.body.data.some((vcu) => vcu.vintage === '2023' && vcu.mintAddress !== null) };
}

/** The cap the wizard shows under the quantity, as a number. */
async function shownCap(page: Page): Promise<number> {
  const hint = page.getByTestId('quantity-hint');
  await expect(hint).toContainText('At most');
  return Number(/At most ([\d,]+) tCO2e/.exec((await hint.textContent()) ?? '')![1]!.replaceAll(',', ''));
}

test('advanced mint wizard: logo uploaded to the file store, fees from the chain, executed with the connected wallet; more than available is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  await approvedLocalDevWallet(browser, companyAdmin, 'E2E mint wallet');
  const { tokenExists } = await importOneBlock(companyAdmin);

  // Opened from a project (?projectId=): straight to the token step, with the cap of the vintage.
  await companyAdmin.goto(`/minting/advanced?projectId=${PROJECT}`);
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Advanced Minting' })).toBeVisible();
  await expect(companyAdmin.getByRole('heading', { name: 'Token for Texas Panhandle Wind Energy' })).toBeVisible();
  const cap = await shownCap(companyAdmin);
  expect(cap).toBeGreaterThan(100);
  await expect(companyAdmin.getByLabel('Token name')).toHaveValue('Texas Panhandle Wind Energy 2023');
  await expect(companyAdmin.getByLabel('Symbol')).toHaveValue('TPWE23');
  await expect(companyAdmin.getByLabel('Mint authority')).toHaveValue('Platform issuer key');
  await expect(companyAdmin.getByLabel('Method')).toHaveValue('Non-custodial');
  await companyAdmin.getByLabel('Quantity (tCO2e)').fill('100');
  await companyAdmin.getByLabel('Description (optional)').fill('E2E wind credits');

  // The logo goes to the content-addressed store; its public URL becomes the token's logo URL.
  await companyAdmin.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(companyAdmin.getByLabel('Logo URL (optional)')).toHaveValue(/\/api\/v1\/files\/bafkrei[a-z2-7]{52}$/);
  await expect(companyAdmin.getByRole('img', { name: 'Token logo' })).toBeVisible();
  const logoUrl = await companyAdmin.getByLabel('Logo URL (optional)').inputValue();
  const logo = await companyAdmin.request.get(logoUrl);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await logo.body()).equals(LOGO)).toBe(true);
  await snap(companyAdmin, 'mint-wizard-token');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // Preview: every check passes, fees read from the chain, Execute waits for the review.
  await companyAdmin.getByRole('button', { name: 'Preview and fees' }).click();
  await expect(companyAdmin.getByText('Validation succeeded. Review the fees and execute the minting.')).toBeVisible();
  for (const check of ['projectExists', 'quantityAvailable', 'token', 'walletApproved', 'balance'])
    await expect(companyAdmin.getByTestId(`check-${check}`)).toHaveAttribute('data-ok', 'true');
  await expect(companyAdmin.getByTestId('check-token')).toContainText(tokenExists ? 'The TPWE23 token already exists' : 'A new TPWE23 token will be created');
  for (const fee of ['fee-token-creation', 'fee-transaction', 'fee-ata', 'fee-total'])
    await expect(companyAdmin.getByTestId(fee)).toContainText(/^[\d.,]+ SOL$/);
  await expect(companyAdmin.getByTestId('preview-logo')).toHaveText(logoUrl);
  await expect(companyAdmin.getByTestId('preview-mint-authority')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  const execute = companyAdmin.getByRole('button', { name: 'Execute minting' });
  await expect(execute).toBeDisabled();
  await expect(companyAdmin.getByTestId('execute-blocker')).toHaveText('Cannot execute minting. Please connect your wallet and review the preview.');
  // The local dev wallet connected on /wallets is connected again here without asking.
  await expect(companyAdmin.getByTestId('connected-address')).toBeVisible();
  await snap(companyAdmin, 'mint-wizard-preview');
  expect(await seriousViolations(companyAdmin)).toEqual([]);
  await companyAdmin.getByLabel('I have reviewed the preview and the fees').check();
  await expect(execute).toBeEnabled();
  await execute.click();

  const minted = companyAdmin.getByTestId('mint-succeeded');
  await expect(minted).toContainText('Tokens minted successfully.', { timeout: 30_000 });
  await expect(minted).toContainText('100 TPWE23 minted to');
  await expect(companyAdmin.getByRole('link', { name: /View in explorer/ })).toHaveAttribute('href', /explorer\.solana\.com\/tx\//);
  await expect(companyAdmin.getByRole('link', { name: 'Go to portfolio' })).toHaveAttribute('href', '/portfolio');
  await snap(companyAdmin, 'mint-wizard-minted');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // Again for the same project: the cap went down by what was minted, and one more is refused.
  await companyAdmin.getByRole('button', { name: 'Mint more' }).click();
  await companyAdmin.getByRole('radio', { name: /Texas Panhandle Wind Energy/ }).check();
  await companyAdmin.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => shownCap(companyAdmin)).toBe(cap - 100);
  const remaining = cap - 100;
  await companyAdmin.getByLabel('Quantity (tCO2e)').fill(String(remaining + 1));
  await companyAdmin.getByRole('button', { name: 'Preview and fees' }).click();
  await expect(companyAdmin.getByTestId('quantity-hint')).toContainText('The requested quantity exceeds the credits available for this project.');
  // (A notification toast about the first mint may be on screen too.)
  await expect(companyAdmin.getByRole('alert').filter({ hasText: 'Validation failed. Please review the token configuration.' })).toBeVisible();
  await expect(companyAdmin.getByRole('button', { name: 'Execute minting' })).toHaveCount(0);
  await snap(companyAdmin, 'mint-wizard-refused');
  await companyAdmin.context().close();
});
