import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signedInPage } from './helpers';

const projectCards = (page: Page) => page.getByRole('article');

test('carbon projects: seeded projects, search, type filter, detail and the mint action; portfolio; a viewer sees no mint action', async ({ browser }) => {
  // Two users, three axe passes and a reload: about a minute on a busy machine, past the default limit.
  test.slow();
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  await companyAdmin.goto('/carbon-projects');
  await expect(companyAdmin.getByRole('heading', { level: 1, name: 'Carbon Projects' })).toBeVisible();
  // The sandbox registry seeds 11 projects of six types.
  await expect(projectCards(companyAdmin)).toHaveCount(11);
  const stats = companyAdmin.getByRole('region', { name: 'Project statistics' });
  await expect(stats).toContainText('11');
  const filter = companyAdmin.getByRole('group', { name: 'Project type' });
  await expect(filter.getByRole('button')).toHaveText(['All', 'Renewable', 'Wind', 'Forestry', 'Cookstoves', 'Blue Carbon', 'Methane Capture']);
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // Search narrows on the server (name, id or location).
  await companyAdmin.getByRole('searchbox', { name: 'Search projects' }).fill('Kenya');
  await expect(projectCards(companyAdmin)).toHaveCount(2);
  await expect(companyAdmin.getByRole('article', { name: 'Marsabit Wind Farm' })).toBeVisible();
  await expect(companyAdmin.getByRole('article', { name: 'Kenya Clean Cookstoves Programme' })).toBeVisible();

  // The type filter combines with the search, then alone.
  await filter.getByRole('button', { name: 'Wind' }).click();
  await expect(projectCards(companyAdmin)).toHaveCount(1);
  await expect(projectCards(companyAdmin).getByRole('heading')).toHaveText('Marsabit Wind Farm');
  await companyAdmin.getByRole('searchbox', { name: 'Search projects' }).fill('');
  await expect(projectCards(companyAdmin)).toHaveCount(3);
  await expect(projectCards(companyAdmin).getByText('Wind', { exact: true })).toHaveCount(3);

  // The detail opens on its own link and lists the registry's VCU blocks.
  const texas = companyAdmin.getByRole('article', { name: 'Texas Panhandle Wind Energy' });
  await texas.getByRole('button', { name: 'View details of Texas Panhandle Wind Energy' }).click();
  await expect(companyAdmin).toHaveURL(/\/carbon-projects\?project=3107$/);
  const dialog = companyAdmin.getByRole('dialog', { name: 'Texas Panhandle Wind Energy' });
  await expect(dialog.getByRole('table', { name: 'VCU blocks' }).getByRole('row').nth(1)).toBeVisible();
  await expect(dialog.getByText('Free to import').first()).toBeVisible();
  expect(await seriousViolations(companyAdmin)).toEqual([]);
  await companyAdmin.reload();
  await expect(companyAdmin.getByRole('dialog', { name: 'Texas Panhandle Wind Energy' })).toBeVisible();
  await companyAdmin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(companyAdmin).toHaveURL(/\/carbon-projects$/);

  // Mint tokens leads to the advanced wizard on that project.
  await texas.getByRole('link', { name: 'Mint tokens for Texas Panhandle Wind Energy' }).click();
  await expect(companyAdmin).toHaveURL(/\/minting\/advanced\?projectId=3107$/);

  await companyAdmin.context().close();

  // The platform company holds no tokens (other specs mint to the customer company): its
  // portfolio says so and points to the projects.
  const administrator = await signedInPage(browser, 'admin@demo.test');
  await administrator.goto('/portfolio');
  await expect(administrator.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(administrator.getByTestId('portfolio-read-at')).toBeVisible();
  await expect(administrator.getByText(/hold no carbon tokens yet/)).toBeVisible();
  expect(await seriousViolations(administrator)).toEqual([]);
  await administrator.getByRole('link', { name: 'Browse carbon projects' }).click();
  await expect(administrator).toHaveURL(/\/carbon-projects$/);
  await administrator.context().close();

  const viewer = await signedInPage(browser, 'viewer@demo.test');
  await viewer.goto('/carbon-projects');
  await expect(projectCards(viewer)).toHaveCount(11);
  await expect(viewer.getByRole('button', { name: /^View details of/ })).toHaveCount(11);
  await expect(viewer.getByRole('link', { name: /Mint tokens/ })).toHaveCount(0);
  await viewer.goto('/carbon-projects?project=3107');
  await expect(viewer.getByRole('dialog', { name: 'Texas Panhandle Wind Energy' })).toBeVisible();
  await expect(viewer.getByRole('dialog').getByRole('link', { name: /Mint tokens/ })).toHaveCount(0);
  await viewer.context().close();
});

test('VCU import: a block from its row and a sub-range by serial become Imported and are listed for batch minting; bad serials and a range already held are refused', async ({
  browser,
}) => {
  const companyAdmin = await signedInPage(browser, 'companyadmin@demo.test');
  await companyAdmin.goto('/carbon-projects?project=3107');
  const detail = companyAdmin.getByRole('dialog', { name: 'Texas Panhandle Wind Energy' });
  const blocks = detail.getByRole('table', { name: 'VCU blocks' });
  const rowOf = (serial: string) => blocks.getByRole('row').filter({ has: companyAdmin.getByRole('cell', { name: serial, exact: true }) });
  const freeRows = blocks.getByRole('row').filter({ hasText: 'Free to import' });
  await expect(freeRows.nth(1)).toBeVisible();
  const serialOf = async (row: typeof freeRows) => ((await row.getByRole('cell').first().textContent()) ?? '').trim();
  const wholeBlock = await serialOf(freeRows.nth(0));
  const otherBlock = await serialOf(freeRows.nth(1));
  // The first ten units of the other block: the same fields, blockStart..blockStart+9.
  const fields = otherBlock.split('-');
  fields[2] = String(BigInt(fields[1]!) + 9n);
  const subRange = fields.join('-');

  // Import action on the row: the server's message as a toast, the row turns Imported.
  await rowOf(wholeBlock)
    .getByRole('button', { name: `Import VCU block ${wholeBlock}` })
    .click();
  await companyAdmin.getByRole('dialog', { name: 'Import and lock this VCU block?' }).getByRole('button', { name: 'Import and lock' }).click();
  await expect(companyAdmin.getByText('VCU block imported and locked in the registry')).toBeVisible();
  await expect(rowOf(wholeBlock).getByText('Imported')).toBeVisible();
  await expect(rowOf(wholeBlock).getByRole('button')).toHaveCount(0);
  await expect(detail.getByRole('link', { name: 'Mint these VCUs' })).toHaveAttribute('href', '/minting');
  await expect(detail.getByRole('link', { name: 'Open the mint wizard' })).toHaveAttribute('href', '/minting/advanced?projectId=3107');

  // The sub-range by serial in the dialog; a malformed serial is refused on the spot first.
  await detail.getByRole('button', { name: 'Import VCU block', exact: true }).click();
  const importDialog = companyAdmin.getByRole('dialog', { name: 'Import VCU block' });
  const serialField = importDialog.getByRole('textbox', { name: 'Verra serial number' });
  await serialField.fill(subRange.replace('-VCS-', '-VSC-'));
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByText('Standard must be "VCS", found "VSC"')).toBeVisible();
  await expect(serialField).toHaveAttribute('aria-invalid', 'true');
  await serialField.fill(subRange);
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  const notice = importDialog.getByRole('status');
  await expect(notice).toContainText('10 tCO2e imported');
  await expect(notice).toContainText(subRange);
  await expect(notice.getByRole('link', { name: 'Open the mint wizard' })).toHaveAttribute('href', '/minting/advanced?projectId=3107');
  expect(await seriousViolations(companyAdmin)).toEqual([]);

  // The same range again: the platform refuses it, plainly.
  await serialField.fill(subRange);
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByRole('alert')).toHaveText(
    'This serial range overlaps VCUs that are already imported or tokenised; a serial range can never be tokenised twice.',
  );
  await importDialog.getByRole('button', { name: 'Close' }).click();

  // The registry split the block: the ten units are Imported, the rest still free under its own serial.
  await expect(rowOf(subRange).getByText('Imported')).toBeVisible();
  fields[1] = String(BigInt(fields[1]!) + 10n);
  fields[2] = otherBlock.split('-')[2]!;
  await expect(rowOf(fields.join('-')).getByText('Free to import')).toBeVisible();
  await expect(rowOf(wholeBlock).getByText('Imported')).toBeVisible();

  // Batch minting lists both in its Select VCUs step.
  await detail.getByRole('link', { name: 'Mint these VCUs' }).click();
  await expect(companyAdmin).toHaveURL(/\/minting$/);
  const available = companyAdmin.getByRole('table', { name: 'Available VCU blocks' });
  await expect(available.getByRole('checkbox', { name: `Select VCU ${wholeBlock}` })).toBeVisible();
  await expect(available.getByRole('checkbox', { name: `Select VCU ${subRange}` })).toBeVisible();
  await companyAdmin.context().close();
});
