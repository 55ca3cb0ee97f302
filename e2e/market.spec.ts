import { expect, test } from '@playwright/test';
import { seriousViolations, signedInPage } from './helpers';

test('the dashboard shows the market-intelligence widgets on the NZU series with the live-feed state; a suggestion opens the retirement form prefilled; the section can be hidden', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'companyadmin@demo.test');
  const section = page.getByTestId('market-section');
  await expect(section.getByRole('heading', { level: 2, name: 'Market intelligence' })).toBeVisible();
  await expect(section.getByTestId('market-live-feed')).toHaveText('Live feed: connected');

  const price = page.getByTestId('market-widget-price');
  await expect(price.getByTestId('market-latest-price')).toHaveText('54.00 NZD/t');
  // The default layout leaves the carbon price to this section: it is shown once.
  await expect(page.getByTestId('market-latest-price')).toHaveCount(1);
  await expect(price.getByTestId('market-series-note')).toContainText('NZ ETS compliance units');
  await expect(price.getByTestId('market-series-note')).toContainText('not a price of the voluntary carbon credits');
  await price.getByRole('button', { name: '5Y' }).click();
  await expect(price.getByRole('button', { name: '5Y' })).toHaveAttribute('aria-pressed', 'true');

  const predictions = page.getByTestId('market-widget-predictions');
  await expect(predictions.getByTestId('market-beats-naive')).toContainText('naive last-value forecast');
  await expect(predictions.getByRole('rowheader', { name: 'Naive (last value)' })).toBeVisible();
  await expect(predictions.getByText(/52 weekly origins, 12 weeks ahead/)).toBeVisible();

  const conditions = page.getByTestId('market-widget-conditions');
  await expect(conditions.getByText('Change points (dashed lines on the chart)')).toBeVisible();
  await expect(conditions.getByText(/^Trend (rising|falling|flat)/)).toBeVisible();
  await expect(conditions.getByText('Platform volume, last 30 days (tCO2e)')).toBeVisible();

  const risk = page.getByTestId('market-widget-risk');
  await expect(risk.getByText('Concentration by project type')).toBeVisible();
  await expect(risk.getByText('KYC/AML status')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const optimisation = page.getByTestId('market-widget-optimisation');
  await expect(optimisation.getByText(/^Rule: oldest vintage first/)).toBeVisible();
  const retire = optimisation.getByRole('link', { name: 'Retire' }).first();
  const href = await retire.getAttribute('href');
  const amount = new URL(href!, 'http://x').searchParams.get('amount')!;
  await retire.click();
  await expect(page).toHaveURL(/\/retirements\?holding=/);
  await expect(page.getByLabel('Amount (tCO2e)')).toHaveValue(amount);

  await page.goto('/dashboard');
  await page.getByTestId('market-section').getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('market-widget-price')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show market intelligence' })).toBeVisible();
  await expect(page.getByTestId('market-widget-price')).toHaveCount(0);
  await expect(page.getByTestId('market-live-feed')).toBeVisible();
  await page.context().close();
});
