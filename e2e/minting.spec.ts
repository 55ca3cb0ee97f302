import { expect, test, type Page } from '@playwright/test';
import { approvedLocalDevWallet, callApi, importFreeBlocks, onChainSupply, seriousViolations, signIn, snap, type ImportedVcu } from './helpers';

/**
 * Issue 6 "Done when": a company admin with an approved local dev wallet mints a project's
 * VCUs through the wizard and a batch of 50 VCU blocks through the batch flow, sees the
 * progress live, the portfolio, the on-chain supply and the database agree, and the same
 * serials are refused a second time.
 */

const BATCH_SIZE = 50;
const WIZARD_QUANTITY = 100n;

interface MintingJob {
  id: string;
  vcuCount: number;
  totalAmount: string;
  mintedAmount: string;
  status: string;
  progress: number;
  walletAddress: string;
}

/** The Advanced mint wizard, entered from /minting: mints `quantity` of the project's imported VCUs to the wallet; answers the mint. */
async function mintThroughWizard(page: Page, projectId: string, projectName: string, address: string, quantity: bigint): Promise<string> {
  await page.goto('/minting');
  await page.getByRole('link', { name: 'Advanced mint wizard' }).click();
  await expect(page).toHaveURL(/\/minting\/advanced$/);
  await page.getByLabel('Search projects by name, registry id or location').fill(projectId);
  await page.getByRole('radio', { name: projectName }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Quantity (tCO2e)').fill(quantity.toString());
  await page.getByRole('combobox', { name: 'Wallet that receives the tokens' }).click();
  await page.getByRole('option', { name: new RegExp(address.slice(0, 6)) }).click();
  await page.getByRole('button', { name: 'Preview and fees' }).click();
  await expect(page.getByTestId('preview-quantity')).toHaveText(quantity.toLocaleString('en-US'));
  await page.getByLabel('I have reviewed the preview and the fees').check();
  await expect(page.getByTestId('connected-address')).toHaveText(address);
  await page.getByRole('button', { name: 'Execute minting' }).click();
  const succeeded = page.getByTestId('mint-succeeded');
  await expect(succeeded).toContainText('Tokens minted successfully.', { timeout: 60_000 });
  const mint = /Token address: ([1-9A-HJ-NP-Za-km-z]{32,44})/.exec((await succeeded.textContent()) ?? '')?.[1];
  expect(mint).toBeTruthy();
  return mint!;
}

test('wizard mint and a batch of 50 VCUs, live, to an approved local dev wallet; portfolio, chain and database agree; the same serials are refused again', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const companyAdmin = await (await browser.newContext()).newPage();
  // Every minting_job_update frame the page's socket receives: the progress shown must come from them.
  const liveUpdates: string[] = [];
  companyAdmin.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"minting_job_update"')) liveUpdates.push(frame.payload);
    });
  });
  await signIn(companyAdmin, 'companyadmin@demo.test');
  const address = await approvedLocalDevWallet(browser, companyAdmin, 'E2E minting');

  // The wizard first, on one imported block, so that it cannot take units of the batch's blocks.
  const [wizardBlock] = await importFreeBlocks(companyAdmin, 1);
  const wizardMint = await mintThroughWizard(companyAdmin, wizardBlock!.projectId, wizardBlock!.projectName, address, WIZARD_QUANTITY);
  await snap(companyAdmin, 'minting-wizard-done');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // docs/product.md §5 Compliance limits: a batch is tokenisation, checked against the demo company's daily
  // limit (100,000 tCO2e) when it is submitted; 50 blocks of at most 2,000 units (about 65,000 tCO2e in the
  // sandbox) leave room for the mints of the specs after this one.
  const batch = await importFreeBlocks(companyAdmin, BATCH_SIZE, { maxUnits: 2_000 });
  const batchTotal = batch.reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n);

  // Step 1: pick exactly the 50 imported blocks.
  await companyAdmin.goto('/minting');
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Minting' })).toBeVisible();
  await expect(companyAdmin.getByRole('link', { name: 'Advanced mint wizard' })).toHaveAttribute('href', '/minting/advanced');
  const table = companyAdmin.getByRole('table', { name: 'Available VCU blocks' });
  await expect(table.getByRole('checkbox', { name: `Select VCU ${batch[0]!.serialNumber}` })).toBeVisible();
  for (const vcu of batch) await table.getByRole('checkbox', { name: `Select VCU ${vcu.serialNumber}` }).check();
  await expect(companyAdmin.getByTestId('selection-summary')).toHaveText(`50 VCUs selected · ${batchTotal.toLocaleString('en-US')} tCO2e`);
  await snap(companyAdmin, 'minting-batch-select');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // Step 2: review, with the approved local dev wallet as the target.
  await companyAdmin.getByRole('button', { name: 'Review batch' }).click();
  await companyAdmin.getByRole('combobox', { name: 'Target wallet' }).click();
  await companyAdmin.getByRole('option', { name: new RegExp(address.slice(0, 8)) }).click();
  const breakdown = companyAdmin.getByRole('table', { name: 'Batch per project and vintage' });
  await expect(breakdown.getByRole('row')).not.toHaveCount(1);
  await snap(companyAdmin, 'minting-batch-review');
  expect(await seriousViolations(companyAdmin)).toEqual([]);
  await companyAdmin.getByRole('button', { name: 'Continue' }).click();

  // Step 3: execute; 202 and a job whose progress arrives over the socket.
  const bell = companyAdmin.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
  const created = companyAdmin.waitForResponse((response) => response.url().endsWith('/api/v1/minting/batches') && response.request().method() === 'POST');
  await companyAdmin.getByRole('button', { name: 'Execute minting' }).click();
  const response = await created;
  expect(response.status()).toBe(202);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const job = ((await response.json()) as { data: MintingJob }).data;
  expect(job).toMatchObject({ vcuCount: BATCH_SIZE, totalAmount: batchTotal.toString(), walletAddress: address });
  await expect(companyAdmin.getByText('Batch minting started.').or(companyAdmin.getByText(/^Batch minted:/))).toBeVisible();
  const row = companyAdmin.getByTestId(`job-row-${job.id}`);
  await expect(row).toContainText('50');
  await expect(row.getByTestId(`job-progress-${job.id}`)).toHaveText('100%', { timeout: 120_000 });
  await expect(row).toContainText('Completed');
  await expect(companyAdmin.getByText(`Batch minted: ${batchTotal.toLocaleString('en-US')} tCO2e are now tokens in the wallet.`)).toBeVisible();
  expect(liveUpdates.length).toBeGreaterThan(0);
  // The completion notification reaches the bell over the same socket, long before its fallback poll.
  await expect(companyAdmin.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` })).toBeVisible();
  await snap(companyAdmin, 'minting-batch-completed');
  expect(await seriousViolations(companyAdmin)).toEqual([]);
  expect(liveUpdates.some((frame) => frame.includes(job.id) && frame.includes('"progress":100'))).toBe(true);

  // Database: the 50 blocks are tokenised, each with its project mint.
  const tokenised = (await callApi<ImportedVcu[]>(companyAdmin, 'GET', '/vcus?status=tokenised&limit=2000')).body.data;
  const mine = tokenised.filter((vcu) => batch.some((block) => block.id === vcu.id));
  expect(mine).toHaveLength(BATCH_SIZE);
  const batchMints = new Map<string, bigint>();
  for (const vcu of mine) batchMints.set(vcu.mintAddress!, (batchMints.get(vcu.mintAddress!) ?? 0n) + BigInt(vcu.amount));
  // The wizard's units: the lowest serials of its block, tokenised into the project's mint; the rest stays available.
  const wizardTokenised = tokenised.filter((vcu) => vcu.id === wizardBlock!.id);
  expect(wizardTokenised.map((vcu) => [vcu.mintAddress, BigInt(vcu.amount)])).toEqual([[wizardMint, WIZARD_QUANTITY]]);
  const expectedHeld = new Map(batchMints);
  expectedHeld.set(wizardMint, (expectedHeld.get(wizardMint) ?? 0n) + WIZARD_QUANTITY);

  // Chain: each mint's supply equals every tokenised unit the database holds for it.
  for (const mint of expectedHeld.keys()) {
    const inDatabase = tokenised.filter((vcu) => vcu.mintAddress === mint).reduce((sum, vcu) => sum + BigInt(vcu.amount), 0n);
    expect(await onChainSupply(companyAdmin, mint), `supply of ${mint}`).toBe(inDatabase);
  }

  // Portfolio (read from the chain): the wallet holds exactly the wizard's mint and the batch, per mint.
  const portfolio = (await callApi<{ holdings: { mint: string; walletAddress: string; heldAmount: string }[] }>(companyAdmin, 'GET', '/portfolio')).body.data;
  const held = new Map(portfolio.holdings.filter((holding) => holding.walletAddress === address).map((holding) => [holding.mint, BigInt(holding.heldAmount)]));
  expect(held).toEqual(expectedHeld);
  await companyAdmin.goto('/portfolio');
  for (const [mint, amount] of expectedHeld) {
    const holding = companyAdmin.getByTestId(`holding-${mint}`).filter({ has: companyAdmin.locator(`code[title="${address}"]`) });
    await expect(holding).toContainText(amount.toLocaleString('en-US'));
  }

  // The same serials again: a new batch of the same blocks and a new import of one of them are refused.
  const wallets = (await callApi<{ id: string; address: string }[]>(companyAdmin, 'GET', '/wallets')).body.data;
  const walletId = wallets.find((wallet) => wallet.address === address)!.id;
  const refused = await callApi<MintingJob>(
    companyAdmin,
    'POST',
    '/minting/batches',
    { vcuBlockIds: batch.map((vcu) => vcu.id), walletId },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(`${BATCH_SIZE} of the selected VCUs are not available for minting any more. Please reload the list.`);
  const reimport = await callApi<ImportedVcu>(companyAdmin, 'POST', '/vcus/import', { serialNumber: batch[0]!.serialNumber });
  expect(reimport.status).toBe(409);
  expect(reimport.body.message).toBe('This serial range overlaps VCUs that are already imported or tokenised; a serial range can never be tokenised twice.');
  await companyAdmin.context().close();
});
