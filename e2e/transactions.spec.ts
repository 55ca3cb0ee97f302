import { expect, test, type Page } from '@playwright/test';
import { approvedLocalDevWallet, callApi, importFreeBlocks, seriousViolations, signIn, snap } from './helpers';

/**
 * Issue 7 point 5: a company admin with an approved local dev wallet has a mint, and finds it
 * in /transactions (and through /history) with the details dialog's fields. The screen is
 * already open when the mint happens: the realtime feed (docs/product.md §7 transaction_update) brings
 * the row in without a reload.
 */

interface MintOperation {
  id: string;
  status: string;
  signature: string | null;
  symbol: string;
}

/** Resolves once the page's socket received transactions_initial, i.e. the server holds its subscription. */
function transactionsFeedJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"transactions_initial"') && resolve()));
  });
}

test('a mint into an approved local dev wallet appears live in an open /transactions with hash, fee in SOL, from, to, description and explorer link', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, 'companyadmin@demo.test');
  const address = await approvedLocalDevWallet(browser, page, 'E2E transactions');
  const wallets = await callApi<{ id: string; address: string }[]>(page, 'GET', '/wallets');
  const walletId = wallets.body.data.find((wallet) => wallet.address === address)!.id;

  // /history leads to the same screen, which stays open (and subscribed) while the mint happens.
  const joined = transactionsFeedJoined(page);
  await page.goto('/history');
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await joined;
  // A mark on this document: a reload would wipe it.
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

  // The mint, executed through the API with the page's session as the wizard does.
  const [vcu] = await importFreeBlocks(page, 1);
  const preview = await callApi<{ previewId: string; valid: boolean }>(page, 'POST', '/minting/preview', {
    projectId: vcu!.projectId,
    vintage: Number(vcu!.vintageStart.slice(0, 4)),
    quantity: '10',
    tokenName: 'E2E Transactions',
    symbol: 'E2ETX',
    walletId,
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const executed = await callApi<{ operation: MintOperation }>(
    page,
    'POST',
    '/minting/execute',
    { previewId: preview.body.data.previewId },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(executed.status, JSON.stringify(executed.body)).toBe(200);
  const operation = executed.body.data.operation;
  expect(operation.status).toBe('completed');
  const signature = operation.signature!;

  // The row arrives over the socket: no reload, no navigation.
  const row = page.getByTestId(`transaction-row-mint-${operation.id}`);
  await expect(row).toContainText('Mint');
  await expect(row).toContainText('Completed');
  // A project mint another spec created keeps its own symbol; the operation names the one used.
  await expect(row).toContainText(operation.symbol);
  await expect(row).toContainText('10 tCO2e');
  await expect(row).toContainText(signature.slice(0, 6));
  expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true);
  await snap(page, 'transactions-list');
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: 'Copy hash' }).click();
  await expect(page.getByText('Hash copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(signature);

  await row.getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog.getByTestId('transaction-hash')).toHaveText(signature);
  await expect(dialog.getByTestId('transaction-fee')).toHaveText(/^0\.\d+ SOL$/);
  await expect(dialog.getByTestId('transaction-to')).toHaveText(address);
  await expect(dialog.getByTestId('transaction-from')).not.toHaveText('—');
  await expect(dialog.getByTestId('transaction-description')).toContainText(`Minted 10 ${operation.symbol}`);
  await expect(dialog.getByRole('link', { name: 'View in explorer' })).toHaveAttribute('href', new RegExp(`explorer\\.solana\\.com/tx/${signature}`));
  await expect(dialog.getByRole('button', { name: 'Download certificate' })).toHaveCount(0);
  await snap(page, 'transactions-details');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Filters and search ask the server again.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Burn' }).click();
  await expect(row).toBeHidden();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Mint' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(signature.slice(0, 16));
  await expect(row).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('no-such-transaction');
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await context.close();
});
