import { expect, test } from '@playwright/test';
import { approvedLocalDevWallet, seriousViolations, signedInPage, snap } from './helpers';

const COLUMNS =
  'Issuance Date,Sustainable Development Goals,Vintage Start,Vintage End,ID,Name,Country/Area,Project Type,Methodology,Total Vintage Quantity,Quantity Issued,Serial Number,Additional Certifications,Retirement/Cancellation Date,Retirement Beneficiary,Retirement Reason,Retirement Details';

/**
 * Issue 16 "Done when": a Verra registry CSV export imported on /registry (a line to mint, a
 * retired line, a malformed line), imported again without change, and minted from through the
 * wizard. The project id is this run's own, so no other spec's serials or projects are touched.
 */
test('imports a Verra CSV export on /registry, reports each line, changes nothing the second time, and mints from the imported block', async ({ browser }) => {
  test.setTimeout(180_000);
  const projectId = String(800_000_000 + (Date.now() % 100_000_000));
  const projectName = `E2E Wind ${projectId}`;
  const available = `7${projectId.slice(-4)}-1-500-VCS-VCU-1-VER-BR-1-${projectId}-01012022-31122022-0`;
  const retired = `7${projectId.slice(-4)}-1001-1200-VCS-VCU-1-VER-BR-1-${projectId}-01012022-31122022-0`;
  const csv = [
    COLUMNS,
    `14/02/2023,"7: Affordable and clean energy; 13: Climate action",01/01/2022,31/12/2022,${projectId},${projectName},Brazil,Wind power,ACM0002,"1,200",500,${available},,,,,`,
    `14/02/2023,13: Climate action,01/01/2022,31/12/2022,${projectId},${projectName},Brazil,Wind power,ACM0002,"1,200",200,${retired},,20/05/2024,"Acme, Inc.",Voluntary offsetting,Retired for 2023`,
    `14/02/2023,,01/01/2022,31/12/2022,${projectId},${projectName},Brazil,Wind power,ACM0002,100,"1,234",not-a-serial,,,,,`,
  ].join('\r\n');
  const file = { name: `verra-${projectId}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  const address = await approvedLocalDevWallet(browser, companyAdmin, 'E2E registry wallet');

  await companyAdmin.goto('/registry');
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Registry Integration' })).toBeVisible();
  await expect(companyAdmin.getByRole('table', { name: 'Configured registries' })).toContainText('Verra sandbox');
  await expect(companyAdmin.getByRole('table', { name: 'Configured registries' })).toContainText('Connected');

  await companyAdmin.getByLabel('Verra registry CSV export').setInputFiles(file);
  await companyAdmin.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = companyAdmin.getByRole('status').filter({ hasText: 'lines:' });
  await expect(summary).toHaveText('3 lines: 1 imported (500 tCO2e), 1 recorded as retired, 0 already held, 1 refused; 1 projects created');
  const report = companyAdmin.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row').filter({ hasText: 'not-a-serial' })).toContainText('The serial number is not valid');
  await expect(report.getByRole('row').filter({ hasText: retired })).toContainText('Retired');
  await snap(companyAdmin, 'registry-imported');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // The same file again: nothing changes.
  await companyAdmin.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(summary).toHaveText('3 lines: 0 imported (0 tCO2e), 0 recorded as retired, 2 already held, 1 refused; 0 projects created');

  // Mint 10 tCO2e of the imported project through the wizard.
  await companyAdmin.goto(`/minting/advanced?projectId=${projectId}`);
  await expect(companyAdmin.getByRole('heading', { name: `Token for ${projectName}` })).toBeVisible();
  await expect(companyAdmin.getByTestId('quantity-hint')).toContainText('At most 500 tCO2e');
  await companyAdmin.getByLabel('Quantity (tCO2e)').fill('10');
  await companyAdmin.getByRole('combobox', { name: 'Wallet that receives the tokens' }).click();
  await companyAdmin.getByRole('option', { name: new RegExp(address.slice(0, 6)) }).click();
  await companyAdmin.getByRole('button', { name: 'Preview and fees' }).click();
  await expect(companyAdmin.getByTestId('check-quantityAvailable')).toHaveAttribute('data-ok', 'true');
  await companyAdmin.getByLabel('I have reviewed the preview and the fees').check();
  await expect(companyAdmin.getByTestId('connected-address')).toHaveText(address);
  await companyAdmin.getByRole('button', { name: 'Execute minting' }).click();
  await expect(companyAdmin.getByTestId('mint-succeeded')).toContainText('Tokens minted successfully.', { timeout: 60_000 });

  // The lookup shows the minted part of the imported block as tokenised, the rest available, the retired range retired.
  await companyAdmin.goto('/registry');
  await companyAdmin.getByLabel('Serial number').fill(available);
  await companyAdmin.getByRole('button', { name: 'Look up' }).click();
  await expect(companyAdmin.getByText('Tokenised · your company')).toBeVisible();
  await expect(companyAdmin.getByText('Available · your company')).toBeVisible();
  await companyAdmin.getByLabel('Serial number').fill(retired);
  await companyAdmin.getByRole('button', { name: 'Look up' }).click();
  await expect(companyAdmin.getByText('Retired · your company')).toBeVisible();
  await snap(companyAdmin, 'registry-lookup');
  await companyAdmin.context().close();
});
