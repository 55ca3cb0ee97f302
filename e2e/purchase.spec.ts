import { expect, test } from '@playwright/test';
import { approvedLocalDevWallet, callApi, seriousViolations, signedInPage } from './helpers';

const PROJECT = 'Kenya Clean Cookstoves Programme';

interface Order {
  id: string;
  status: string;
  quantity: string;
  mintAddress: string | null;
  walletAddress: string | null;
  serialNumbers: string[];
}

/**
 * Issue 23 Done-when: a company buys credits from a project card — quote → order (credits
 * reserved, invoice issued) → payment through the /invoices payment dialog → the tokens minted
 * into its approved wallet, shown in the order list (delivered, with the serials) and the
 * portfolio. Its own new wallet and a project no other spec touches keep the other specs apart.
 */
test('buy credits from a project card: quote, invoice, payment, tokens in the portfolio', async ({ browser }) => {
  // Two users, a wallet approval, a payment and a delivery by the purchase sweep.
  test.slow();
  const buyer = await signedInPage(browser, 'companyadmin@demo.test');
  const address = await approvedLocalDevWallet(browser, buyer, 'Purchases');

  await buyer.goto('/carbon-projects');
  await buyer.getByRole('searchbox', { name: 'Search projects' }).fill('Cookstoves');
  const card = buyer.getByRole('article', { name: PROJECT });
  await card.getByRole('button', { name: `Buy credits of ${PROJECT}` }).click();
  const dialog = buyer.getByRole('dialog', { name: `Buy credits — ${PROJECT}` });
  await dialog.getByRole('combobox', { name: 'Vintage' }).click();
  await buyer
    .getByRole('option', { name: /tCO2e available/ })
    .and(buyer.locator(':not([aria-disabled="true"])'))
    .first()
    .click();
  await dialog.getByRole('textbox', { name: 'Quantity (tCO2e)' }).fill('3');
  await dialog.getByRole('button', { name: 'Get quote' }).click();
  const quote = dialog.getByRole('region', { name: 'Quote' });
  await expect(quote).toContainText('Settlement fee (1%)');
  await expect(quote).toContainText(/This quote is valid until/);
  expect(await seriousViolations(buyer)).toEqual([]);
  await dialog.getByRole('combobox', { name: 'Wallet receiving the tokens' }).click();
  await buyer.getByRole('option', { name: new RegExp(address) }).click();
  await dialog.getByRole('button', { name: 'Confirm order' }).click();
  const placed = dialog.getByText(/Order placed\. Invoice INV-\d{6}/);
  await expect(placed).toBeVisible();
  const number = /INV-\d{6}/.exec((await placed.textContent()) ?? '')![0];
  await dialog.getByRole('button', { name: 'Close' }).click();
  const orders = buyer.getByRole('region', { name: 'Credit purchase orders' });
  const row = orders.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Invoiced');

  // The platform administrator records the payment in the /invoices payment dialog.
  const admin = await signedInPage(browser, 'admin@demo.test');
  await admin.goto('/invoices');
  const invoiceRow = admin.getByRole('row').filter({ hasText: number });
  await expect(invoiceRow).toContainText('Pending');
  await invoiceRow.getByRole('button', { name: `Actions for invoice ${number}` }).click();
  await admin.getByRole('menuitem', { name: 'Record payment' }).click();
  const payment = admin.getByRole('dialog', { name: `Payment for invoice ${number}` });
  await payment.getByRole('combobox', { name: /Payment method/ }).click();
  await admin.getByRole('option', { name: 'Bank transfer' }).click();
  await payment.getByRole('button', { name: 'Next' }).click();
  await payment.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(payment.getByText(/The invoice is paid\./)).toBeVisible();
  await payment.getByRole('button', { name: 'Done' }).click();
  await admin.context().close();

  // The buyer's list follows live: delivered once the sweep minted the tokens.
  await expect(row).toContainText('Delivered', { timeout: 90_000 });
  const mine = (await callApi<{ orders: Order[] }>(buyer, 'GET', '/purchases/orders')).body.data.orders;
  const delivered = mine.find((order) => order.status === 'delivered' && order.walletAddress === address)!;
  expect(delivered.serialNumbers.length).toBeGreaterThan(0);
  await expect(row).toContainText(delivered.serialNumbers[0]!);

  await buyer.goto('/portfolio');
  const holding = buyer.getByTestId(`holding-${delivered.mintAddress}`).filter({ has: buyer.locator(`code[title="${address}"]`) });
  await expect(holding).toContainText('3');
  await buyer.context().close();
});
